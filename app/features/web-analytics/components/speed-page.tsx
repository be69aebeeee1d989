import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { TimeSeriesChart } from "~/components/staff/charts/time-series-chart";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { ANALYTICS_SPEED_PATH } from "~/lib/analytics-paths";
import { cn } from "~/lib/cn";
import type { BucketSize } from "~/lib/date-range";
import { hrefWith } from "~/lib/url-filters";
import { formatMetric } from "../metrics";
import {
  SPEED_MAX_DAYS,
  TOP_PAGES,
  type PageOrder,
  type PageSort,
  type PageSpeed,
  type SpeedView,
  type VitalFigure,
} from "../speed-types";
import {
  formatVital,
  rate,
  ratingWords,
  RESOLUTION_WORDS,
  thresholdWords,
  VITAL_INFO,
  VITALS,
  type Rating,
  type Vital,
} from "../vitals";
import { AnalyticsFrame, filtersOnly, RefusedRangeFrame } from "./analytics-frame";
import { countOf } from "~/lib/plural";

const DESCRIPTION =
  "How fast the website is for real visitors, measured in their own browsers (Core Web Vitals) on the visits that started in the range.";

const NO_MEASUREMENTS = "No measurements in this range";

/** What "75th percentile" means here, and how precise it is, said once on the page. */
const PERCENTILE_WORDS = `Each figure is the 75th percentile of the measurements: the smallest measured value that at least 75% of them are at or below (PostgreSQL's percentile_disc(0.75)), so three visits in four were at least this fast. Google rates a page by this figure. It is ${RESOLUTION_WORDS}, so it is never below the measured value and rated as the measured value is; the shares of good, needs improvement and poor count every measurement exactly.`;

const ratingClass: Record<Rating, string> = {
  good: "text-primary-dark",
  "needs-improvement": "text-accent-dark",
  poor: "text-danger",
};
const ratingBar: Record<Rating, string> = {
  good: "bg-primary",
  "needs-improvement": "bg-accent",
  poor: "bg-danger",
};

const bucketHeader: Record<BucketSize, string> = { hour: "Hour", day: "Day", week: "Week", month: "Month" };
const bucketWords: Record<BucketSize, string> = { hour: "by hour", day: "by day", week: "by week", month: "by month" };
const deviceWords = (device: string) => (device ? device[0]!.toUpperCase() + device.slice(1) : "Unknown");
const share = (n: number | null) => formatMetric("rate", n);
const count = (n: number) => formatMetric("count", n);

/** A 75th percentile with its rating in words, or that there is none. */
function P75({ vital, figure }: { vital: Vital; figure: VitalFigure }) {
  if (figure.p75 === null) return <span className="text-muted">No measurements</span>;
  const rating = rate(vital, figure.p75);
  return (
    <span className="grid">
      <span className="font-semibold tabular-nums">{formatVital(vital, figure.p75)}</span>
      <span className={cn("text-xs font-semibold", ratingClass[rating])}>{ratingWords[rating]}</span>
    </span>
  );
}

