import type { FormAnswer } from "~/lib/form-answer";
import type { Period } from "~/lib/periods";

// What the two pages' loaders and actions hand their components, and the
// server's modules share (types only, importable by the browser).

/** What staff may tell about an upload, used only where its files do not say. */
export interface ImportChoices {
  from: string;
  to: string;
  searchType: string;
  page: string;
}
export type ImportField = keyof ImportChoices | "files";

export interface PageRef {
  url: string;
  /** The path when the page is on the site's own origin (PUBLIC_URL's), else null. */
  path: string | null;
  /** The path, or the full address of another host's page. */
  label: string;
}

export interface QueryFigures {
  query: string;
  clicks: number;
  impressions: number;
  /** Percent, as Search Console writes it. */
  ctr: number;
  position: number;
}

/** A page of the report. Its figures are null when only its queries were imported (never shown as 0). */
export interface ReportPage extends PageRef {
  figures: { clicks: number; impressions: number; ctr: number; position: number } | null;
  /** Its own queries, from an import of this page for the same period; null when there is none. */
  queries: QueryFigures[] | null;
  /** A period this page's queries were imported for, when not for this one. */
  queriesElsewhere: Period | null;
}

export interface Opportunity extends QueryFigures {
  /** The page Google showed, known when the query came from that page's own export. */
  page: PageRef | null;
  /** The typical CTR at its position (percent), null past the first page. */
  typicalCtr: number | null;
}

export interface DayText {
  iso: string;
  text: string;
}

/** One stored import, as the imports list shows it. */
export interface ImportListRow {
  id: number;
  period: string;
  searchType: string;
  /** null for the whole site. */
  scope: PageRef | null;
  queries: number | null;
  pages: number | null;
  updated: DayText;
  /** The report for this import's period. */
  reportHref: string;
}

/** What saving a read upload would store, shown before anything is. */
export interface ImportPreview {
  pendingId: string;
  period: string;
  periodSource: string;
  searchType: string;
  searchTypeSource: string;
  /** null for the whole site. */
  scope: PageRef | null;
  scopeSource: string;
  queries: { count: number; first: QueryFigures[] } | null;
  pages: { count: number; first: (QueryFigures & { label: string })[] } | null;
  /** What was left out and why. */
  notes: string[];
  /** What is stored now for the same period, search type and scope (null: nothing yet). */
  replaces: { queries: number | null; pages: number | null } | null;
  files: string[];
  /** When the preview can no longer be saved, in the clinic's time. */
  expires: string;
}

export type ImportAnswer = FormAnswer<ImportField> & {
  intent: string;
  /** Each problem of the files as one sentence naming the file, line and column. */
  problems?: string[];
  preview?: ImportPreview;
  /** After a save: the report for the saved period. */
  reportHref?: string;
};

export const PAGE_SORTS = ["clicks", "impressions", "ctr", "position", "page"] as const;
export type PageSort = (typeof PAGE_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** A page of the report as the table draws it: where its queries are when not in this period. */
export type ReportPageRow = ReportPage & { elsewhere: { text: string; href: string } | null };

export interface PeriodLink {
  label: string;
  href: string;
  current: boolean;
}

/** The report page's data: the periods with data, and the chosen one's report (null before any import). */
export interface ReportView {
  periods: PeriodLink[];
  /** Parameters of the address that could not be used. */
  ignored: string[];
  selected: (Period & { searchType: string; label: string; siteWide: boolean; pageImports: number }) | null;
  report: {
    queryCount: number;
    lowCtr: Opportunity[];
    lowCtrTotal: number;
    nearTop: Opportunity[];
    nearTopTotal: number;
    pages: ReportPageRow[];
    pageTotal: number;
    screen: number;
    screens: number;
    sort: PageSort;
    dir: SortDirection;
    /** Each sortable column's link: the other direction when sorted by it now, else its first direction. */
    sortHrefs: Record<PageSort, string>;
    pager: { firstHref?: string; previousHref?: string; nextHref?: string };
  } | null;
}
