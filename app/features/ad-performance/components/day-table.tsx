import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "~/components/staff/data-table";
import type { BucketSize } from "~/lib/date-range";
import type { AdFigures, SeriesPoint } from "../ads-types";
import { figureColumns } from "./figure-columns";

type DayRow = { key: string; title: string; figures: AdFigures };
const column = createColumnHelper<DayRow>();
const headers: Record<BucketSize, string> = { hour: "Hour", day: "Day", week: "Week", month: "Month" };

/** Every figure day by day (or week or month, as the charts), for the range and the campaign chosen. */
export function DayTable({
  series,
  bucket,
  money,
}: {
  series: SeriesPoint[];
  bucket: BucketSize;
  money: (micros: number) => string;
}) {
  const rows: DayRow[] = series.map((point) => ({ key: point.title, title: point.title, figures: point.current }));
  const columns = [
    column.accessor("title", {
      header: headers[bucket],
      meta: { rowHeader: true, cellClassName: "whitespace-nowrap" },
    }),
    ...figureColumns<DayRow>(money),
  ];
  return (
    <DataTable
      caption={`${headers[bucket]} by ${headers[bucket].toLowerCase()}, oldest first`}
      columns={columns}
      data={rows}
      rowKey={(row) => row.key}
      stackOnPhone
    />
  );
}
