import { UNKNOWN_VALUE, type Dimension } from "./dimensions";
import type { Filters } from "./filters";

/**
 * Filter slices (decision 0027): besides all visits (slice ""), every
 * rollup table holds each day once more per value of these dimensions, as
 * "<dimension>:<value>" ("channel:Paid Search", "country:" for an unknown
 * country), so that a dashboard filtered by one such value reads rollups
 * like an unfiltered one. They are the filters a clinic reaches for first:
 * where people come from, on what, from which country. Each slice dimension
 * adds 2–4 times the plain rollups' rows (a small slice still has its pages,
 * entry and exit pages, sources and UTM values), so the others (browser, OS,
 * state, pages, UTM values…) are read from the raw rows, which is quick for
 * a month and a few seconds for a year at a million page views.
 */
export const SLICE_DIMENSIONS = ["channel", "device", "country"] as const satisfies readonly Dimension[];

/**
 * The slice holding exactly the visits that `filters` keep: "" without a
 * filter, "<dimension>:<value>" for one filter on a slice dimension, and
 * null when no slice does (two filters, a page or goal filter…).
 */
export function sliceOf(filters: Filters): string | null {
  const entries = Object.entries(filters);
  if (entries.length === 0) return "";
  if (entries.length > 1) return null;
  const [key, value] = entries[0]!;
  if (!(SLICE_DIMENSIONS as readonly string[]).includes(key)) return null;
  return `${key}:${value === UNKNOWN_VALUE ? "" : value}`;
}
