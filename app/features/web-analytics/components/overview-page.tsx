import { Download, Settings } from "lucide-react";
import { Link } from "react-router";
import { TimeSeriesChart } from "~/components/staff/charts/time-series-chart";
import type { ChartSeries } from "~/components/staff/charts/chart-types";
import { EmptyState } from "~/components/staff/page-header";
import { statChange } from "~/components/staff/stat-card";
import { buttonVariants } from "~/components/ui/button";
import { ANALYTICS_EXPORT_PATH, ANALYTICS_PATH, ANALYTICS_SETTINGS_PATH } from "~/lib/analytics-paths";
import { cn } from "~/lib/cn";
import type { BucketSize } from "~/lib/date-range";
import { hrefWith } from "~/lib/url-filters";
import type { OverviewView } from "../analytics-view.server";
import { metricWords, type Metric } from "../dimensions";
import { formatMetric, metricGoodDirection, metricKind } from "../metrics";
import { CARDS, type CardName } from "../overview-types";
import { AnalyticsFrame, RefusedRangeFrame } from "./analytics-frame";
import { BreakdownCard } from "./breakdown-card";
import { GoalsCard } from "./goals-card";

const bucketHeader: Record<BucketSize, string> = { hour: "Hour", day: "Day", week: "Week", month: "Month" };
const bucketWords: Record<BucketSize, string> = { hour: "by hour", day: "by day", week: "by week", month: "by month" };

const CARD_TITLES: Record<CardName, string> = {
  pages: "Pages",
  sources: "Where visitors came from",
  devices: "Devices",
  locations: "Locations",
};

const FIGURE_NOTES: Partial<Record<Metric, string>> = {
  visitors:
    "Counted once per day: without cookies, a visitor's anonymous id changes every day, so someone who comes back on three days counts three times.",
  bounce_rate: "Visits that saw one page and did nothing else there.",
  leads: "Requests sent from a browser that reported them; the lead inbox holds every request.",
};