/** The good / needs-improvement / poor shares as a bar (decoration) and as words. */
function Shares({ figure }: { figure: VitalFigure }) {
  if (figure.samples === 0) return null;
  const parts: [Rating, number][] = [
    ["good", figure.good ?? 0],
    ["needs-improvement", figure.needsImprovement ?? 0],
    ["poor", figure.poor ?? 0],
  ];
  return (
    <div className="grid gap-1">
      <div aria-hidden className="flex h-2 overflow-hidden rounded-full bg-sand">
        {parts.map(([rating, value]) => (
          <span key={rating} className={ratingBar[rating]} style={{ width: `${value * 100}%` }} />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-3 text-sm">
        {parts.map(([rating, value]) => (
          <li key={rating} className={ratingClass[rating]}>
            {ratingWords[rating]} {share(value)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function VitalCard({ vital, figure }: { vital: Vital; figure: VitalFigure }) {
  const info = VITAL_INFO[vital];
  return (
    <li className="grid content-start gap-2 rounded-2xl border border-line bg-surface p-4">
      <h3 className="font-bold text-primary-dark">
        {info.name} <span className="font-normal text-muted">({vital})</span>
      </h3>
      {figure.p75 === null ? (
        <p className="font-semibold text-muted">{NO_MEASUREMENTS}</p>
      ) : (
        <>
          <p className="text-3xl">
            <P75 vital={vital} figure={figure} />
          </p>
          <p className="text-sm text-muted">
            75th percentile of {count(figure.samples)} {figure.samples === 1 ? "measurement" : "measurements"}
          </p>
          <Shares figure={figure} />
        </>
      )}
      <p className="text-sm">{info.meaning}</p>
      <p className="text-xs text-muted">
        Good up to {thresholdWords(vital, info.good)}; poor above {thresholdWords(vital, info.poor)}.
      </p>
    </li>
  );
}

/** One device type: each metric's 75th percentile and shares. */
function DeviceTable({
  device,
  samples,
  vitals,
}: {
  device: string;
  samples: number;
  vitals: Record<Vital, VitalFigure>;
}) {
  const caption = `${deviceWords(device)}: ${count(samples)} ${samples === 1 ? "measurement" : "measurements"}`;
  return (
    <ScrollRegion label={caption}>
      <table className={tableClass}>
        <caption className={captionClass}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={headCellClass}>
              Metric
            </th>
            <th scope="col" className={headCellClass}>
              75th percentile
            </th>
            <th scope="col" className={cn(headCellClass, "text-right")}>
              Good
            </th>
            <th scope="col" className={cn(headCellClass, "text-right")}>
              Needs improvement
            </th>
            <th scope="col" className={cn(headCellClass, "text-right")}>
              Poor
            </th>
            <th scope="col" className={cn(headCellClass, "text-right")}>
              Measurements
            </th>
          </tr>
        </thead>
        <tbody>
          {VITALS.map((vital) => {
            const figure = vitals[vital];
            return (
              <tr key={vital}>
                <th scope="row" className={cn(cellClass, "font-semibold")}>
                  {vital}
                </th>
                <td className={cellClass}>
                  <P75 vital={vital} figure={figure} />
                </td>
                <td className={cn(cellClass, "text-right tabular-nums")}>{share(figure.good)}</td>
                <td className={cn(cellClass, "text-right tabular-nums")}>{share(figure.needsImprovement)}</td>
                <td className={cn(cellClass, "text-right tabular-nums")}>{share(figure.poor)}</td>
                <td className={cn(cellClass, "text-right tabular-nums")}>{count(figure.samples)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const column = createColumnHelper<PageSpeed>();
const PAGE_COLUMNS = [
  column.accessor("path", {
    id: "path",
    header: "Page",
    meta: { rowHeader: true, cellClassName: "break-all min-w-40" },
  }),
  column.accessor("samples", {
    id: "samples",
    header: "Measurements",
    cell: (c) => count(c.getValue()),
    meta: { align: "right" },
  }),
  ...VITALS.map((vital) =>
    column.display({
      id: vital,
      header: `${vital} (75th pct.)`,
      cell: (c) => <P75 vital={vital} figure={c.row.original.vitals[vital]} />,
      meta: { label: vital, cellClassName: "whitespace-nowrap" },
    }),
  ),
];

function PagesTable({
  pages,
  pageCount,
  order,
  keep,
}: {
  pages: PageSpeed[];
  pageCount: number;
  order: PageOrder;
  keep: Record<string, string>;
}) {
  const sortHref = (sort: PageSort, descending: boolean) =>
    hrefWith(ANALYTICS_SPEED_PATH, {
      ...keep,
      sort: sort === "samples" ? undefined : sort,
      dir: descending === (sort !== "path") ? undefined : descending ? "desc" : "asc",
    });
  return (
    <section aria-labelledby="speed-pages" className="grid gap-2">
      <h2 id="speed-pages" className="text-lg font-bold text-primary-dark">
        By page
      </h2>
      <p className="text-sm text-muted">
        {pageCount > pages.length
          ? `The ${TOP_PAGES} pages with the most measurements, of ${count(pageCount)} measured.`
          : `Every page measured (${count(pageCount)}).`}{" "}
        The measurements of a visit are of the page it landed on. Choose a column's heading to sort by it.
      </p>
      <DataTable
        caption="Site speed by page"
        columns={PAGE_COLUMNS}
        data={pages}
        rowKey={(p) => p.path}
        stackOnPhone
        sort={(id) => {
          const key = id as PageSort;
          const current = order.sort === key ? (order.descending ? "descending" : "ascending") : "none";
          const descending = order.sort === key ? !order.descending : key !== "path";
          return { href: sortHref(key, descending), current };
        }}
      />
    </section>
  );
}

/** /admin/analytics/speed */
export function SpeedPage(props: SpeedView) {
  if (!props.frame) {
    return (
      <RefusedRangeFrame
        title="Site speed"
        description={DESCRIPTION}
        path={ANALYTICS_SPEED_PATH}
        refused={props.refused}
      />
    );
  }
  const { frame, speed, order } = props;
  const { range } = frame;
  const pageKeep: Record<string, string> = {};
  if (order.sort !== "samples") pageKeep.sort = order.sort;
  if (order.descending !== (order.sort !== "path")) pageKeep.dir = order.descending ? "desc" : "asc";
  const filtered = Object.keys(frame.filters).length > 0;
  if (!speed) {
    const filterKeep = filtersOnly(frame.keep);
    // The same range, no filters.
    const rangeKeep = Object.fromEntries(Object.entries(frame.keep).filter(([key]) => !(key in filterKeep)));
    return (
      <AnalyticsFrame
        title="Site speed"
        description={DESCRIPTION}
        path={ANALYTICS_SPEED_PATH}
        state={frame}
        pageKeep={pageKeep}
      >
        <EmptyState title={`With filters, site speed covers up to ${SPEED_MAX_DAYS} days at a time`}>
          <p>
            This range is {countOf(range.current.days, "day", "days")} long. Without filters the figures come from a
            daily summary and any range can be shown; with filters every measurement of the range is read one by one,
            and a longer range would keep the database busy for too long. Choose{" "}
            <Link
              to={hrefWith(ANALYTICS_SPEED_PATH, { ...filterKeep, range: "7d" })}
              className="text-primary underline underline-offset-4"
            >
              the last 7 days
            </Link>
            ,{" "}
            <Link
              to={hrefWith(ANALYTICS_SPEED_PATH, { ...filterKeep })}
              className="text-primary underline underline-offset-4"
            >
              the last 30 days
            </Link>{" "}
            or a custom range of up to {SPEED_MAX_DAYS} days, or{" "}
            <Link to={hrefWith(ANALYTICS_SPEED_PATH, rangeKeep)} className="text-primary underline underline-offset-4">
              remove the filters
            </Link>
            .
          </p>
        </EmptyState>
      </AnalyticsFrame>
    );
  }
  return (
    <AnalyticsFrame
      title="Site speed"
      description={DESCRIPTION}
      path={ANALYTICS_SPEED_PATH}
      state={frame}
      pageKeep={pageKeep}
    >
      <p className="max-w-prose text-sm text-muted">{PERCENTILE_WORDS}</p>
      {speed.samples === 0 ? (
        <EmptyState title={NO_MEASUREMENTS}>
          {filtered
            ? "No visit matching these filters reported how fast the site was. Remove a filter or choose a longer range."
            : "No visitor's browser reported how fast the site was in this range. Browsers report it as a visitor leaves a page; some (Safari, Firefox) report only some of the metrics."}
        </EmptyState>
      ) : null}

      <section aria-labelledby="speed-overall" className="grid gap-2">
        <h2 id="speed-overall" className="text-lg font-bold text-primary-dark">
          All pages and devices
        </h2>
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {VITALS.map((vital) => (
            <VitalCard key={vital} vital={vital} figure={speed.overall[vital]} />
          ))}
        </ul>
      </section>

      {speed.samples > 0 ? (
        <>
          <section aria-labelledby="speed-devices" className="grid gap-3">
            <h2 id="speed-devices" className="text-lg font-bold text-primary-dark">
              By device type
            </h2>
            <div className="grid gap-4 xl:grid-cols-2">
              {speed.devices.map((d) => (
                <DeviceTable key={d.device} {...d} />
              ))}
            </div>
          </section>

          <PagesTable pages={speed.pages} pageCount={speed.pageCount} order={order} keep={{ ...frame.keep }} />

          <section aria-labelledby="speed-trend" className="grid gap-3">
            <h2 id="speed-trend" className="text-lg font-bold text-primary-dark">
              Over the range
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {VITALS.map((vital) => (
                <TimeSeriesChart
                  key={vital}
                  id={`trend-${vital}`}
                  title={`${VITAL_INFO[vital].name} (${vital}), 75th percentile ${bucketWords[range.bucket]}`}
                  description={`Good up to ${thresholdWords(vital, VITAL_INFO[vital].good)}, poor above ${thresholdWords(vital, VITAL_INFO[vital].poor)}. A gap: no measurements then.`}
                  points={range.buckets.map((bucket, i) => ({
                    label: bucket.label,
                    title: bucket.title,
                    values: { p75: speed.trend[i]?.[vital] ?? null },
                  }))}
                  series={[
                    { key: "p75", label: `${vital}, 75th percentile`, tone: "primary", kind: "line", look: "solid" },
                  ]}
                  format={(n) => formatVital(vital, n)}
                  pointHeader={bucketHeader[range.bucket]}
                  height={220}
                />
              ))}
            </div>
          </section>
        </>
      ) : null}
    </AnalyticsFrame>
  );
}
