import { useCallback, useState, useSyncExternalStore, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { ChartLegend } from "./chart-legend";
import type { ChartPoint, ChartSeries } from "./chart-types";

const noSubscription = () => () => {};

/** False on the server and during hydration, true in the browser after it: charts draw only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The frame of a staff chart. Recharts draws in the browser only (on the
 * server it has no size to draw at), so the figures themselves are always
 * in the page as an HTML table:
 *
 * - Without JavaScript the chart's box is not shown (`noscript:`) and the
 *   table is open: nothing is missing.
 * - With JavaScript the table starts open too (it is the server's HTML);
 *   once the chart is drawn, after hydration, it folds away under "Show as
 *   a table", one keyboard press or tap from anyone who wants the exact
 *   figures. Screen readers get the disclosure and the table; the chart
 *   itself takes focus and reads out the value under the keyboard
 *   (Recharts' accessibility layer, its tooltip a live region).
 *
 * Recharts comes with the staff route's own chunks (route-level splitting:
 * no public page reaches it), not through a dynamic import(): Vite's
 * preload helper, which every dynamic import shares, would then move out of
 * the public chunk it lives in and make every public page load one more
 * file (decision 0008: public pages' JavaScript must not grow).
 *
 * `drawing` renders the chart and calls `onDrawn` once it is on screen.
 * `table` may be left out when the page already shows the same figures in
 * a visible table next to the chart.
 */
export function ChartFrame({
  id,
  title,
  description,
  legend,
  height,
  drawing,
  table,
  level = 3,
  className,
}: {
  id: string;
  title: string;
  /** The title's heading level (3 in a page section, 4 under a section's own subheading). */
  level?: 3 | 4;
  description?: ReactNode;
  legend?: ReactNode;
  /** The chart's height in pixels (its box keeps the space while the code loads). */
  height: number;
  drawing: (onDrawn: () => void) => ReactNode;
  table?: ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [drawn, setDrawn] = useState(false);
  const onDrawn = useCallback(() => setDrawn(true), []);
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("grid min-w-0 gap-3 rounded-2xl border border-line bg-surface p-4", className)}
    >
      <div className="grid gap-1">
        <Heading id={`${id}-title`} className="text-base font-bold text-primary-dark">
          {title}
        </Heading>
        {description ? <div className="text-sm text-muted">{description}</div> : null}
      </div>
      <div className="grid gap-2 noscript:hidden" data-chart={id}>
        {legend}
        <div style={{ height }} className="w-full min-w-0">
          {hydrated ? drawing(onDrawn) : null}
        </div>
      </div>
      {table ? (
        <details open={!drawn} className="min-w-0">
          <summary className="inline-flex min-h-8 cursor-pointer items-center font-semibold text-primary underline underline-offset-4">
            Show as a table
          </summary>
          <div className="mt-2 min-w-0">{table}</div>
        </details>
      ) : null}
    </section>
  );
}

/** What every chart of series takes (TimeSeriesChart, BarChart). */
export interface SeriesChartProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** The title's heading level. */
  level?: 3 | 4;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  /** The table's first column: "Day", "Channel". */
  pointHeader: string;
}

/** The frame's share of a chart's props: its name, words and legend. */
export function frameOf({ id, title, description, level, series }: SeriesChartProps) {
  return { id, title, description, level, legend: <ChartLegend series={series} idPrefix={id} /> };
}
