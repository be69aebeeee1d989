import type { SearchConsoleSearchType } from "~/db/schema";

/**
 * What Search Console's Performance report writes when staff choose Export
 * → Download CSV (decision 0032 says where each fact was found): a zip
 * ("<site>-Performance-on-Search-<date>.zip") of CSV files in UTF-8 with a
 * byte-order mark, one per table of the report, each headed by the table's
 * first column and the four metrics:
 *
 *   Queries.csv            Top queries,Clicks,Impressions,CTR,Position
 *   Pages.csv              Top pages,Clicks,Impressions,CTR,Position
 *   Chart.csv (Dates.csv)  Date,Clicks,Impressions,CTR,Position   (days as 2026-03-01)
 *   Countries.csv          Country,…     Devices.csv   Device,…
 *   Search appearance.csv  Search Appearance,…
 *   Filters.csv            Filter,Value  (Search type,Web / Date,Last 3 months / Page,https://…)
 *
 * Clicks and impressions are whole numbers, CTR a percentage ("12.5%"),
 * Position an average (8.2). With "Compare" on, every metric column comes
 * twice ("Last 28 days Clicks", "Previous 28 days Clicks").
 */

export type MetricTable = "queries" | "pages" | "dates" | "countries" | "devices" | "appearance";
export type ExportTable = MetricTable | "filters";

export const METRIC_COLUMNS = ["Clicks", "Impressions", "CTR", "Position"] as const;
export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Each table: the first column's header, the file's usual name, and what it holds in words. */
export const EXPORT_TABLES: Record<ExportTable, { first: string; file: string; words: string }> = {
  queries: { first: "Top queries", file: "Queries.csv", words: "queries" },
  pages: { first: "Top pages", file: "Pages.csv", words: "pages" },
  dates: { first: "Date", file: "Chart.csv", words: "days" },
  countries: { first: "Country", file: "Countries.csv", words: "countries" },
  devices: { first: "Device", file: "Devices.csv", words: "devices" },
  appearance: { first: "Search Appearance", file: "Search appearance.csv", words: "search appearances" },
  filters: { first: "Filter", file: "Filters.csv", words: "filters" },
};

/** The header a table's file must start with, as Search Console writes it. */
export function expectedHeader(table: ExportTable): string {
  return table === "filters" ? "Filter,Value" : [EXPORT_TABLES[table].first, ...METRIC_COLUMNS].join(",");
}

/** The tables this feature stores; the others are read only to say they were left out. */
export const USED_TABLES: readonly ExportTable[] = ["queries", "pages", "dates", "filters"];

/**
 * Search Console's Performance report puts at most this many rows in a
 * table's export: a file this long is missing its least frequent rows.
 */
export const EXPORT_ROW_CAP = 1000;

export const searchTypeWords: Record<SearchConsoleSearchType, string> = {
  web: "Web",
  image: "Image",
  video: "Video",
  news: "News",
};
