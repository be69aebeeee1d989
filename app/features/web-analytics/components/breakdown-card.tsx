import { Link } from "react-router";
import { analyticsDetailsPath, ANALYTICS_PATH } from "~/lib/analytics-paths";
import { cn } from "~/lib/cn";
import { hrefWith } from "~/lib/url-filters";
import { dimensionWords, UNKNOWN_VALUE, type Dimension } from "../dimensions";
import { valueWords } from "../filters";
import { formatMetric } from "../metrics";
import type { BreakdownRowView } from "../overview-types";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** The number columns of a breakdown: what each dimension is judged by. */
export function breakdownColumns(dimension: Dimension) {
  const rate = (part: number, whole: number) => formatMetric("rate", whole > 0 ? part / whole : null);
  const columns: { header: string; cell: (r: BreakdownRowView) => string }[] = [
    { header: "Visitors", cell: (r) => formatMetric("count", r.visitors) },
  ];
  if (dimension === "page") columns.push({ header: "Page views", cell: (r) => formatMetric("count", r.pageviews) });
  else columns.push({ header: "Visits", cell: (r) => formatMetric("count", r.visits) });
  if (dimension === "entry") columns.push({ header: "Bounce rate", cell: (r) => rate(r.bounces, r.visits) });
  if (dimension === "exit")
    columns.push({ header: "Exit rate", cell: (r) => formatMetric("rate", r.exitRate ?? null) });
  columns.push({ header: "Request rate", cell: (r) => rate(r.leadVisits, r.visits) });
  return columns;
}

/** The filter value for a row: the unknown value has a word of its own in the address. */
export const filterValue = (value: string) => (value === "" ? UNKNOWN_VALUE : value);

/**
 * One card of the overview: its tabs (links, so they work without
 * JavaScript and keep everything else of the view), its best ten values
 * as a table whose values filter the whole dashboard, and a link to the
 * full list.
 */
export function BreakdownCard({
  id,
  title,
  card,
  tabs,
  dimension,
  rows,
  valuesCount,
  keep,
  filtered,
}: {
  id: string;
  title: string;
  /** The card's address parameter ("pages"). */
  card: string;
  tabs: readonly Dimension[];
  dimension: Dimension;
  rows: BreakdownRowView[];
  valuesCount: number;
  /** The view's parameters (range, filters, figure, other tabs). */
  keep: Record<string, string>;
  filtered: boolean;
}) {
  const columns = breakdownColumns(dimension);
  const words = dimensionWords[dimension];
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-primary-dark">
        {title}
      </h2>
      {tabs.length > 1 ? (
        <ul aria-label={`${title}: show by`} className="flex flex-wrap gap-1.5">
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={hrefWith(ANALYTICS_PATH, { ...keep, [card]: tab })}
                preventScrollReset
                aria-current={tab === dimension ? "true" : undefined}
                className={cn(
                  "inline-flex min-h-8 items-center rounded-full px-3 text-sm font-medium",
                  tab === dimension
                    ? "bg-primary-soft text-primary-dark ring-1 ring-primary"
                    : "text-primary underline underline-offset-4",
                )}
              >
                {dimensionWords[tab].many}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-muted">No visits in this range{filtered ? " with these filters" : ""}.</p>
      ) : (
        <ScrollRegion label={words.many} bare>
          <table className="w-full text-sm">
            <caption className="sr-only">{words.many}, most visitors first</caption>
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  {words.column}
                </th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className="py-1.5 pl-2 text-right font-semibold">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value} className="border-b border-line/60 last:border-0">
                  <th scope="row" className="max-w-56 py-1.5 pr-2 text-left font-normal">
                    <Link
                      to={hrefWith(ANALYTICS_PATH, { ...keep, [dimension]: filterValue(row.value) })}
                      preventScrollReset
                      className="inline-flex min-h-6 items-center break-all text-primary underline underline-offset-4"
                    >
                      <span className="sr-only">Show only visits where {words.one.toLowerCase()} is </span>
                      {valueWords(dimension, row.value, row.label)}
                    </Link>
                  </th>
                  {columns.map((c) => (
                    <td key={c.header} className="py-1.5 pl-2 text-right tabular-nums">
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {valuesCount > 0 ? (
        <Link
          to={hrefWith(analyticsDetailsPath(dimension), keep)}
          className="inline-flex min-h-6 items-center justify-self-start text-sm font-semibold text-primary underline underline-offset-4"
        >
          All {valuesCount.toLocaleString("en-US")} {words.many.toLowerCase().replace(/^top /, "")}
        </Link>
      ) : null}
    </section>
  );
}
