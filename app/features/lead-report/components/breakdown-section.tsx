import type { ColumnDef } from "@tanstack/react-table";
import { BarChart } from "~/components/staff/charts/bar-chart";
import type { ChartSeries } from "~/components/staff/charts/chart-types";
import { DataTable } from "~/components/staff/data-table";
import { share, REST_KEY } from "../report-math";
import { formatCount, formatShare } from "../report-format";
import type { Breakdown, BreakdownRow } from "../report-types";

/** How many rows of a breakdown its chart draws (its table lists them all). */
const CHART_ROWS = 10;

function rateCell(row: BreakdownRow, key: "contacted" | "scheduled" | "patients") {
  const rate = share(row[key], row.requests).share;
  if (rate === null) {
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">no requests</span>
      </>
    );
  }
  return (
    <>
      {formatShare(rate)} <span className="text-muted">({formatCount(row[key])})</span>
    </>
  );
}

function changeWords(now: number, before: number): string {
  const difference = now - before;
  if (difference === 0) return "no change";
  return difference > 0 ? `+${formatCount(difference)}` : `−${formatCount(-difference)}`;
}

function columnsFor(breakdown: Breakdown, hasPrevious: boolean): ColumnDef<BreakdownRow, unknown>[] {
  return [
    {
      id: "label",
      header: breakdown.title,
      cell: ({ row }) =>
        row.original.key === REST_KEY ? (
          <>
            Everything else{" "}
            <span className="font-normal text-muted">({formatCount(row.original.restOf ?? 0)} more)</span>
          </>
        ) : (
          <span className="break-all">{row.original.label}</span>
        ),
      meta: { rowHeader: true, cellClassName: "min-w-36" },
    },
    {
      id: "requests",
      header: "Requests",
      cell: ({ row }) => formatCount(row.original.requests),
      meta: { align: "right" },
    },
    ...(hasPrevious
      ? ([
          {
            id: "before",
            header: "Period before",
            cell: ({ row }) => formatCount(row.original.previous?.requests ?? 0),
            meta: { align: "right" },
          },
          {
            id: "change",
            header: "Change",
            cell: ({ row }) => changeWords(row.original.requests, row.original.previous?.requests ?? 0),
            meta: { align: "right", cellClassName: "whitespace-nowrap" },
          },
        ] satisfies ColumnDef<BreakdownRow, unknown>[])
      : []),
    {
      id: "calls",
      header: "Calls tapped",
      cell: ({ row }) => formatCount(row.original.calls),
      meta: { align: "right" },
    },
    {
      id: "contacted",
      header: "Contacted",
      cell: ({ row }) => rateCell(row.original, "contacted"),
      meta: { align: "right", cellClassName: "whitespace-nowrap" },
    },
    {
      id: "scheduled",
      header: "Scheduled",
      cell: ({ row }) => rateCell(row.original, "scheduled"),
      meta: { align: "right", cellClassName: "whitespace-nowrap" },
    },
    {
      id: "patients",
      header: "Became patients",
      cell: ({ row }) => rateCell(row.original, "patients"),
      meta: { align: "right", cellClassName: "whitespace-nowrap" },
    },
  ];
}

const byWords: Record<Breakdown["dimension"], string> = {
  form: "By form",
  channel: "By channel",
  campaign: "By campaign",
  landing: "By landing page",
  service: "By service",
};

/**
 * One breakdown: requests against the period before as bars (its first
 * ten), and the whole table beside it: requests, the change, calls tapped,
 * and the share of requests that reached each step. The table is always
 * visible, so it is the chart's text alternative too.
 */
export function BreakdownSection({ breakdown, hasPrevious }: { breakdown: Breakdown; hasPrevious: boolean }) {
  const id = `by-${breakdown.dimension}`;
  const charted = breakdown.rows.filter((row) => row.key !== REST_KEY).slice(0, CHART_ROWS);
  const series: ChartSeries[] = [
    { key: "requests", label: "Requests", tone: "primary", kind: "bar", look: "solid" },
    ...(hasPrevious
      ? [{ key: "previous", label: "Requests, period before", tone: "muted", kind: "bar", look: "hatched" } as const]
      : []),
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="grid min-w-0 gap-3">
      <h3 id={`${id}-heading`} className="text-lg font-bold text-primary-dark">
        {byWords[breakdown.dimension]}
      </h3>
      <BarChart
        id={id}
        level={4}
        title={`Requests ${byWords[breakdown.dimension].toLowerCase()}${hasPrevious ? ", against the period before" : ""}`}
        description={
          breakdown.rows.length > charted.length
            ? `The ${charted.length} with the most requests; the table below has them all.`
            : "The table below has the same figures."
        }
        points={charted.map((row) => ({
          label: row.label,
          values: { requests: row.requests, previous: row.previous?.requests ?? null },
        }))}
        series={series}
        format={formatCount}
        pointHeader={breakdown.title}
        table="beside"
        categoryWidth={breakdown.dimension === "landing" || breakdown.dimension === "campaign" ? 170 : 140}
      />
      <DataTable
        caption={`Leads ${byWords[breakdown.dimension].toLowerCase()}, with how far the requests got`}
        columns={columnsFor(breakdown, hasPrevious)}
        data={breakdown.rows}
        rowKey={(row) => row.key}
      />
    </section>
  );
}
