import { TimeSeriesChart } from "~/components/staff/charts/time-series-chart";
import type { ChartSeries } from "~/components/staff/charts/chart-types";
import type { BucketSize } from "~/lib/date-range";
import { formatCount } from "../report-format";
import type { LeadReport } from "../report-types";

const bucketHeader: Record<BucketSize, string> = { hour: "Hour", day: "Day", week: "Week", month: "Month" };

/** Requests and calls tapped per day, week or month, stacked, with the period before's total as a dashed line. */
export function LeadsOverTime({ report }: { report: LeadReport }) {
  const { range, series } = report;
  const lines: ChartSeries[] = [
    { key: "requests", label: "Requests", tone: "primary", kind: "bar", look: "solid", stack: "leads" },
    { key: "calls", label: "Calls tapped", tone: "accent", kind: "bar", look: "hatched", stack: "leads" },
    ...(range.previous
      ? [{ key: "previous", label: "All leads, period before", tone: "muted", kind: "line", look: "dashed" } as const]
      : []),
  ];
  const points = series.map((point) => ({
    label: point.label,
    title: point.title,
    values: { requests: point.requests, calls: point.calls, previous: point.previousTotal },
  }));
  return (
    <TimeSeriesChart
      id="leads-over-time"
      title={`Leads ${range.bucket === "day" ? "by day" : range.bucket === "week" ? "by week" : "by month"}`}
      description={
        range.bucket === "week"
          ? "Weeks are seven days counted from the first day of the range."
          : range.previous
            ? "The dashed line is the period before, lined up with the same position in it."
            : undefined
      }
      points={points}
      series={lines}
      format={formatCount}
      pointHeader={bucketHeader[range.bucket]}
      extraColumn={
        range.previous ? { header: "Period before: days", cell: (_, i) => series[i]?.previousTitle ?? null } : undefined
      }
    />
  );
}
