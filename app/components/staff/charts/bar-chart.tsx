import type { ReactNode } from "react";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import { ChartTable } from "./chart-table";
import type { ChartPoint, ChartSeries } from "./chart-types";

import BarDrawing from "./bar-drawing";

const ROW_HEIGHT = 22;

/**
 * A breakdown as horizontal bars, a row per category (names are long:
 * campaigns, landing pages). Its table alternative is its own, folded away
 * once drawn, unless `table` is "beside": the page shows the same figures
 * in a visible table next to it.
 */
export function BarChart({
  id,
  title,
  description,
  points,
  series,
  format,
  pointHeader,
  table = "own",
  categoryWidth = 150,
  level,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  pointHeader: string;
  table?: "own" | "beside";
  categoryWidth?: number;
  level?: 3 | 4;
}) {
  const height = Math.max(120, points.length * series.length * ROW_HEIGHT + points.length * 10 + 40);
  return (
    <ChartFrame
      id={id}
      title={title}
      level={level}
      description={description}
      height={height}
      legend={<ChartLegend series={series} idPrefix={id} />}
      drawing={(onDrawn) => (
        <BarDrawing
          label={title}
          points={points}
          series={series}
          format={format}
          categoryWidth={categoryWidth}
          onDrawn={onDrawn}
        />
      )}
      table={
        table === "own" ? (
          <ChartTable caption={title} pointHeader={pointHeader} points={points} series={series} format={format} />
        ) : undefined
      }
    />
  );
}
