/**
 * The Core Web Vitals the site's pages report from real visitors' browsers
 * (web_vital events, app/features/analytics/client/tracker.ts): their names,
 * what each means for a visitor, Google's thresholds and how a value is
 * written. Shared by the server (which rates samples in SQL) and the page.
 */

export const VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type Vital = (typeof VITALS)[number];

export interface VitalInfo {
  name: string;
  /** What it measures, in a visitor's words. */
  meaning: string;
  /**
   * Google's thresholds (web.dev): good up to and including `good`, poor
   * above `poor`, needs improvement in between. Milliseconds, CLS unitless.
   */
  good: number;
  poor: number;
}

export const VITAL_INFO: Record<Vital, VitalInfo> = {
  LCP: {
    name: "Largest Contentful Paint",
    meaning: "How long until the main content (the biggest heading, picture or block of text) is on the screen.",
    good: 2500,
    poor: 4000,
  },
  INP: {
    name: "Interaction to Next Paint",
    meaning: "How long the page takes to visibly react after a tap, click or key press (the slowest of the visit).",
    good: 200,
    poor: 500,
  },
  CLS: {
    name: "Cumulative Layout Shift",
    meaning:
      "How much the page jumps around while it loads, so that text moves under the reader or a tap lands on the wrong thing. A score, not a time: 0 is perfectly still.",
    good: 0.1,
    poor: 0.25,
  },
  FCP: {
    name: "First Contentful Paint",
    meaning: "How long until anything at all (text, a logo) appears instead of a blank screen.",
    good: 1800,
    poor: 3000,
  },
  TTFB: {
    name: "Time to First Byte",
    meaning:
      "How long the visitor waits for our server to start answering: the network and the server, before drawing begins.",
    good: 800,
    poor: 1800,
  },
};

/**
 * The resolution of the 75th percentiles the page shows (decision 0027, "Site speed"): a measurement
 * counts as its value rounded up to a multiple of the step (10 ms; 0.01 for CLS, which is unitless).
 * Rounding up keeps the order of the measurements, so the 75th percentile of the rounded values is
 * the exact one rounded up; and every threshold is a multiple of its step, so it gets the same
 * rating. The daily rollup stores the rounded values (analytics_day_vitals.bins: numbers of steps).
 */
export const VITAL_STEPS: Record<Vital, number> = { LCP: 10, INP: 10, CLS: 0.01, FCP: 10, TTFB: 10 };

/** A bin's value: `bin` steps (divided, for steps under 1, so that 0.1 is 10 / 100 and not 10 × 0.01). */
export function binValue(vital: Vital, bin: number): number {
  const step = VITAL_STEPS[vital];
  return step >= 1 ? bin * step : bin / Math.round(1 / step);
}

/** The resolution in words, as the page says it. */
export const RESOLUTION_WORDS = "rounded up to the next 10 ms (for CLS, the next 0.01)";

export type Rating = "good" | "needs-improvement" | "poor";

/** Google's rating of a value: good up to and including the first threshold, poor above the second. */
export function rate(vital: Vital, value: number): Rating {
  const { good, poor } = VITAL_INFO[vital];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

export const ratingWords: Record<Rating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

const ms = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const seconds = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const score = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** "2.60 s", "180 ms", "0.12": times of a second or more in seconds, shorter ones in milliseconds. */
export function formatVital(vital: Vital, value: number): string {
  if (vital === "CLS") return score.format(value);
  return value >= 1000 ? `${seconds.format(value / 1000)} s` : `${ms.format(value)} ms`;
}

/** A threshold in words: "2.50 s", "0.1". */
export function thresholdWords(vital: Vital, value: number): string {
  return vital === "CLS" ? String(value) : formatVital(vital, value);
}

export const isVital = (value: string): value is Vital => (VITALS as readonly string[]).includes(value);
