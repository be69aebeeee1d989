import type { Db } from "~/db/client.server";
import { csvHeaders, csvText, type CsvCell } from "~/lib/csv.server";
import { rangeFileSlug } from "~/lib/date-range";
import { frameScope, readFrame } from "./analytics-view.server";
import { dimensionDetails, readListState } from "./details.server";
import { dimensionWords, metricWords } from "./dimensions";
import { isDimension } from "./filters";
import { funnelCounts } from "./figures.server";
import { funnelPaths } from "./funnel-paths.server";
import { funnelSteps } from "./funnel.server";
import { CARDS } from "./overview-types";
import { loadOverview } from "./overview.server";

const text = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

// Rates as plain fractions rounded for a spreadsheet; "" where a figure cannot be computed.
const cell = (n: number | null): CsvCell => (n === null ? "" : Math.round(n * 10_000) / 10_000);

/**
 * GET /admin/analytics/export.csv?report=overview|funnel|<dimension>&range…&filters…: the figures of a
 * view as CSV, for the range and filters in the address (counts only: nothing in it names a person).
 * An unknown report or a range that cannot be shown: 400 with the sentence saying why.
 */
export async function analyticsCsv(db: Db, params: URLSearchParams, now = new Date()): Promise<Response> {
  const report = params.get("report") ?? "";
  if (report !== "overview" && report !== "funnel" && !isDimension(report)) {
    return text(400, "Choose what to download: report=overview, funnel, or a breakdown such as page or channel.");
  }
  const reading = await readFrame(db, params, now);
  if (!reading.ok) return text(400, reading.refused.problem);
  const { range, filters, zone } = reading.frame;
  const scope = frameScope(reading.frame);
  const file = (name: string) => csvHeaders(`analytics-${name}-${rangeFileSlug(range)}.csv`);

  if (report === "overview") {
    const tabs = Object.fromEntries(Object.entries(CARDS).map(([card, dims]) => [card, dims[0]])) as never;
    const overview = await loadOverview(db, { range, filters, zone, metric: "visitors", tabs, now });
    const rows = overview.figures.map((f) => [metricWords[f.metric], cell(f.value), cell(f.previous)]);
    return new Response(
      csvText(
        [
          "Figure",
          `${range.current.from} to ${range.current.to}`,
          range.previous ? `${range.previous.from} to ${range.previous.to}` : "Period before",
        ],
        rows,
      ),
      { headers: file("overview") },
    );
  }
  if (report === "funnel") {
    const steps = funnelSteps(await funnelCounts(db, scope, await funnelPaths(db)));
    return new Response(
      csvText(
        ["Step", "Visits", "Share of all visits", "Left since the step before"],
        steps.map((s) => [s.name, s.visits, cell(s.ofStart), s.dropped]),
      ),
      { headers: file("funnel") },
    );
  }
  const details = await dimensionDetails(db, scope, report, { ...readListState(params), page: 1 }, 1_000_000);
  return new Response(
    csvText(
      [
        dimensionWords[report].column,
        "Visitors",
        "Visits",
        "Page views",
        "Bounces",
        "Total visit seconds",
        "Visits with a request",
      ],
      details.rows.map((r) => [r.value, r.visitors, r.visits, r.pageviews, r.bounces, r.durationSum, r.leadVisits]),
    ),
    { headers: file(report) },
  );
}
