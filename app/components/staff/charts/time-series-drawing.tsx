import { useId } from "react";
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { HatchPattern } from "./chart-legend";
import { chartColors, chartInk, DASH, type ChartPoint, type ChartSeries } from "./chart-types";
import { useDrawn } from "./use-drawn";

export interface TimeSeriesDrawingProps {
  label: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  onDrawn: () => void;
}

/**
 * Recharts' drawing of a time series (in the browser only, after hydration:
 * see chart-frame.tsx): bars (stacked where a stack is named) and lines
 * over the points. The accessibility layer makes the chart one keyboard
 * stop whose arrow keys move the tooltip from point to point; the tooltip
 * is a live region, so the value is read out.
 */
export default function TimeSeriesDrawing({ label, points, series, format, onDrawn }: TimeSeriesDrawingProps) {
  useDrawn(onDrawn);
  const patternPrefix = useId().replace(/:/g, "");
  const rows = points.map((point) => ({ label: point.label, title: point.title ?? point.label, ...point.values }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={rows}
        accessibilityLayer
        aria-label={label}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <defs>
          {series
            .filter((s) => s.look === "hatched")
            .map((s) => (
              <HatchPattern key={s.key} id={`${patternPrefix}-${s.key}`} color={chartColors[s.tone]} />
            ))}
        </defs>
        <CartesianGrid stroke={chartInk.grid} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: chartInk.axis, fontSize: 12 }} minTickGap={12} tickMargin={6} />
        <YAxis
          allowDecimals={false}
          tickFormatter={(value: number) => format(value)}
          tick={{ fill: chartInk.axis, fontSize: 12 }}
          width={44}
        />
        <Tooltip
          formatter={(value) => format(Number(value))}
          labelFormatter={(_, payload) => String(payload?.[0]?.payload?.title ?? "")}
          cursor={{ fill: "rgba(14, 107, 102, 0.08)" }}
        />
        {series.map((s) =>
          s.kind === "line" ? (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={chartColors[s.tone]}
              strokeWidth={2.5}
              strokeDasharray={s.look === "dashed" ? DASH : undefined}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId={s.stack}
              fill={s.look === "hatched" ? `url(#${patternPrefix}-${s.key})` : chartColors[s.tone]}
              stroke={chartColors[s.tone]}
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
