import type { ActiveFilter, FilterOption } from "~/components/staff/filter-form";
import type { RangeRefusal } from "~/components/staff/range-picker";
import type { DateRange } from "~/lib/date-range";
import type { FormAnswer } from "~/lib/form-answer";
import type { Pacing } from "./pacing";

// What the Google Ads pages' loaders and actions hand their components (types only, importable by the browser).

export type ImportField = "currency" | "file";

export interface DayText {
  iso: string;
  text: string;
}

/** A row of the preview, as the file had it. */
export interface PreviewRow {
  /** Its place in the file's rows. */
  key: number;
  day: string | null;
  campaign: string;
  searchTerm: string | null;
  matchType: string | null;
  impressions: number;
  clicks: number;
  cost: string;
}

/** What saving a read report would store, shown before anything is. */
export interface ImportPreview {
  previewId: string;
  /** "campaign report" or "search terms report". */
  report: string;
  file: string;
  period: string;
  periodSource: string;
  currency: string;
  currencySource: string;
  /** "21 campaign days of 3 campaigns, Mar 1 – 7, 2026". */
  summary: string;
  rows: number;
  campaigns: number;
  newCampaigns: number;
  totals: { impressions: number; clicks: number; cost: string; conversions: string | null };
  /** What is stored now for these campaigns and days; null when nothing is. */
  replaces: { rows: number; cost: string; period: string | null } | null;
  /** The stored figures equal the file's: saving again changes nothing. */
  sameAsStored: boolean;
  notes: string[];
  first: PreviewRow[];
  expires: string;
}

export type ImportAnswer = FormAnswer<ImportField> & {
  intent: string;
  /** Each problem of the file as one sentence naming the file, line and column. */
  problems?: string[];
  preview?: ImportPreview;
  /** After a save: the report for the saved days. */
  reportHref?: string;
};

/** One imported file, as the history lists it. */
export interface ImportListRow {
  id: number;
  report: string;
  file: string;
  period: string;
  rows: number;
  campaigns: number;
  cost: string;
  imported: DayText;
  reportHref: string;
}

/** What is stored in all, for the import page's summary. */
export interface StoredSummary {
  campaigns: number;
  first: string | null;
  last: string | null;
  currency: string | null;
}

/** What a campaign (or the account) did in a period. Money in micros, Google's conversions in hundredths. */
export interface AdFigures {
  impressions: number;
  clicks: number;
  costMicros: number;
  /** null when no imported day had Google's Conversions column. */
  conversions: number | null;
  visits: number;
  /** Requests sent and calls tapped, spam and duplicates left out. */
  leads: number;
  /** Of those leads, how many have reached scheduled, and become a patient, so far. */
  scheduled: number;
  patients: number;
}

export const CAMPAIGN_SORTS = [
  "campaign",
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "cost",
  "visits",
  "leads",
  "scheduled",
  "patients",
  "costPerLead",
  "costPerScheduled",
  "costPerPatient",
  "leadRate",
] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** A row of the campaigns table: a campaign, or the Google Ads visits and leads tied to none. */
export interface CampaignRow {
  key: string;
  name: string;
  /** The report narrowed to this campaign; null for the untied row. */
  href: string | null;
  figures: AdFigures;
  /** Its cost in the period before (for the change in words); null without one. */
  previousCostMicros: number | null;
}

/** One bucket of the charts. */
export interface SeriesPoint {
  label: string;
  title: string;
  previousTitle: string | null;
  current: AdFigures;
  previous: AdFigures | null;
}

/** A budget's pacing this month, for the account or the chosen campaign. */
export interface PacingView {
  scope: string;
  month: string;
  /** "from Oct 2026" when set in an earlier month. */
  since: string | null;
  pacing: Pacing;
  /** The last day with figures counted ("Nov 24"), or null before any. */
  through: string | null;
}

