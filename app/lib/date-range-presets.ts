/**
 * The preset date ranges of the staff reports and their words: what the
 * range picker draws in the browser. Apart from date-range.ts (which works
 * out the days on the server) so the browser gets these words without the
 * clinic clock and its date formats, which public pages share.
 */
export const RANGE_PRESETS = ["7d", "30d", "90d", "12m", "month", "last-month", "year", "all"] as const;
/** The analytics dashboard's presets: a single day is worth a look there, hour by hour. */
export const ANALYTICS_RANGE_PRESETS = [
  "today",
  "yesterday",
  "7d",
  "30d",
  "month",
  "last-month",
  "12m",
  "all",
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number] | (typeof ANALYTICS_RANGE_PRESETS)[number];
export const DEFAULT_RANGE_PRESET: RangePreset = "30d";

export const rangePresetWords: Record<RangePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
  month: "This month",
  "last-month": "Last month",
  year: "This year",
  all: "All time",
};