/** /admin/analytics: the dashboard's overview. */
export function OverviewPage({ settingsLink = false, ...props }: OverviewView & { settingsLink?: boolean }) {
  if (!props.frame) {
    return (
      <RefusedRangeFrame title="Analytics" description={DESCRIPTION} path={ANALYTICS_PATH} refused={props.refused} />
    );
  }
  const { frame, overview, tabs, metric } = props;
  const { range } = frame;
  const pageKeep: Record<string, string> = { ...(metric !== "visitors" ? { metric } : {}) };
  for (const [card, dimension] of Object.entries(tabs)) {
    if (dimension !== CARDS[card as CardName][0]) pageKeep[card] = dimension;
  }
  const keep = { ...frame.keep, ...pageKeep };
  const filtered = Object.keys(frame.filters).length > 0;
  const visits = overview.figures.find((f) => f.metric === "visits")!.value ?? 0;
  const kind = metricKind[metric];
  const format = (n: number) => formatMetric(kind, n);
  const series: ChartSeries[] = [
    { key: "value", label: metricWords[metric], tone: "primary", kind: "line", look: "solid" },
    ...(overview.chart.hasPrevious
      ? [{ key: "previous", label: "Period before", tone: "muted", kind: "line", look: "dashed" } as const]
      : []),
  ];
  return (
    <AnalyticsFrame
      title="Analytics"
      description={DESCRIPTION}
      path={ANALYTICS_PATH}
      state={frame}
      pageKeep={pageKeep}
      actions={
        <>
          {settingsLink ? (
            <Link to={ANALYTICS_SETTINGS_PATH} className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Settings aria-hidden className="size-4" />
              Settings
            </Link>
          ) : null}
          <a
            href={hrefWith(ANALYTICS_EXPORT_PATH, { ...frame.keep, report: "overview" })}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden className="size-4" />
            Download the top figures (CSV)
          </a>
        </>
      }
    >
      <section aria-labelledby="figures-heading" className="grid gap-3">
        <h2 id="figures-heading" className="sr-only">
          Top figures
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          {overview.figures.map((figure) => {
            const k = metricKind[figure.metric];
            const fmt = (n: number) => formatMetric(k, n);
            const moved =
              figure.value === null || !overview.chart.hasPrevious
                ? null
                : statChange(figure.value, figure.previous, {
                    change: k === "rate" ? "points" : "relative",
                    format: fmt,
                    good: metricGoodDirection[figure.metric],
                  });
            const chosen = figure.metric === metric;
            return (
              <li key={figure.metric}>
                <Link
                  to={hrefWith(ANALYTICS_PATH, {
                    ...frame.keep,
                    ...pageKeep,
                    metric: figure.metric === "visitors" ? undefined : figure.metric,
                  })}
                  preventScrollReset
                  aria-current={chosen ? "true" : undefined}
                  className={cn(
                    "grid h-full content-start gap-1 rounded-2xl border bg-surface p-3 hover:border-primary",
                    chosen ? "border-primary ring-2 ring-primary" : "border-line",
                  )}
                >
                  <span className="text-sm font-semibold text-muted">{metricWords[figure.metric]}</span>
                  <span className="text-2xl font-bold tabular-nums text-ink">{formatMetric(k, figure.value)}</span>
                  {moved ? (
                    <span
                      className={cn(
                        "text-xs",
                        moved.verdict === "better"
                          ? "text-primary-dark"
                          : moved.verdict === "worse"
                            ? "text-danger"
                            : "text-muted",
                      )}
                    >
                      {moved.words}
                      {moved.verdict ? ` (${moved.verdict})` : ""}
                    </span>
                  ) : null}
                  <span className="sr-only">{chosen ? "(drawn in the chart below)" : "(draw this in the chart)"}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <p className="text-sm text-muted">{FIGURE_NOTES.visitors}</p>
      </section>

      {visits === 0 ? (
        <EmptyState title="No visits in this range">
          {filtered
            ? "No visit matches these filters in this range. Remove a filter or choose a longer range."
            : "Nobody has visited the website in this range yet, or every visit came from a bot."}
        </EmptyState>
      ) : null}

      <TimeSeriesChart
        id="main-chart"
        title={`${metricWords[metric]} ${bucketWords[range.bucket]}`}
        description={
          [
            FIGURE_NOTES[metric],
            overview.chart.hasPrevious
              ? `The dashed line is ${range.previousWords}, lined up position by position.`
              : null,
          ]
            .filter(Boolean)
            .join(" ") || undefined
        }
        points={overview.chart.points.map((p) => ({
          label: p.label,
          title: p.title,
          values: { value: p.value, previous: p.previous },
        }))}
        series={series}
        format={format}
        pointHeader={bucketHeader[range.bucket]}
      />

      <div className="grid gap-4 lg:grid-cols-2">
        {(Object.keys(CARDS) as CardName[]).map((card) => (
          <BreakdownCard
            key={card}
            id={`card-${card}`}
            title={CARD_TITLES[card]}
            card={card}
            tabs={CARDS[card]}
            dimension={tabs[card]}
            rows={overview.cards[card].rows}
            valuesCount={overview.cards[card].valuesCount}
            keep={keep}
            filtered={filtered}
          />
        ))}
        <GoalsCard goals={overview.goals} keep={keep} />
      </div>

      <p className="text-sm text-muted">
        {overview.botRequests.toLocaleString("en-US")} {overview.botRequests === 1 ? "request" : "requests"} from bots
        and crawlers were left out of every figure in this range.
        {overview.rollup.daysPending > 0
          ? ` ${overview.rollup.daysPending} earlier ${overview.rollup.daysPending === 1 ? "day is" : "days are"} still being summarised; their figures are counted from the raw records meanwhile, so this page may be slower until it finishes.`
          : ""}
      </p>
    </AnalyticsFrame>
  );
}

const DESCRIPTION =
  "Visits to the website, where they came from and what they led to. Counted without cookies and without keeping anyone's address: no person can be picked out here.";
