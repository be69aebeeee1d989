/**
 * Which addresses the site audit reads, and what one address is. Plain code
 * (no server import): the inventory's filters name the kinds of page too.
 */

/**
 * The public pages of the route table (app/routes.ts) whose address has no
 * parameter: the crawl starts from them as well as from the sitemap, so a page
 * left out of the sitemap is still found. `/newsletter/unsubscribe` is left out
 * on purpose: it needs the token of an e-mail's link and answers 400 without
 * one. tests/architecture/site-audit-seeds.test.ts holds this list to the route
 * table, so a new page cannot be forgotten.
 */
export const ROUTE_TABLE_PAGES = [
  "/",
  "/thank-you",
  "/newsletter",
  "/request-appointment",
  "/get-started",
  "/blog",
] as const;

/** Route-table pages the audit does not read by themselves, each with its reason. */
export const ROUTE_TABLE_PAGES_LEFT_OUT: Record<string, string> = {
  "/newsletter/unsubscribe": "needs the token of an e-mail's link",
};

/** Addresses (and everything below them) that are not public pages: staff area, sign-in, the JSON API. */
const SKIPPED_SECTIONS = ["/admin", "/auth", "/api"];
/** Folders of files: built assets and images (a page called /images would still be one). */
const FILE_FOLDERS = ["/assets/", "/images/"];
/** Files the site serves that are not pages (feeds, icons, the robots and sitemap files themselves). */
const FILE_EXTENSION =
  /\.(xml|txt|json|rss|atom|ico|png|jpe?g|gif|webp|avif|svg|pdf|css|js|mjs|map|woff2?|ttf|mp4|webm|mp3|zip|csv|data)$/i;

/**
 * Why the crawl does not read an internal path, or null when it does: the
 * staff area, sign-in, the API, built assets and images, feeds and files.
 */
export function skipReason(path: string): string | null {
  const lower = path.toLowerCase();
  for (const section of SKIPPED_SECTIONS)
    if (lower === section || lower.startsWith(`${section}/`) || lower.startsWith(`${section}.`))
      return "not a public page";
  if (FILE_FOLDERS.some((folder) => lower.startsWith(folder))) return "a file, not a page";
  if (FILE_EXTENSION.test(lower)) return "a file, not a page";
  return null;
}

/**
 * The identity of an address in the audit: its path. Fragments are dropped
 * (the same page), and so are query strings: no public route declares a query
 * parameter it reads (decision 0021; the page-cache test proves a query changes
 * nothing), so `/services?utm_source=x` is the page `/services`. The path is
 * kept as the URL parser writes it (percent-encoded, case kept: `/Services`
 * answers differently from `/services` and is its own address).
 */
export function pathOf(url: URL): string {
  return url.pathname || "/";
}

/** An absolute URL's path when it is on one of these origins (the site's own), else null. */
export function internalPathOf(href: string, origins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return origins.includes(url.origin) ? pathOf(url) : null;
}

/** The kinds of public page, told apart by the route that answers the address. */
export const PAGE_KINDS = {
  home: "Home page",
  page: "Service or information page",
  clinician: "Clinician",
  office: "Office",
  "blog-post": "Blog post",
  "blog-list": "Blog list",
  form: "Form",
  other: "Other",
} as const;
export type PageKind = keyof typeof PAGE_KINDS;

const FORM_PAGES = new Set(["/request-appointment", "/get-started", "/newsletter"]);

/** The kind of page at a path, by the route of app/routes.ts that answers it. */
export function pageKindOf(path: string): PageKind {
  if (path === "/") return "home";
  if (FORM_PAGES.has(path)) return "form";
  if (path === "/blog" || /^\/blog\/page\/[^/]+$/.test(path)) return "blog-list";
  if (/^\/blog\/[^/]+$/.test(path)) return "blog-post";
  if (/^\/team\/[^/]+$/.test(path)) return "clinician";
  if (/^\/locations\/[^/]+$/.test(path)) return "office";
  if (/^\/[^/]+$/.test(path) && path !== "/thank-you") return "page";
  return "other";
}
