import { ChartFrame, frameOf, type SeriesChartProps } from "./chart-frame";
import { ChartTable } from "./chart-table";
import BarDrawing from "./bar-drawing";

const ROW_HEIGHT = 22;

/**
 * A breakdown as horizontal bars, a row per category (names are long:
 * campaigns, landing pages). Its table alternative is its own, folded away
 * once drawn, unless `table` is "beside": the page shows the same figures
 * in a visible table next to it.
 */
export function BarChart(props: SeriesChartProps & { table?: "own" | "beside"; categoryWidth?: number }) {
  const { title, points, series, format, pointHeader, table = "own", categoryWidth = 150 } = props;
  const height = Math.max(120, points.length * series.length * ROW_HEIGHT + points.length * 10 + 40);
  return (
    <ChartFrame
      {...frameOf(props)}
      height={height}
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
