import type { RangeRefusal } from "~/components/staff/range-picker";
import type { AnalyticsFrame } from "./analytics-view.server";
import { VITALS, type Vital } from "./vitals";

/** What the site speed page shows (no server code: the page imports it). */

/** One metric's figures over some samples. Shares are of the samples (0–1); all null without samples. */
export interface VitalFigure {
  samples: number;
  p75: number | null;
  good: number | null;
  needsImprovement: number | null;
  poor: number | null;
}

export type VitalFigures = Record<Vital, VitalFigure>;

export interface DeviceSpeed {
  device: string;
  samples: number;
  vitals: VitalFigures;
}

export interface PageSpeed {
  path: string;
  samples: number;
  vitals: VitalFigures;
}

export interface Speed {
  overall: VitalFigures;
  /** All measurements in the range, of every metric. */
  samples: number;
  devices: DeviceSpeed[];
  /** The pages with the most measurements (at most TOP_PAGES), sorted as asked. */
  pages: PageSpeed[];
  /** Pages measured in all. */
  pageCount: number;
  /** Per bucket of the range (same order): each metric's 75th percentile, null without samples. */
  trend: Record<Vital, number | null>[];
}

export const TOP_PAGES = 20;

export const PAGE_SORTS = ["samples", "path", ...VITALS] as const;
export type PageSort = (typeof PAGE_SORTS)[number];
export interface PageOrder {
  sort: PageSort;
  descending: boolean;
}

/**
 * The longest range the page reads with filters (days): the daily vitals rollup has no filters, so
 * every measurement of the range is read from the raw rows, and a year of them would hold the
 * database for many seconds (PGlite serves the beacons on the same connection). Longer filtered
 * ranges say so instead; unfiltered ones read the rollup, any length.
 */
export const SPEED_MAX_DAYS = 31;

export type SpeedView =
  { frame: AnalyticsFrame; speed: Speed | null; order: PageOrder } | { frame: null; refused: RangeRefusal };
