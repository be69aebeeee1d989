import type { RangeRefusal } from "~/components/staff/range-picker";
import type { Db } from "~/db/client.server";
import { type AnalyticsFrame, frameScope, readFrame } from "./analytics-view.server";
import { GOALS, type Dimension } from "./dimensions";
import { breakdowns, type BreakdownSort, type Scope } from "./figures.server";
import { isDimension } from "./filters";
import type { BreakdownRowView } from "./overview-types";

/** Rows per page of a full list. */
export const DETAILS_PAGE_SIZE = 100;
const SORTS: readonly BreakdownSort[] = ["visitors", "visits", "pageviews", "bounces", "leadVisits", "value"];
/** The dimensions a goal is broken down by on its details page. */
export const GOAL_DIMENSIONS = ["channel", "source", "utm_campaign", "entry"] as const satisfies readonly Dimension[];

export interface ListState {
  sort: BreakdownSort;
  descending: boolean;
  search: string;
  page: number;
}

export interface DimensionDetails {
  kind: "dimension";
  dimension: Dimension;
  rows: BreakdownRowView[];
  valuesCount: number;
  state: ListState;
}

export interface GoalBreakdownRow {
  value: string;
  /** Visits of this value that reached the goal. */
  converted: number;
  /** All visits of this value. */
  visits: number;
  rate: number | null;
}

export interface GoalDetails {
  kind: "goal";
  goal: string;
  /** Per dimension (channel, source, campaign, landing page): the values that converted, most first. */
  byDimension: { dimension: Dimension; rows: GoalBreakdownRow[] }[];
}

export type DetailsView =
  { frame: AnalyticsFrame; details: DimensionDetails | GoalDetails } | { frame: null; refused: RangeRefusal };

/** How a full list is sorted, searched and paged, from the address. */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get("sort");
  const page = Number(params.get("page") ?? "1");
  return {
    sort: SORTS.includes(sort as BreakdownSort) ? (sort as BreakdownSort) : "visitors",
    // Names read A to Z; numbers most first, unless asked otherwise.
    descending: params.get("dir") ? params.get("dir") !== "asc" : sort !== "value",
    search: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Exit pages: the share of each page's views that ended a visit. */
async function withExitRates(db: Db, scope: Scope, rows: BreakdownRowView[]): Promise<BreakdownRowView[]> {
  if (rows.length === 0) return rows;
  const views = await breakdowns(db, scope, ["page"], { limit: rows.length, values: rows.map((r) => r.value) });
  return rows.map((r) => {
    const pageviews = views.rows.find((v) => v.value === r.value)?.pageviews ?? 0;
    return { ...r, exitRate: pageviews > 0 ? r.visits / pageviews : null };
  });
}

/** One dimension's whole list: sorted, searched, a page at a time. */
export async function dimensionDetails(
  db: Db,
  scope: Scope,
  dimension: Dimension,
  state: ListState,
  pageSize = DETAILS_PAGE_SIZE,
): Promise<DimensionDetails> {
  const { rows, totals } = await breakdowns(db, scope, [dimension], {
    limit: pageSize,
    offset: (state.page - 1) * pageSize,
    sort: state.sort,
    descending: state.descending,
    search: state.search || undefined,
  });
  return {
    kind: "dimension",
    dimension,
    rows: dimension === "exit" ? await withExitRates(db, scope, rows) : rows,
    valuesCount: totals.get(dimension) ?? 0,
    state,
  };
}

/**
 * A goal by channel, source, campaign and landing page: the visits of each
 * value that reached it, out of all the visits of that value (the
 * dashboard's other filters apply to both).
 */
export async function goalDetails(db: Db, scope: Scope, goal: string): Promise<GoalDetails> {
  const converted = await breakdowns(db, { ...scope, filters: { ...scope.filters, goal } }, GOAL_DIMENSIONS, {
    limit: 1000,
    sort: "visits",
  });
  const all = await breakdowns(db, scope, GOAL_DIMENSIONS, {
    limit: 100_000,
    values: [...new Set(converted.rows.map((r) => r.value))],
  });
  return {
    kind: "goal",
    goal,
    byDimension: GOAL_DIMENSIONS.map((dimension) => ({
      dimension,
      rows: converted.rows
        .filter((r) => r.dimension === dimension)
        .map((r) => {
          const visits = all.rows.find((a) => a.dimension === dimension && a.value === r.value)?.visits ?? 0;
          return { value: r.value, converted: r.visits, visits, rate: visits > 0 ? r.visits / visits : null };
        }),
    })),
  };
}

/** The report a details address names: a dimension, or "goals". */
export function detailsReport(report: string): Dimension | "goals" | null {
  if (report === "goals") return "goals";
  return isDimension(report) ? report : null;
}

/** /admin/analytics/details/<report>: a breakdown's full list, or a goal's breakdown. Null: no such report (404). */
export async function detailsView(
  db: Db,
  report: string,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ status: 200 | 400 | 404; view: DetailsView | null }> {
  const which = detailsReport(report);
  if (!which) return { status: 404, view: null };
  const reading = await readFrame(db, params, now);
  if (!reading.ok) return { status: 400, view: { frame: null, refused: reading.refused } };
  const { frame } = reading;
  const scope = frameScope(frame);
  if (which === "goals") {
    const asked = params.get("for");
    const goal = GOALS.some((g) => g.key === asked) ? asked! : "lead";
    // The goal shown is its own filter here: the others still apply.
    const { goal: _ignored, ...filters } = frame.filters;
    void _ignored;
    return { status: 200, view: { frame, details: await goalDetails(db, { ...scope, filters }, goal) } };
  }
  return { status: 200, view: { frame, details: await dimensionDetails(db, scope, which, readListState(params)) } };
}
