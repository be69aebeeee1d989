import type { AdReportKind } from "~/db/schema";

/**
 * What Google Ads' web UI writes when staff download a report (decision
 * 0033 says where each fact was found). Download gives ".csv" (UTF-8,
 * commas) or "Excel .csv" (UTF-16 little-endian with a byte-order mark,
 * tabs); both hold:
 *
 *   line 1   the report's name: "Campaign report", "Search terms report", or a saved report's own name
 *   line 2   its dates: "March 1, 2026 - March 31, 2026" ("1 March 2026 - 31 March 2026" in British
 *            English; "All time")
 *   line 3   the header: "Day", "Campaign", "Campaign ID", "Currency code", "Impr.", "Clicks", "CTR",
 *            "Avg. CPC", "Cost", "Conversions", … in the order of the table's columns
 *   rows     one per campaign (and day, with the Day segment); for search terms one per search term,
 *            match type, campaign and ad group
 *   totals   "Total: Account", "Total: Campaigns" ("Total: Search terms", "Total: Other search terms"),
 *            one per campaign type ("Total: Search", "Total: Performance Max"), in the first column
 *
 * Whole numbers are written "1,234", money "1,234.56" in the account's currency (named by the
 * "Currency code" column, never a sign), percentages "3.45%", and "--" where there is no value.
 */

/** The columns read, each by the names Google Ads gives it (the first is what we say in messages). */
export const COLUMN_NAMES = {
  day: ["Day", "Date"],
  campaign: ["Campaign", "Campaign name"],
  campaignId: ["Campaign ID"],
  currency: ["Currency code", "Currency"],
  impressions: ["Impr.", "Impressions"],
  clicks: ["Clicks"],
  cost: ["Cost"],
  ctr: ["CTR"],
  avgCpc: ["Avg. CPC"],
  conversions: ["Conversions"],
  searchTerm: ["Search term"],
  matchType: ["Match type", "Search terms match type", "Search term match type"],
  adGroup: ["Ad group"],
} as const;
export type ReportColumn = keyof typeof COLUMN_NAMES;

/** The columns a report must have to be read. */
export const REQUIRED_COLUMNS: Record<AdReportKind, readonly ReportColumn[]> = {
  campaigns: ["campaign", "impressions", "clicks", "cost"],
  search_terms: ["searchTerm", "campaign", "impressions", "clicks", "cost"],
};

/** The report in words, as the pages name it and as Google Ads does. */
export const reportWords: Record<AdReportKind, { name: string; rows: string; one: string }> = {
  campaigns: { name: "campaign report", rows: "campaign days", one: "campaign day" },
  search_terms: { name: "search terms report", rows: "search terms", one: "search term" },
};

/** Reports of Google Ads that are not read here, told by a column only they have. */
export const OTHER_REPORTS: readonly { column: string; name: string }[] = [
  { column: "Keyword", name: "keywords report" },
  { column: "Search keyword", name: "keywords report" },
  { column: "Headline 1", name: "ads report" },
  { column: "Ad", name: "ads report" },
  { column: "Ad group", name: "ad groups report" },
  { column: "Asset", name: "assets report" },
  { column: "Landing page", name: "landing pages report" },
  { column: "Location", name: "locations report" },
  { column: "Age", name: "demographics report" },
  { column: "Top queries", name: "Search Console export" },
];

/** Time segments other than Day: such a file adds days up, so it cannot be stored day by day. */
export const COARSE_SEGMENTS = ["Week", "Month", "Quarter", "Year", "Day of the week", "Hour of the day"] as const;

/** Segments that split a campaign's day into several rows (one per device, network…). */
export const SPLITTING_SEGMENTS = [
  "Device",
  "Network",
  "Network (with search partners)",
  "Ad network type",
  "Click type",
  "Conversion action",
  "Conversion category",
  "Top vs. Other",
] as const;

/** A totals row starts with this in its first cell ("Total: Account"). */
export const TOTAL_PREFIX = /^total:\s*/i;

/** Google Ads (then AdWords) opened in October 2000: no report has an earlier day. */
export const FIRST_ADS_DAY = "2000-10-23";

/** Google Ads' clicks count toward a conversion for at most 90 days (its longest click-through window). */
export const CLICK_WINDOW_DAYS = 90;
