import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartColors, chartInk } from "./chart-types";
import { axisTick, tooltipProps, useDrawing, type DrawingProps } from "./drawing-parts";

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Recharts' drawing of a breakdown (in the browser only, after hydration: see chart-frame.tsx): a row of bars per category. */
export default function BarDrawing(props: DrawingProps & { categoryWidth: number }) {
  const { label, series, format, categoryWidth } = props;
  const { rows, fill, patterns } = useDrawing(props);
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
        {patterns}
        <CartesianGrid stroke={chartInk.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickFormatter={(value: number) => format(value)} tick={axisTick} />
        <YAxis
          type="category"
          dataKey="label"
          width={categoryWidth}
          tick={axisTick}
          // About 7 pixels a character: a longer name is cut (the tooltip and the table have it whole).
          tickFormatter={(name: string) => cut(name, Math.floor(categoryWidth / 7))}
          interval={0}
        />
        <Tooltip {...tooltipProps(format)} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={fill(s)}
            stroke={chartColors[s.tone]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
