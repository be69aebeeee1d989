import { RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { useHydrated } from "~/components/staff/charts/chart-frame";
import { TimeSeriesChart } from "~/components/staff/charts/time-series-chart";
import { EmptyState } from "~/components/staff/page-header";
import { useRefreshWhileVisible } from "~/components/staff/use-refresh-while-visible";
import { buttonVariants } from "~/components/ui/button";
import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { ANALYTICS_REALTIME_PATH } from "~/lib/analytics-paths";
import { cn } from "~/lib/cn";
import { hrefWith } from "~/lib/url-filters";
import { formatMetric } from "../metrics";
import { ACTIVE_MINUTES, CHART_MINUTES, type RealtimeView } from "../realtime-types";
import { AnalyticsFrame } from "./analytics-frame";

/** How often the page asks for fresh figures while it is on screen. */
const REFRESH_MS = 15_000;

const count = (n: number) => formatMetric("count", n);

/** /admin/analytics/realtime: who is on the site now, where, and the last half hour's page views. */
export function RealtimePage({ realtime, filters, keep, filterLabels, notice }: RealtimeView) {
  useRefreshWhileVisible(REFRESH_MS);
  const hydrated = useHydrated();
  const filtered = Object.keys(filters).length > 0;
  const here = hrefWith(ANALYTICS_REALTIME_PATH, keep);
  const chartViews = realtime.minutes.reduce((n, m) => n + m.pageviews, 0);
  const last = realtime.minutes.length - 1;
  return (
    <AnalyticsFrame
      title="Right now"
      description={`Who is on the website at this moment: visitors who opened a page or did something there in the last ${ACTIVE_MINUTES} minutes, the page each is on, and the page views of the last ${CHART_MINUTES} minutes.`}
      path={ANALYTICS_REALTIME_PATH}
      showRange={false}
      state={{ filters, filterLabels, keep, notice }}
      actions={
        <Link to={here} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
          <RefreshCw aria-hidden className="size-4" />
          Refresh
        </Link>
      }
    >
      <p className="text-sm text-muted">
        Updated at <time dateTime={realtime.at}>{realtime.atWords}</time> (clinic time).{" "}
        {hydrated
          ? `The figures refresh themselves every ${REFRESH_MS / 1000} seconds while this tab is open on screen.`
          : "Choose Refresh to see the latest figures."}
      </p>

      <section aria-labelledby="visitors-now" className="grid gap-1 rounded-2xl border border-line bg-surface p-4">
        <h2 id="visitors-now" className="text-sm font-semibold text-muted">
          Visitors in the last {ACTIVE_MINUTES} minutes
        </h2>
        <p className="text-4xl font-bold tabular-nums text-ink">{count(realtime.visitors)}</p>
      </section>

      {realtime.visitors === 0 ? (
        <EmptyState title="Nobody is on the site right now">
          {filtered
            ? `No visitor matching these filters opened a page or did anything in the last ${ACTIVE_MINUTES} minutes.`
            : `No one opened a page or did anything on the website in the last ${ACTIVE_MINUTES} minutes (bots are not counted).`}
        </EmptyState>
      ) : (
        <section aria-labelledby="pages-now" className="grid gap-2">
          <h2 id="pages-now" className="text-lg font-bold text-primary-dark">
            The pages they are on
          </h2>
          <ScrollRegion label="Pages visitors are on now">
            <table className={tableClass}>
              <caption className={cn(captionClass, "sr-only")}>Pages visitors are on now</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCellClass}>
                    Page
                  </th>
                  <th scope="col" className={cn(headCellClass, "text-right")}>
                    Visitors on it
                  </th>
                </tr>
              </thead>
              <tbody>
                {realtime.pages.map((page) => (
                  <tr key={page.path}>
                    <th scope="row" className={cn(cellClass, "font-normal break-all")}>
                      {page.path}
                    </th>
                    <td className={cn(cellClass, "text-right tabular-nums")}>{count(page.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="text-sm text-muted">
            Each visitor counts on the last page they opened.
            {realtime.morePages > 0
              ? ` ${count(realtime.morePages)} more ${realtime.morePages === 1 ? "page has" : "pages have"} someone on them too.`
              : ""}
          </p>
        </section>
      )}

      <TimeSeriesChart
        id="realtime-chart"
        title={`Page views per minute, last ${CHART_MINUTES} minutes`}
        description={
          chartViews === 0
            ? `No page views in the last ${CHART_MINUTES} minutes.`
            : `${count(chartViews)} page ${chartViews === 1 ? "view" : "views"} in all; the last minute is the current one, so far.`
        }
        points={realtime.minutes.map((m, i) => ({
          label: m.label,
          title: i === last ? `${m.label} (so far)` : m.label,
          values: { pageviews: m.pageviews },
        }))}
        series={[{ key: "pageviews", label: "Page views", tone: "primary", kind: "bar", look: "solid" }]}
        format={count}
        pointHeader="Minute"
        height={220}
      />
    </AnalyticsFrame>
  );
}
