import { createColumnHelper } from "@tanstack/react-table";
import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { KeysetPager } from "~/components/staff/keyset-pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { ANALYTICS_EXPORT_PATH, ANALYTICS_PATH, analyticsDetailsPath } from "~/lib/analytics-paths";
import { hrefWith } from "~/lib/url-filters";
import type { DetailsView, DimensionDetails, GoalDetails, ListState } from "../details.server";
import { dimensionWords, goalByKey, GOALS } from "../dimensions";
import { valueWords } from "../filters";
import type { BreakdownSort } from "../figures.server";
import { formatMetric } from "../metrics";
import type { BreakdownRowView } from "../overview-types";
import { AnalyticsFrame, RefusedRangeFrame } from "./analytics-frame";
import { filterValue } from "./breakdown-card";
import { ScrollRegion } from "~/components/ui/scroll-region";

const PAGE_SIZE = 100;
const column = createColumnHelper<BreakdownRowView>();

/** /admin/analytics/details/<report>: a breakdown's full list, or a goal by source, campaign and landing page. */
export function DetailsPage({ report, ...props }: DetailsView & { report: string }) {
  const title =
    report === "goals"
      ? "Goals in detail"
      : `${dimensionWords[report as keyof typeof dimensionWords]?.many ?? "Details"}`;
  if (!props.frame) {
    return (
      <RefusedRangeFrame
        title={title}
        description="Every value for the range and filters."
        path={analyticsDetailsPath(report)}
        refused={props.refused}
      />
    );
  }
  const { frame, details } = props;
  const path = analyticsDetailsPath(report);
  return (
    <AnalyticsFrame
      title={title}
      description={
        <>
          Every value for the range and filters, with the same figures as the overview.{" "}
          <Link to={hrefWith(ANALYTICS_PATH, frame.keep)} className="text-primary underline underline-offset-4">
            Back to the overview
          </Link>
        </>
      }
      path={path}
      state={frame}
      actions={
        details.kind === "dimension" ? (
          <a
            href={hrefWith(ANALYTICS_EXPORT_PATH, {
              ...frame.keep,
              report: details.dimension,
              q: details.state.search,
              sort: details.state.sort === "visitors" ? undefined : details.state.sort,
            })}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden className="size-4" />
            Download this list (CSV)
          </a>
        ) : null
      }
    >
      {details.kind === "dimension" ? (
        <DimensionList details={details} keep={frame.keep} path={path} />
      ) : (
        <GoalList details={details} keep={frame.keep} path={path} />
      )}
    </AnalyticsFrame>
  );
}

function DimensionList({
  details,
  keep,
  path,
}: {
  details: DimensionDetails;
  keep: Record<string, string>;
  path: string;
}) {
  const { dimension, state, rows, valuesCount } = details;
  const words = dimensionWords[dimension];
  const listKeep = (change: Partial<ListState>) => {
    const next = { ...state, ...change };
    return hrefWith(path, {
      ...keep,
      q: next.search,
      sort: next.sort === "visitors" ? undefined : next.sort,
      dir: next.descending === (next.sort !== "value") ? undefined : next.descending ? "desc" : "asc",
      page: next.page > 1 ? next.page : undefined,
    });
  };
  const sortable: Record<string, BreakdownSort> = {
    value: "value",
    visitors: "visitors",
    visits: "visits",
    pageviews: "pageviews",
    leadVisits: "leadVisits",
  };
  const rate = (part: number, whole: number) => formatMetric("rate", whole > 0 ? part / whole : null);
  const columns = [
    column.accessor("value", {
      header: words.column,
      meta: { rowHeader: true, cellClassName: "max-w-72 break-all" },
      cell: ({ row }) => (
        <Link
          to={hrefWith(ANALYTICS_PATH, { ...keep, [dimension]: filterValue(row.original.value) })}
          className="inline-flex min-h-6 items-center text-primary underline underline-offset-4"
        >
          {valueWords(dimension, row.original.value, row.original.label)}
        </Link>
      ),
    }),
    column.accessor("visitors", {
      header: "Visitors",
      meta: { align: "right" },
      cell: (c) => formatMetric("count", c.getValue()),
    }),
    column.accessor("visits", {
      header: "Visits",
      meta: { align: "right" },
      cell: (c) => formatMetric("count", c.getValue()),
    }),
    column.accessor("pageviews", {
      header: "Page views",
      meta: { align: "right" },
      cell: (c) => formatMetric("count", c.getValue()),
    }),
    ...(dimension === "page"
      ? []
      : [
          column.display({
            id: "bounceRate",
            header: "Bounce rate",
            meta: { align: "right" },
            cell: ({ row }) => rate(row.original.bounces, row.original.visits),
          }),
          column.display({
            id: "meanDuration",
            header: "Mean visit",
            meta: { align: "right" },
            cell: ({ row }) =>
              formatMetric("seconds", row.original.visits > 0 ? row.original.durationSum / row.original.visits : null),
          }),
        ]),
    ...(dimension === "exit"
      ? [
          column.display({
            id: "exitRate",
            header: "Exit rate",
            meta: { align: "right" },
            cell: ({ row }) => formatMetric("rate", row.original.exitRate ?? null),
          }),
        ]
      : []),
    column.accessor("leadVisits", {
      header: "Visits with a request",
      meta: { align: "right" },
      cell: (c) => formatMetric("count", c.getValue()),
    }),
    column.display({
      id: "requestRate",
      header: "Request rate",
      meta: { align: "right" },
      cell: ({ row }) => rate(row.original.leadVisits, row.original.visits),
    }),
  ];
  const pages = Math.max(1, Math.ceil(valuesCount / PAGE_SIZE));
  return (
    <div className="grid gap-4">
      <Form
        method="get"
        action={path}
        role="search"
        aria-label={`Search ${words.many.toLowerCase()}`}
        className="flex flex-wrap items-end gap-3"
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {state.sort !== "visitors" ? <input type="hidden" name="sort" value={state.sort} /> : null}
        <Field id="details-search" label={`Search ${words.many.toLowerCase().replace(/^top /, "")}`}>
          <input
            id="details-search"
            name="q"
            type="search"
            defaultValue={state.search}
            className={inputClass}
            maxLength={100}
          />
        </Field>
        <Button type="submit" variant="outline">
          Search
        </Button>
        {state.search ? (
          <Link
            to={listKeep({ search: "", page: 1 })}
            className="inline-flex min-h-10 items-center text-primary underline underline-offset-4"
          >
            Clear the search
          </Link>
        ) : null}
      </Form>
      <p role="status" className="text-sm text-muted">
        {valuesCount === 0
          ? state.search
            ? `No ${words.one.toLowerCase()} contains “${state.search}” in this range.`
            : "No visits in this range."
          : `${valuesCount.toLocaleString("en-US")} ${valuesCount === 1 ? words.one.toLowerCase() : words.many.toLowerCase().replace(/^top /, "")}${pages > 1 ? `, page ${state.page} of ${pages}` : ""}.`}
      </p>
      <DataTable
        caption={`${words.many}: every value in this range`}
        columns={columns}
        data={rows}
        rowKey={(row) => row.value}
        stackOnPhone
        sort={(id) => {
          const key = sortable[id];
          if (!key) return undefined;
          const current = state.sort === key ? (state.descending ? "descending" : "ascending") : "none";
          const descending = state.sort === key ? !state.descending : key !== "value";
          return { href: listKeep({ sort: key, descending, page: 1 }), current };
        }}
        empty={null}
      />
      <KeysetPager
        label={`Pages of ${words.many.toLowerCase()}`}
        firstHref={state.page > 2 ? listKeep({ page: 1 }) : undefined}
        previousHref={state.page > 1 ? listKeep({ page: state.page - 1 }) : undefined}
        nextHref={state.page < pages ? listKeep({ page: state.page + 1 }) : undefined}
      />
    </div>
  );
}

