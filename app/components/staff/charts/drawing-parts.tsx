import { useEffect, useId } from "react";
import { HatchPattern } from "./chart-legend";
import { chartColors, chartInk, type ChartPoint, type ChartSeries } from "./chart-types";

/** What each Recharts drawing gets from its chart (see chart-frame.tsx). */
export interface DrawingProps {
  /** The chart's accessible name. */
  label: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  /** The value axis's words, when the exact figure is too wide for it ("$1.2K" for "$1,234.56"); `format` otherwise. */
  axisFormat?: (n: number) => string;
  /** Called once the drawing is on screen (the frame then folds its table away). */
  onDrawn: () => void;
}

/**
 * The parts every drawing shares: Recharts' rows, each series' fill (its
 * colour, or the id of its hatching, unique on the page), the hatchings
 * themselves to put in the chart's <defs>, and the call to onDrawn.
 */
export function useDrawing({ points, series, onDrawn }: DrawingProps) {
  useEffect(() => onDrawn(), [onDrawn]);
  const prefix = useId().replace(/:/g, "");
  const rows = points.map((point) => ({ label: point.label, title: point.title ?? point.label, ...point.values }));
  const fill = (s: ChartSeries) => (s.look === "hatched" ? `url(#${prefix}-${s.key})` : chartColors[s.tone]);
  const patterns = (
    <defs>
      {series
        .filter((s) => s.look === "hatched")
        .map((s) => (
          <HatchPattern key={s.key} id={`${prefix}-${s.key}`} color={chartColors[s.tone]} />
        ))}
    </defs>
  );
  return { rows, fill, patterns };
}

/** Axis words: the muted ink, small. */
export const axisTick = { fill: chartInk.axis, fontSize: 12 };

/** The tooltip: each value formatted, titled by the point's exact days (also what the keyboard reads out). */
export function tooltipProps(format: (n: number) => string) {
  return {
    formatter: (value: unknown) => format(Number(value)),
    labelFormatter: (_: unknown, payload: readonly { payload?: { title?: string } }[] | undefined) =>
      String(payload?.[0]?.payload?.title ?? ""),
    cursor: { fill: "rgba(14, 107, 102, 0.08)" },
  };
}
