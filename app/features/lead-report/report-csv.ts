import { share } from "./report-math";
import type { Breakdown, LeadReport, Outcomes, Share } from "./report-types";

/**
 * The report as CSV rows, for marketing's spreadsheets: aggregates only
 * (sections of counts and rates, never a lead), the same figures the page
 * shows. Rates are percentages with one decimal; a rate or time that
 * cannot be computed is an empty cell, never 0.
 */
export const REPORT_CSV_HEADER = [
  "Section",
  "Dimension",
  "Value",
  "Requests",
  "Calls tapped",
  "Contacted",
  "Scheduled",
  "Became patients",
  "Contacted (%)",
  "Scheduled (%)",
  "Became patients (%)",
  "Requests, period before",
  "Calls tapped, period before",
] as const;

type Cell = string | number | null;
type Row = Cell[];

const percent = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);
const minutes = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function outcomeCells(o: Outcomes, previous: { requests: number; calls: number } | null): Cell[] {
  return [
    o.requests,
    o.calls,
    o.contacted,
    o.scheduled,
    o.patients,
    percent(share(o.contacted, o.requests).share),
    percent(share(o.scheduled, o.requests).share),
    percent(share(o.patients, o.requests).share),
    previous?.requests ?? null,
    previous?.calls ?? null,
  ];
}

/** A row holding one figure (in Value), its other columns empty. */
const figure = (section: string, dimension: string, value: Cell): Row => [
  section,
  dimension,
  value,
  ...Array<Cell>(REPORT_CSV_HEADER.length - 3).fill(null),
];

const shareFigure = (section: string, dimension: string, s: Share): Row[] => [
  figure(section, `${dimension} (%)`, percent(s.share)),
  figure(section, `${dimension}: requests counted`, s.of),
];

function breakdownRows(b: Breakdown): Row[] {
  return b.rows.map((row) => [
    "Breakdown",
    b.title,
    row.restOf ? `Everything else (${row.restOf} more)` : row.label,
    ...outcomeCells(row, row.previous),
  ]);
}

export function reportCsvRows(report: LeadReport): Row[] {
  const { range, totals, speed } = report;
  const rows: Row[] = [
    figure("Report", "Range", `${range.current.from} to ${range.current.to}`),
    figure("Report", "Compared with", range.previous ? `${range.previous.from} to ${range.previous.to}` : null),
    figure("Report", "Reply promise (hours)", report.promiseHours),
    figure("Report", "Figures read at", report.readAt),
    ["Totals", "Range", range.current.label, ...outcomeCells(totals.current, totals.previous)],
  ];
  if (totals.previous) {
    rows.push(["Totals", "Period before", range.previous?.label ?? null, ...outcomeCells(totals.previous, null)]);
  }
  for (const point of report.series) {
    rows.push([
      "Over time",
      range.bucket,
      point.title,
      point.requests,
      point.calls,
      ...Array<Cell>(6).fill(null),
      point.previousTotal,
      null,
    ]);
  }
  const speedRows = (label: string, s: typeof speed.current): Row[] => [
    figure(`Speed to lead, ${label}`, "Requests counted", s.requests),
    figure(`Speed to lead, ${label}`, "Contacted", s.contacted),
    figure(`Speed to lead, ${label}`, "Median minutes to first contact", minutes(s.medianMinutes)),
    figure(`Speed to lead, ${label}`, "90th percentile minutes to first contact", minutes(s.p90Minutes)),
    ...shareFigure(`Speed to lead, ${label}`, "Contacted within 1 hour", s.withinHour),
    ...shareFigure(`Speed to lead, ${label}`, "Contacted within 24 hours", s.withinDay),
    ...shareFigure(
      `Speed to lead, ${label}`,
      `Contacted within the promise (${report.promiseHours} hours)`,
      s.withinPromise,
    ),
  ];
  rows.push(...speedRows("range", speed.current));
  if (speed.previous) rows.push(...speedRows("period before", speed.previous));
  rows.push(figure("Speed to lead, now", "Overdue right now (any arrival date)", speed.overdueNow));
  const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  for (const cell of speed.heatMap) {
    if (cell.requests === 0) continue;
    rows.push([
      "Median wait by arrival (minutes)",
      `${days[cell.weekday - 1]} ${String(cell.hour).padStart(2, "0")}:00`,
      minutes(cell.medianWaitMinutes),
      cell.requests,
      ...Array<Cell>(REPORT_CSV_HEADER.length - 4).fill(null),
    ]);
  }
  for (const breakdown of report.breakdowns) rows.push(...breakdownRows(breakdown));
  return rows;
}
