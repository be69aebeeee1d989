import type { PageKind } from "./site-paths";
import type { ProblemCode, Severity } from "./problem-catalogue";
import type { StructuredItem } from "./structured-data";

/**
 * What one audit finds, as the analysis hands it to storage and the pages
 * read it back: an inventory row per address, and the problems as codes with
 * their details as data (the words are made at display time from the code).
 * Plain types: the staff pages import them.
 */

/** Why an address cannot be found in search (several may apply). */
export const NOT_INDEXABLE_REASONS = {
  redirects: "Redirects elsewhere",
  "not-found": "Does not exist",
  error: "Does not open",
  "not-a-page": "Not a page",
  noindex: "Hidden from search (noindex)",
  robots: "Blocked by robots.txt",
  "canonical-elsewhere": "Main address is another page",
} as const;
export type NotIndexableReason = keyof typeof NOT_INDEXABLE_REASONS;

export interface HeadingLine {
  level: number;
  text: string;
}

/** One public address as the audit read it. */
export interface InventoryRow {
  path: string;
  kind: PageKind;
  /** HTTP status; 0 when the site gave no answer. */
  status: number;
  /** Where a redirect points (its first hop), as a path of ours or an absolute URL. */
  location: string | null;
  indexable: boolean;
  notIndexable: NotIndexableReason[];
  inSitemap: boolean;
  title: string | null;
  titleChars: number | null;
  titleWidthPx: number | null;
  description: string | null;
  descriptionChars: number | null;
  descriptionWidthPx: number | null;
  canonical: string | null;
  h1Count: number | null;
  headings: HeadingLine[];
  wordCount: number | null;
  /** Pages of ours that link here (through redirects too). */
  linksIn: number;
  /** Distinct addresses of ours this page links to. */
  linksOut: number;
  imagesWithoutAlt: number | null;
  /** Every structured-data type found, and each checked item with what it lacks. */
  structuredTypes: string[];
  structuredItems: StructuredItem[];
  /** Open Graph and Twitter card tags a full preview needs that the page lacks (null: not a page). */
  openGraphMissing: string[] | null;
  twitterMissing: string[] | null;
  /** ISO date: the sitemap's lastmod, else the page's dateModified, else Last-Modified. */
  lastModified: string | null;
  /** Real visitors' LCP, 75th percentile over the last 28 days; null without enough measurements. */
  lcpP75Ms: number | null;
  lcpSamples: number;
  /** 0–100 for pages (an HTML answer with 200); null for other addresses. */
  score: number | null;
  problemCounts: Record<Severity, number>;
  /** Long lists, for the page's own view. */
  detail: {
    linksOut: string[];
    linksIn: string[];
    imagesWithoutAlt: string[];
    /** A redirect's hops, from this address to where it ends. */
    redirectHops: string[];
  };
}

/** One problem: which, where, and its particulars (the words come from the catalogue). */
export interface AuditProblem {
  path: string;
  code: ProblemCode;
  severity: Severity;
  details: ProblemDetails;
}

/** The particulars a problem's sentence is made from (each code uses some of them). */
export interface ProblemDetails {
  chars?: number;
  widthPx?: number;
  limit?: number;
  count?: number;
  /** The text concerned (a duplicated title, say). */
  text?: string;
  /** Other pages concerned (the first few). */
  others?: string[];
  /** A link's or canonical's target. */
  target?: string;
  status?: number;
  /** A redirect's hops, or a link's way through redirects. */
  hops?: string[];
  from?: number;
  to?: number;
  words?: number;
  missing?: string[];
  types?: string[];
  reason?: string;
  excerpt?: string;
  images?: string[];
  p75Ms?: number;
  samples?: number;
}

/** What a whole audit comes to. */
export interface AuditOutcome {
  rows: InventoryRow[];
  problems: AuditProblem[];
  siteScore: number | null;
  /** True when the crawl stopped at its bound before reading every address it found. */
  limitReached: boolean;
  /** Why the sitemap or robots.txt could not be read (shown on the overview), or null. */
  sitemapError: string | null;
  robotsError: string | null;
}

/** How many of each a run's results hold (its row in the runs' table keeps them). */
export interface ResultCounts {
  addresses: number;
  /** Addresses that are pages (scored). */
  pages: number;
  problems: number;
  errors: number;
  warnings: number;
  notices: number;
}

/**
 * A run's results as they are stored (audit-runs.server.ts, `resultsForStorage`): each batch of rows
 * one JSON text of them under their columns' names, the run's id left for the INSERT to add.
 */
export interface StoredResults {
  pages: string[];
  problems: string[];
  /** The run's links as one JSON text of a `StoredLinkGraph`. */
  links: string;
  counts: ResultCounts;
}

/**
 * A run's links as stored (seo_audit_links): the page at `paths[i]` links to `out[i]` and is linked
 * from `in[i]`, positions in `paths` (the run's addresses in their order, then any target never read).
 */
export interface StoredLinkGraph {
  paths: string[];
  out: number[][];
  in: number[][];
}

/** A read's outcome with its results already in the stored form (made where they were found: the audit's child). */
export type StoredOutcome = Omit<AuditOutcome, "rows" | "problems"> & { stored: StoredResults };

/** A row of the inventory's table (the figures; the long lists stay in the database). */
export interface InventoryListRow {
  path: string;
  kind: PageKind;
  status: number;
  location: string | null;
  indexable: boolean;
  notIndexable: NotIndexableReason[];
  inSitemap: boolean;
  titleChars: number | null;
  titleWidthPx: number | null;
  descriptionChars: number | null;
  descriptionWidthPx: number | null;
  h1Count: number | null;
  wordCount: number | null;
  linksIn: number;
  linksOut: number;
  imagesWithoutAlt: number | null;
  lcpP75Ms: number | null;
  lcpSamples: number;
  /** ISO. */
  lastModified: string | null;
  score: number | null;
  errors: number;
  warnings: number;
  notices: number;
}

/** One address's full facts in the latest audit (/admin/seo/pages/detail?path=…). */
export interface PageDetail {
  path: string;
  kind: PageKind;
  status: number;
  location: string | null;
  indexable: boolean;
  notIndexable: NotIndexableReason[];
  inSitemap: boolean;
  title: string | null;
  titleChars: number | null;
  titleWidthPx: number | null;
  description: string | null;
  descriptionChars: number | null;
  descriptionWidthPx: number | null;
  canonical: string | null;
  h1Count: number | null;
  wordCount: number | null;
  structuredTypes: string[];
  openGraphMissing: string[] | null;
  twitterMissing: string[] | null;
  lastModified: string | null;
  lcpP75Ms: number | null;
  lcpSamples: number;
  score: number | null;
  headings: HeadingLine[];
  structuredItems: StructuredItem[];
  linksIn: string[];
  linksOut: string[];
  imagesWithoutAlt: string[];
  redirectHops: string[];
  problems: { code: ProblemCode; details: ProblemDetails }[];
}

export type PageDetailView =
  | { state: "no-audit" }
  | { state: "unknown"; path: string; finishedAt: string }
  | { state: "found"; page: PageDetail; finishedAt: string };