export interface PerformanceView {
  /** Null when the range asked for was refused. */
  range: DateRange | null;
  refused?: RangeRefusal;
  notice?: string;
  /** Parameters the range picker carries along (the campaign). */
  keep: Record<string, string>;
  currency: string | null;
  /** Nothing imported at all yet. */
  nothingImported: boolean;
  campaignOptions: FilterOption[];
  campaign: { id: number; name: string } | null;
  filters: ActiveFilter[];
  current: AdFigures;
  previous: AdFigures | null;
  series: SeriesPoint[];
  rows: CampaignRow[];
  sort: CampaignSort;
  dir: SortDirection;
  sortHrefs: Record<CampaignSort, string>;
  /** The days with imported figures in the range, in words; null when none. */
  coverage: string | null;
  /** Days of the range after the last imported day (figures not imported yet), in words. */
  missingDays: string | null;
  pacing: PacingView | null;
  /** The analytics counts days in another time zone than Google Ads' (the clinic's): said on the page. */
  zoneNote: string | null;
}

export const TERM_SORTS = ["term", "campaign", "impressions", "clicks", "ctr", "cost", "cpc", "conversions"] as const;
export type TermSort = (typeof TERM_SORTS)[number];

/** A search term of one campaign over the range's imported periods. */
export interface TermRow {
  key: string;
  term: string;
  campaign: string;
  matchTypes: string;
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number | null;
}

export interface SearchTermsView {
  range: DateRange | null;
  refused?: RangeRefusal;
  notice?: string;
  keep: Record<string, string>;
  currency: string | null;
  nothingImported: boolean;
  campaignOptions: FilterOption[];
  campaign: { id: number; name: string } | null;
  filters: ActiveFilter[];
  rows: TermRow[];
  total: number;
  totals: { impressions: number; clicks: number; costMicros: number };
  /** The imported periods inside the range, in words; null when none. */
  covered: string | null;
  /** Imported periods only partly inside the range: left out, said in words. */
  leftOut: string | null;
  sort: TermSort;
  dir: SortDirection;
  sortHrefs: Record<TermSort, string>;
  pager: { firstHref?: string; previousHref?: string; nextHref?: string };
  screen: number;
  screens: number;
}

export type BudgetField = "scope" | "month" | "amount";
export type BudgetAnswer = FormAnswer<BudgetField> & { intent: string };

/** A row of the budgets table: the account or a campaign, this month. */
export interface BudgetRow {
  key: string;
  scope: string;
  /** The form's value for this scope ("account" or a campaign's id). */
  value: string;
  budget: string | null;
  /** "from Oct 2026" when carried from an earlier month. */
  since: string | null;
  spent: string;
  pacing: Pacing | null;
}

export interface BudgetsView {
  currency: string | null;
  /** "YYYY-MM" shown, and in words. */
  month: string;
  monthWords: string;
  /** The last day with figures counted this month, in words; null before any. */
  through: string | null;
  rows: BudgetRow[];
  scopes: FilterOption[];
  monthLinks: { previous: string; next: string | null };
  notice?: string;
}

export type ConversionField =
  | "from"
  | "to"
  | "kinds"
  | "scheduledName"
  | "patientName"
  | "scheduledValue"
  | "patientValue"
  | "currency"
  | "includeEarlier";

export type ConversionAnswer = FormAnswer<ConversionField> & {
  intent: string;
  /** After "check": what a file of these days would carry and leave out. */
  check?: { scheduled: number; patients: number; exportedBefore: number; tooLate: number; unreadable: number };
  /** After "prepare": the file. */
  download?: { href: string; rows: number };
};

/** A file made before, as the list shows it. */
export interface ExportListRow {
  id: number;
  made: DayText;
  period: string;
  rows: number;
  names: string;
  includedEarlier: boolean;
  href: string;
}

export interface ConversionsView {
  /** The form's first values: the last file's names and values, the last 30 days. */
  defaults: Record<ConversionField, string>;
  currency: string | null;
  exports: ExportListRow[];
  timeZone: string;
}
