import type { Filters } from "./filters";

/** What the realtime page shows (no server code: the page imports it). */

/** A visitor counts as on the site when they sent a page view or an event this recently. */
export const ACTIVE_MINUTES = 5;
/** The chart: page views per clock minute, the current one (so far) and the ones before it. */
export const CHART_MINUTES = 30;
/** The pages card lists this many. */
export const TOP_PAGES = 10;
export interface RealtimeMinute {
  /** ISO instant the minute begins. */
  start: string;
  /** "10:41 AM" in clinic time. */
  label: string;
  pageviews: number;
}

export interface RealtimePage {
  path: string;
  visitors: number;
}

export interface Realtime {
  /** ISO: when the figures were read. */
  at: string;
  /** "10:41:07 AM" in clinic time. */
  atWords: string;
  visitors: number;
  pages: RealtimePage[];
  /** Pages with someone on them, beyond the ones listed. */
  morePages: number;
  minutes: RealtimeMinute[];
}

export interface RealtimeView {
  realtime: Realtime;
  filters: Filters;
  /** The filters as address parameters (the realtime page has no range). */
  keep: Record<string, string>;
  /** Filter values in words where they are codes (a country, a state). */
  filterLabels: Partial<Record<string, string>>;
  notice?: string;
}
