import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartColors, chartInk, DASH } from "./chart-types";
import { axisTick, tooltipProps, useDrawing, type DrawingProps } from "./drawing-parts";

/**
 * Recharts' drawing of a time series (in the browser only, after hydration:
 * see chart-frame.tsx): bars (stacked where a stack is named) and lines
 * over the points. The accessibility layer makes the chart one keyboard
 * stop whose arrow keys move the tooltip from point to point; the tooltip
 * is a live region, so the value is read out.
 */
export default function TimeSeriesDrawing(props: DrawingProps) {
  const { label, series, format, axisFormat = format } = props;
  const { rows, fill, patterns } = useDrawing(props);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={rows}
        accessibilityLayer
        aria-label={label}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        {patterns}
        <CartesianGrid stroke={chartInk.grid} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} minTickGap={12} tickMargin={6} />
        <YAxis allowDecimals={false} tickFormatter={(value: number) => axisFormat(value)} tick={axisTick} width={44} />
        <Tooltip {...tooltipProps(format)} />
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
              fill={fill(s)}
              stroke={chartColors[s.tone]}
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
