import { ChartFrame, frameOf, type SeriesChartProps } from "./chart-frame";
import { ChartTable } from "./chart-table";
import type { ChartPoint } from "./chart-types";
import TimeSeriesDrawing from "./time-series-drawing";

/**
 * A figure over time (days, weeks or months), with the period before as a
 * dashed line if given: the chart with its legend, and the same figures as
 * a table (see ChartFrame for how each reaches whom).
 */
export function TimeSeriesChart(
  props: SeriesChartProps & {
    /** One more table column (the days a comparison value is from, say). */
    extraColumn?: { header: string; cell: (point: ChartPoint, index: number) => string | null };
    height?: number;
    /** The value axis's words when the exact figure is too wide for it (money: "$1.2K"). */
    axisFormat?: (n: number) => string;
  },
) {
  const { title, points, series, format, axisFormat, pointHeader, extraColumn, height = 280 } = props;
  return (
    <ChartFrame
      {...frameOf(props)}
      height={height}
      drawing={(onDrawn) => (
        <TimeSeriesDrawing
          label={title}
          points={points}
          series={series}
          format={format}
          axisFormat={axisFormat}
          onDrawn={onDrawn}
        />
      )}
      table={
        <ChartTable
          caption={title}
          pointHeader={pointHeader}
          points={points}
          series={series}
          format={format}
          extra={extraColumn}
        />
      }
    />
  );
}
