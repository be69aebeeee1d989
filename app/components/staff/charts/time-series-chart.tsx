import type { ReactNode } from "react";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import { ChartTable } from "./chart-table";
import type { ChartPoint, ChartSeries } from "./chart-types";

import TimeSeriesDrawing from "./time-series-drawing";

/**
 * A figure over time (days, weeks or months), with the period before as a
 * dashed line if given: the chart with its legend, and the same figures as
 * a table (see ChartFrame for how each reaches whom).
 */
export function TimeSeriesChart({
  id,
  title,
  description,
  points,
  series,
  format,
  pointHeader,
  extraColumn,
  height = 280,
  level,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  /** The table's first column: "Day", "Week", "Month". */
  pointHeader: string;
  extraColumn?: { header: string; cell: (point: ChartPoint, index: number) => string | null };
  height?: number;
  level?: 3 | 4;
}) {
  return (
    <ChartFrame
      id={id}
      title={title}
      level={level}
      description={description}
      height={height}
      legend={<ChartLegend series={series} idPrefix={id} />}
      drawing={(onDrawn) => (
        <TimeSeriesDrawing label={title} points={points} series={series} format={format} onDrawn={onDrawn} />
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
