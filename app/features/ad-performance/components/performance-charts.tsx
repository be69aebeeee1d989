import type { ChartSeries } from "~/components/staff/charts/chart-types";
import { TimeSeriesChart } from "~/components/staff/charts/time-series-chart";
import type { BucketSize } from "~/lib/date-range";
import type { SeriesPoint } from "../ads-types";
import { countText } from "../figures";
import { formatMoneyCompact } from "../money";

const bucketHeader: Record<BucketSize, string> = { hour: "Hour", day: "Day", week: "Week", month: "Month" };
const byWords: Record<BucketSize, string> = { hour: "by hour", day: "by day", week: "by week", month: "by month" };

/** Cost, and leads with what became of them, per day, week or month; the period before as a dashed line. */
export function PerformanceCharts({
  series,
  bucket,
  compared,
  money,
  currency,
}: {
  series: SeriesPoint[];
  bucket: BucketSize;
  compared: boolean;
  money: (micros: number) => string;
  currency: string;
}) {
  const previousColumn = compared
    ? { header: "Period before: days", cell: (_: unknown, i: number) => series[i]?.previousTitle ?? null }
    : undefined;
  const description =
    bucket === "week"
      ? "Weeks are seven days counted from the first day of the range."
      : compared
        ? "The dashed line is the period before, lined up with the same position in it."
        : undefined;
  const costSeries: ChartSeries[] = [
    { key: "cost", label: "Cost", tone: "primary", kind: "bar", look: "solid" },
    ...(compared
      ? [{ key: "previous", label: "Cost, period before", tone: "muted", kind: "line", look: "dashed" } as const]
      : []),
  ];
  const leadSeries: ChartSeries[] = [
    { key: "leads", label: "Leads", tone: "primary", kind: "bar", look: "solid" },
    { key: "patients", label: "Became patients", tone: "accent", kind: "bar", look: "hatched" },
    ...(compared
      ? [{ key: "previous", label: "Leads, period before", tone: "muted", kind: "line", look: "dashed" } as const]
      : []),
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TimeSeriesChart
        id="cost-over-time"
        title={`Cost ${byWords[bucket]}`}
        description={description}
        points={series.map((point) => ({
          label: point.label,
          title: point.title,
          values: { cost: point.current.costMicros, previous: point.previous?.costMicros ?? null },
        }))}
        series={costSeries}
        format={money}
        axisFormat={(micros) => formatMoneyCompact(micros, currency)}
        pointHeader={bucketHeader[bucket]}
        extraColumn={previousColumn}
      />
      <TimeSeriesChart
        id="leads-over-time"
        title={`Leads ${byWords[bucket]}`}
        description="Leads on the day they arrived; “became patients” counts those leads that have so far."
        points={series.map((point) => ({
          label: point.label,
          title: point.title,
          values: {
            leads: point.current.leads,
            patients: point.current.patients,
            previous: point.previous?.leads ?? null,
          },
        }))}
        series={leadSeries}
        format={countText}
        pointHeader={bucketHeader[bucket]}
        extraColumn={previousColumn}
      />
    </div>
  );
}
