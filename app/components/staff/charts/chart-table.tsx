import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { cn } from "~/lib/cn";
import type { ChartPoint, ChartSeries } from "./chart-types";

/** The figures of a chart as a table: a row per point, a column per series. */
export function ChartTable({
  caption,
  pointHeader,
  points,
  series,
  format,
  extra,
}: {
  caption: string;
  /** The first column's header: "Day", "Week", "Channel". */
  pointHeader: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: (n: number) => string;
  /** One more column after the series (the days a comparison value is from, say). */
  extra?: { header: string; cell: (point: ChartPoint, index: number) => string | null };
}) {
  return (
    <ScrollRegion label={caption}>
      <table className={tableClass}>
        <caption className={cn(captionClass, "sr-only")}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={headCellClass}>
              {pointHeader}
            </th>
            {series.map((s) => (
              <th key={s.key} scope="col" className={cn(headCellClass, "text-right")}>
                {s.label}
              </th>
            ))}
            {extra ? (
              <th scope="col" className={headCellClass}>
                {extra.header}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={`${point.label}-${index}`}>
              <th scope="row" className={cn(cellClass, "font-normal whitespace-nowrap")}>
                {point.title ?? point.label}
              </th>
              {series.map((s) => {
                const value = point.values[s.key];
                return (
                  <td key={s.key} className={cn(cellClass, "text-right tabular-nums")}>
                    {value === null || value === undefined ? (
                      <>
                        <span aria-hidden>—</span>
                        <span className="sr-only">none</span>
                      </>
                    ) : (
                      format(value)
                    )}
                  </td>
                );
              })}
              {extra ? (
                <td className={cn(cellClass, "whitespace-nowrap text-muted")}>{extra.cell(point, index) ?? "—"}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
