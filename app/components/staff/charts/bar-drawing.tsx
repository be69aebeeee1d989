import { useId } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { HatchPattern } from "./chart-legend";
import { chartColors, chartInk, type ChartPoint, type ChartSeries } from "./chart-types";
import { useDrawn } from "./use-drawn";

export interface BarDrawingProps {
  label: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  /** Room for the category names on the left. */
  categoryWidth: number;
  onDrawn: () => void;
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Recharts' drawing of a breakdown (in the browser only, after hydration: see chart-frame.tsx): a row of bars per category. */
export default function BarDrawing({ label, points, series, format, categoryWidth, onDrawn }: BarDrawingProps) {
  useDrawn(onDrawn);
  const patternPrefix = useId().replace(/:/g, "");
  const rows = points.map((point) => ({ label: point.label, title: point.title ?? point.label, ...point.values }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={rows}
        layout="vertical"
        accessibilityLayer
        aria-label={label}
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
        barGap={2}
      >
        <defs>
          {series
            .filter((s) => s.look === "hatched")
            .map((s) => (
              <HatchPattern key={s.key} id={`${patternPrefix}-${s.key}`} color={chartColors[s.tone]} />
            ))}
        </defs>
        <CartesianGrid stroke={chartInk.grid} horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={false}
          tickFormatter={(value: number) => format(value)}
          tick={{ fill: chartInk.axis, fontSize: 12 }}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={categoryWidth}
          tick={{ fill: chartInk.axis, fontSize: 12 }}
          // About 7 pixels a character: a longer name is cut (the tooltip and the table have it whole).
          tickFormatter={(name: string) => cut(name, Math.floor(categoryWidth / 7))}
          interval={0}
        />
        <Tooltip
          formatter={(value) => format(Number(value))}
          labelFormatter={(_, payload) => String(payload?.[0]?.payload?.title ?? "")}
          cursor={{ fill: "rgba(14, 107, 102, 0.08)" }}
        />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.look === "hatched" ? `url(#${patternPrefix}-${s.key})` : chartColors[s.tone]}
            stroke={chartColors[s.tone]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
