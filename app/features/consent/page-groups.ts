/**
 * Where third-party tags may run, by the kind of page (docs/decisions/0034).
 * Decided from the path alone, so the browser's lazily loaded third-party code
 * and the set-up page's live check decide alike. Anything the rules do not
 * name — a treatment or condition page at /{slug}, an insurance provider's
 * page, a topic page, anything new — falls in "conditions", which never sends
 * anything to a third party: the safe default is the unknown one.
 */
export const PAGE_GROUPS = [
  "home",
  "services",
  "conditions",
  "insurance",
  "team",
  "blog",
  "request",
  "thank-you",
] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];

/** The group no setting can open: pages about a condition or treatment. */
export const LOCKED_GROUP = "conditions" satisfies PageGroup;

/** What a new installation allows: everything but blog posts (which may be about a condition) and the locked group. */
export const DEFAULT_PAGE_GROUPS: readonly PageGroup[] = [
  "home",
  "services",
  "insurance",
  "team",
  "request",
  "thank-you",
];

const EXACT: Record<string, PageGroup> = {
  "/": "home",
  "/services": "services",
  "/pricing": "services",
  "/new-patients": "services",
  "/virtual-visit": "services",
  "/locations": "services",
  "/insurance": "insurance",
  "/team": "team",
  "/blog": "blog",
  "/request-appointment": "request",
  "/get-started": "request",
  "/thank-you": "thank-you",
};
const SLUG = /^[a-z0-9-]+$/;
const UNDER: [string, PageGroup][] = [
  ["/locations/", "services"],
  ["/team/", "team"],
  ["/blog/", "blog"],
];

export function pageGroupOf(pathname: string): PageGroup {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, group] of UNDER) {
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : "";
    // /blog/page/2 and /blog/{slug}; one or two plain segments, nothing else.
    if (rest && rest.split("/").length <= 2 && rest.split("/").every((part) => SLUG.test(part))) return group;
  }
  return LOCKED_GROUP;
}

/** Whether any third-party tag may run on this path under these settings. */
export function tagsMayRun(groups: readonly string[], pathname: string): boolean {
  const group = pageGroupOf(pathname);
  return group !== LOCKED_GROUP && groups.includes(group);
}
