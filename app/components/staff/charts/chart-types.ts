/**
 * What the staff charts draw, shared by the server-rendered parts (frame,
 * legend, table) and the browser-only drawings (Recharts, loaded lazily).
 */

/** Colours of the design tokens (app.css), each at least 3:1 against the white card (WCAG 1.4.11). */
export const chartColors = {
  primary: "#0e6b66",
  accent: "#b4461f",
  muted: "#4b5b60",
} as const;
export type ChartTone = keyof typeof chartColors;

/** Grid lines and axis words. */
export const chartInk = { grid: "#e2d9cc", axis: "#4b5b60" } as const;

/**
 * Besides its colour, each series has a look of its own, so that no one
 * needs to tell colours apart: solid or hatched bars, a solid or dashed line.
 */
export type SeriesLook = "solid" | "hatched" | "dashed";

export interface ChartSeries {
  /** The key of the value in each point's `values`. */
  key: string;
  /** "Requests", "Previous period" */
  label: string;
  tone: ChartTone;
  kind: "bar" | "line";
  look?: SeriesLook;
  /** Bars with the same stack are drawn on top of each other. */
  stack?: string;
}

export interface ChartPoint {
  /** Short, for the axis: "Tue, Mar 10". */
  label: string;
  /** Exact, for the tooltip and the table: "Mar 10, 2026". */
  title?: string;
  /** A value per series key; null where there is none (drawn as a gap, shown as "—"). */
  values: Record<string, number | null>;
}

/** The dash of a dashed line. */
export const DASH = "6 4";
