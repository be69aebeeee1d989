import type { DateRange } from "~/lib/date-range";

/**
 * The lead insights report: counts and rates only. Nothing here names a
 * person, holds a contact detail, a note or a lead's id: marketing sees
 * exactly this (decision 0025), in the page, its data request and the CSV.
 */

/** What happened to the leads of a group: requests (forms) and calls tapped, and how far the requests got. */
export interface Outcomes {
  /** Forms sent: the home page form, the appointment request and the get-started form. */
  requests: number;
  /** Taps on the phone number: not people to call back, so never in the conversion or speed figures. */
  calls: number;
  /** Requests that reached each step (first contact, scheduled, became a patient), whatever they are now. */
  contacted: number;
  scheduled: number;
  patients: number;
}

export const breakdownDimensions = ["form", "channel", "campaign", "landing", "service"] as const;
export type BreakdownDimension = (typeof breakdownDimensions)[number];

export interface BreakdownRow extends Outcomes {
  /** The grouped value as stored ("" when none was recorded); "*" for the row of everything else. */
  key: string;
  label: string;
  /** The comparison period's counts; null when the range has none. */
  previous: { requests: number; calls: number } | null;
  /** On the "Everything else" row: how many values it holds. */
  restOf?: number;
}

export interface Breakdown {
  dimension: BreakdownDimension;
  /** "Channel" */
  title: string;
  rows: BreakdownRow[];
}

/** One bucket of the chart of leads over time. */
export interface SeriesPoint {
  /** For the axis: "Tue, Mar 10". */
  label: string;
  /** Its days: "Mar 3 – 9, 2026". */
  title: string;
  requests: number;
  calls: number;
  /** Requests and calls in the matching bucket of the comparison period; null when there is none. */
  previousTotal: number | null;
  previousTitle: string | null;
}

/** A part of a whole that has a known outcome: null share when nothing is known yet. */
export interface Share {
  count: number;
  of: number;
  share: number | null;
}

/** Speed to lead over the requests of a period (spam and duplicates left out: there is no one to answer). */
export interface SpeedFigures {
  requests: number;
  contacted: number;
  /** Minutes from arrival to the first contact, over the contacted requests; null when none was contacted. */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /**
   * Contacted within the time, out of the requests whose outcome is known: contacted,
   * or older than the time (a request that arrived ten minutes ago is not yet late).
   */
  withinHour: Share;
  withinDay: Share;
  withinPromise: Share;
}

/** One cell of the weekday × hour of arrival grid (clinic time). */
export interface HeatCell {
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  /** 0–23 */
  hour: number;
  requests: number;
  /** Requests with a wait to measure: contacted, or still new and waiting. */
  measured: number;
  /** Of those, still waiting now (their wait so far is what counts). */
  waiting: number;
  /** The median wait in minutes; null when nothing was measured. */
  medianWaitMinutes: number | null;
}

export interface LeadReport {
  range: DateRange;
  /** The reply promise in hours (lead settings). */
  promiseHours: number;
  totals: { current: Outcomes; previous: Outcomes | null };
  series: SeriesPoint[];
  breakdowns: Breakdown[];
  speed: {
    current: SpeedFigures;
    previous: SpeedFigures | null;
    /** Requests still new and past the promise right now, whatever the range. */
    overdueNow: number;
    heatMap: HeatCell[];
  };
  /** When the figures were read (ISO): requests still waiting are measured to this moment. */
  readAt: string;
}
