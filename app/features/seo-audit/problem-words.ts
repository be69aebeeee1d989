import { SERP_LIMITS } from "~/features/seo-text/serp-width";
import { NOT_INDEXABLE_REASONS, type NotIndexableReason, type ProblemDetails } from "./audit-types";
import type { ProblemCode } from "./problem-catalogue";
import { PROFILES, profileOf } from "./structured-data";

/**
 * The particulars of one problem in words, made from its stored details when
 * the page is drawn ("72 characters; Google shows about 60"). Plain code: the
 * staff pages import it.
 */

const number = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const seconds = (ms: number) => `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s`;

/** An HTTP answer in words. */
export function statusWords(status: number): string {
  if (status === 0) return "no answer";
  if (status === 200) return "opens (200)";
  if (status === 301 || status === 308) return `moved for good (${status})`;
  if (status === 302 || status === 303 || status === 307) return `moved for now (${status})`;
  if (status === 404 || status === 410) return `not found (${status})`;
  if (status >= 500) return `server error (${status})`;
  return `answered ${status}`;
}

const reasonWords = (reasons: readonly string[] | undefined) =>
  list((reasons ?? []).map((r) => (NOT_INDEXABLE_REASONS[r as NotIndexableReason] ?? r).toLowerCase()));

const INVALID_WORDS: Record<string, string> = {
  "not-json": "It is not valid JSON",
  "not-an-object": "It is not an object",
  "no-context": "It has no @context",
  "no-type": "It has neither a @type nor a @graph",
};

const typeWords = (types: readonly string[] | undefined) => {
  const profile = types ? profileOf(types) : null;
  return profile ? `${PROFILES[profile].label} (${(types ?? []).join(", ")})` : (types ?? []).join(", ");
};

/** What exactly is wrong, for one problem; "" when the kind's title says it all. */
export function problemParticulars(code: ProblemCode, d: ProblemDetails): string {
  switch (code) {
    case "page-error":
      return d.status ? `The site answered ${d.status}.` : `No answer came${d.reason ? `: ${d.reason}` : ""}.`;
    case "broken-link":
      return `Links to ${d.target}, which ${d.status ? `answers ${statusWords(d.status)}` : "never ends in a page (a redirect loop)"}${
        d.hops && d.hops.length > 1 ? ` after ${plural(d.hops.length - 1, "redirect", "redirects")}` : ""
      }.`;
    case "link-redirects":
      return `Links to ${d.target}, which redirects to ${d.hops?.at(-1)}${
        d.hops && d.hops.length > 2 ? ` (${plural(d.hops.length - 1, "hop", "hops")})` : ""
      }.`;
    case "redirect-loop":
      return `Goes round: ${(d.hops ?? []).join(" → ")}.`;
    case "redirect-chain":
      return `${plural((d.hops?.length ?? 1) - 1, "hop", "hops")}: ${(d.hops ?? []).join(" → ")}.`;
    case "redirect-broken":
      return `Ends at ${d.target}, which answers ${statusWords(d.status ?? 0)}.`;
    case "title-too-long":
      return `${plural(d.chars ?? 0, "character", "characters")}, ${number(d.widthPx ?? 0)} px wide; a result shows about ${d.limit} characters (${SERP_LIMITS.title.desktopPx} px on a computer).`;
    case "title-too-short":
    case "description-too-short":
      return `${plural(d.chars ?? 0, "character", "characters")}; aim for at least ${d.limit}.`;
    case "description-too-long":
      return `${plural(d.chars ?? 0, "character", "characters")}; Google shows about ${d.limit}.`;
    case "title-duplicate":
    case "description-duplicate":
      return `“${d.text}” is also used on ${list(d.others ?? [])}${
        (d.count ?? 0) > (d.others?.length ?? 0) ? ` and ${number((d.count ?? 0) - (d.others?.length ?? 0))} more` : ""
      }.`;
    case "title-multiple":
    case "description-multiple":
      return `${number(d.count ?? 0)} on the page.`;
    case "canonical-multiple":
      return `It names ${list(d.others ?? [])}.`;
    case "canonical-broken":
      return `It names ${d.target}, which ${d.missing?.length ? reasonWords(d.missing) : statusWords(d.status ?? 0)}.`;
    case "canonical-elsewhere":
      return `It names ${d.target} as the main address.`;
    case "h1-multiple":
      return `${number(d.count ?? 0)} main headings: ${list((d.others ?? []).map((t) => `“${t}”`))}.`;
    case "heading-skipped":
      return `“${d.text}” is an H${d.to} right after an H${d.from}.`;
    case "sitemap-not-indexable":
      return `The address ${reasonWords(d.missing)}.`;
    case "structured-data-invalid":
      return `${INVALID_WORDS[d.reason ?? ""] ?? "It cannot be read"}: ${d.excerpt ?? ""}`;
    case "structured-data-incomplete":
      return `${typeWords(d.types)} lacks ${list(d.missing ?? [])}.`;
    case "structured-data-recommended":
      return `${typeWords(d.types)} could add ${list(d.missing ?? [])}.`;
    case "image-missing-alt":
      return `${plural(d.count ?? 0, "image", "images")}: ${list((d.images ?? []).slice(0, 3))}${(d.count ?? 0) > 3 ? " …" : ""}.`;
    case "thin-page":
      return `${plural(d.words ?? 0, "word", "words")} of its own.`;
    case "social-incomplete":
      return `Missing: ${list(d.missing ?? [])}.`;
    case "lcp-poor":
    case "lcp-needs-improvement":
      return `Main content shown within ${seconds(d.p75Ms ?? 0)} for three visits in four (${plural(d.samples ?? 0, "measurement", "measurements")}).`;
    case "orphan-page":
    case "not-in-sitemap":
    case "title-missing":
    case "description-missing":
    case "canonical-missing":
    case "h1-missing":
      return "";
  }
}