function GoalList({ details, keep, path }: { details: GoalDetails; keep: Record<string, string>; path: string }) {
  const goal = goalByKey(details.goal)!;
  return (
    <div className="grid gap-6">
      <nav aria-label="Goals">
        <ul className="flex flex-wrap gap-1.5">
          {GOALS.map((g) => (
            <li key={g.key}>
              <Link
                to={hrefWith(path, { ...keep, for: g.key === "lead" ? undefined : g.key })}
                aria-current={g.key === details.goal ? "page" : undefined}
                className={
                  g.key === details.goal
                    ? "inline-flex min-h-8 items-center rounded-full bg-primary-soft px-3 text-sm font-medium text-primary-dark ring-1 ring-primary"
                    : "inline-flex min-h-8 items-center px-2 text-sm text-primary underline underline-offset-4"
                }
              >
                {g.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 lg:grid-cols-2">
        {details.byDimension.map(({ dimension, rows }) => (
          <section
            key={dimension}
            aria-labelledby={`goal-${dimension}`}
            className="grid content-start gap-2 rounded-2xl border border-line bg-surface p-4"
          >
            <h2 id={`goal-${dimension}`} className="text-lg font-bold text-primary-dark">
              {goal.name} by {dimension === "entry" ? "landing page" : dimensionWords[dimension].one.toLowerCase()}
            </h2>
            {rows.length === 0 ? (
              <p className="text-muted">No visit reached this goal in this range.</p>
            ) : (
              <ScrollRegion
                label={`${goal.name} by ${dimension === "entry" ? "landing page" : dimensionWords[dimension].one.toLowerCase()}`}
                bare
              >
                <table className="w-full text-sm">
                  <caption className="sr-only">
                    {goal.name} by {dimensionWords[dimension].one.toLowerCase()}
                  </caption>
                  <thead>
                    <tr className="border-b border-line text-left text-muted">
                      <th scope="col" className="py-1.5 pr-2 font-semibold">
                        {dimension === "entry" ? "Landing page" : dimensionWords[dimension].column}
                      </th>
                      <th scope="col" className="py-1.5 pl-2 text-right font-semibold">
                        Converted
                      </th>
                      <th scope="col" className="py-1.5 pl-2 text-right font-semibold">
                        Visits
                      </th>
                      <th scope="col" className="py-1.5 pl-2 text-right font-semibold">
                        Rate
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.value} className="border-b border-line/60 last:border-0">
                        <th scope="row" className="max-w-56 break-all py-1.5 pr-2 text-left font-normal">
                          {valueWords(dimension, row.value)}
                        </th>
                        <td className="py-1.5 pl-2 text-right tabular-nums">{formatMetric("count", row.converted)}</td>
                        <td className="py-1.5 pl-2 text-right tabular-nums">{formatMetric("count", row.visits)}</td>
                        <td className="py-1.5 pl-2 text-right tabular-nums">{formatMetric("rate", row.rate)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
