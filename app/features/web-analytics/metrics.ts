import type { Metric } from "./dimensions";

/** What a set of visits adds up to (the server's Totals), plus the median visit duration. */
export interface MetricInputs {
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  durationSum: number;
  leadVisits: number;
  leads: number;
  /** Whole seconds; null when there is no visit. */
  medianSeconds: number | null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * A figure from its inputs: null when it cannot be computed (a rate of no
 * visits), which the page shows as "—", never as 0.
 */
export function metricValue(metric: Metric, t: MetricInputs): number | null {
  switch (metric) {
    case "visitors":
      return t.visitors;
    case "visits":
      return t.visits;
    case "pageviews":
      return t.pageviews;
    case "views_per_visit":
      return ratio(t.pageviews, t.visits);
    case "bounce_rate":
      return ratio(t.bounces, t.visits);
    case "median_duration":
      return t.medianSeconds;
    case "mean_duration":
      return ratio(t.durationSum, t.visits);
    case "leads":
      return t.leads;
    case "conversion_rate":
      return ratio(t.leadVisits, t.visits);
  }
}

/** How a figure is written: counts, rates (0–1) as percentages, durations as "2m 05s". */
export type MetricKind = "count" | "ratio" | "rate" | "seconds";
export const metricKind: Record<Metric, MetricKind> = {
  visitors: "count",
  visits: "count",
  pageviews: "count",
  views_per_visit: "ratio",
  bounce_rate: "rate",
  median_duration: "seconds",
  mean_duration: "seconds",
  leads: "count",
  conversion_rate: "rate",
};

/** Whether up is good news (a bounce rate going up is not). */
export const metricGoodDirection: Record<Metric, "up" | "down"> = {
  visitors: "up",
  visits: "up",
  pageviews: "up",
  views_per_visit: "up",
  bounce_rate: "down",
  median_duration: "up",
  mean_duration: "up",
  leads: "up",
  conversion_rate: "up",
};

const whole = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export function secondsWords(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}

export function formatMetric(kind: MetricKind, value: number | null): string {
  if (value === null) return "—";
  switch (kind) {
    case "count":
      return whole.format(value);
    case "ratio":
      return oneDecimal.format(value);
    case "rate":
      return `${oneDecimal.format(value * 100)}%`;
    case "seconds":
      return secondsWords(value);
  }
}
