import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { addDays, parseDayKey, startOfClinicDay } from "~/lib/clinic-time";
import type { Dimension } from "./dimensions";
import { valueLabel } from "./value-labels.server";
import type { Filters } from "./filters";
import type { MetricInputs } from "./metrics";
import { isCurrentRollup } from "./rollup-layout.server";
import { sliceOf } from "./slices";
import {
  breakdownRows,
  clinicDay,
  dayTotalsRows,
  durationRows,
  funnelRows,
  goalRows,
  visitFacts,
  type FunnelPaths,
  type VisitWindow,
} from "./visit-sql.server";

/**
 * The figures of a period, read from the daily rollups for the days they
 * hold and from the raw rows for the others (today, yesterday until an hour
 * past midnight, any day not rolled up yet), in one statement each, so a
 * day rolled up meanwhile is counted once. Filtered by one value of a slice
 * dimension (slices.ts), the rollups' slice of that value is read; with other
 * filters, or when told not to, everything comes from the raw rows: a test
 * compares both ways on the same data.
 */
export interface Scope {
  /** The first and last clinic day ("YYYY-MM-DD"), both included. */
  from: string;
  to: string;
  filters: Filters;
  /** Read rolled-up days from the rollups (false: all from the raw rows). */
  rollups: boolean;
  /** The time zone whose midnights divide the days (the analytics setting). */
  zone: string;
}

/** What a set of visits adds up to (every input of a figure but the median). Durations in whole seconds. */
export type Totals = Omit<MetricInputs, "medianSeconds">;

export const EMPTY_TOTALS: Totals = {
  visitors: 0,
  visits: 0,
  pageviews: 0,
  bounces: 0,
  durationSum: 0,
  leadVisits: 0,
  leads: 0,
};

type Row = Record<string, unknown>;
async function rowsOf<T = Row>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const instantsOf = (scope: Pick<Scope, "from" | "to" | "zone">) => ({
  start: startOfClinicDay(parseDayKey(scope.from)!, scope.zone),
  end: startOfClinicDay(addDays(parseDayKey(scope.to)!, 1), scope.zone),
});

/** The rollup slice that holds the scope's visits, or null when the scope reads raw rows only. */
const sliceFor = (scope: Scope): string | null => (scope.rollups ? sliceOf(scope.filters) : null);

/**
 * The raw part of a scope: from the first day in it that is not rolled up
 * (the rest is in the rollups), or all of it.
 */
export async function rawWindow(db: Db, scope: Scope): Promise<VisitWindow> {
  // One read per scope object: a page asks several figures of the same scope.
  let known = rawWindows.get(scope);
  if (!known) rawWindows.set(scope, (known = findRawWindow(db, scope)));
  return known;
}
const rawWindows = new WeakMap<Scope, Promise<VisitWindow>>();

async function findRawWindow(db: Db, scope: Scope): Promise<VisitWindow> {
  const { start, end } = instantsOf(scope);
  const { zone, filters } = scope;
  if (sliceFor(scope) === null) return { start, end, zone, filters, skipRolled: false };
  const [first] = await rowsOf<{ day: string | null }>(
    db,
    // Days before the first recorded visit have nothing to read (and are never rolled up).
    sql`select to_char(min(d), 'YYYY-MM-DD') as day
      from generate_series(greatest(${scope.from}::date, (select ${clinicDay(sql`started_at`, zone)} from visits order by id limit 1)),
        ${scope.to}::date, interval '1 day') d
      where not exists (select 1 from analytics_rollup_days r where r.day = d::date and ${isCurrentRollup(sql`r`, zone)})`,
  );
  const rawStart = first?.day ? startOfClinicDay(parseDayKey(first.day)!, zone) : end;
  return { start: rawStart, end, zone, filters, skipRolled: true };
}

/** Rows of a rollup table for the scope's rolled-up days, or none. */
function rolled(scope: Scope, table: string, columns: SQL): SQL {
  const slice = sliceFor(scope);
  if (slice === null) return sql`select ${columns} from ${sql.identifier(table)} t where false`;
  return sql`select ${columns} from ${sql.identifier(table)} t
    join analytics_rollup_days r on r.day = t.day and ${isCurrentRollup(sql`r`, scope.zone)}
    where t.slice = ${slice} and t.day between ${scope.from}::date and ${scope.to}::date`;
}

const num = (v: unknown) => Number(v ?? 0);
const totalsOf = (r: Row): Totals => ({
  visitors: num(r.visitors),
  visits: num(r.visits),
  pageviews: num(r.pageviews),
  bounces: num(r.bounces),
  durationSum: num(r.duration_sum),
  leadVisits: num(r.lead_visits),
  leads: num(r.leads),
});

export function addTotals(a: Totals, b: Totals): Totals {
  return {
    visitors: a.visitors + b.visitors,
    visits: a.visits + b.visits,
    pageviews: a.pageviews + b.pageviews,
    bounces: a.bounces + b.bounces,
    durationSum: a.durationSum + b.durationSum,
    leadVisits: a.leadVisits + b.leadVisits,
    leads: a.leads + b.leads,
  };
}

/** Per clinic day ("YYYY-MM-DD"): its totals. Days without a visit are absent. */
export async function dayTotals(db: Db, scope: Scope): Promise<Map<string, Totals>> {
  const raw = await rawWindow(db, scope);
  const columns = sql`t.day, t.visitors, t.visits, t.pageviews, t.bounces, t.duration_sum, t.lead_visits, t.leads`;
  const rows = await rowsOf(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(visitors) as visitors, sum(visits) as visits,
      sum(pageviews) as pageviews, sum(bounces) as bounces, sum(duration_sum) as duration_sum,
      sum(lead_visits) as lead_visits, sum(leads) as leads
    from (${rolled(scope, "analytics_day_totals", columns)}
      union all select ${columns} from (${dayTotalsRows(raw)}) t) x
    group by day`,
  );
  return new Map(rows.map((r) => [r.day as string, totalsOf(r)]));
}

/**
 * Totals per bucket of instants (hours): `edges` ascending, ISO. Unique
 * visitors here are distinct within each bucket. Always from the raw rows.
 */
export async function bucketTotals(db: Db, scope: Scope, edges: readonly string[]): Promise<Map<number, Totals>> {
  const { start, end } = instantsOf(scope);
  const window: VisitWindow = { start, end, zone: scope.zone, filters: scope.filters, skipRolled: false };
  const rows = await rowsOf(
    db,
    sql`select width_bucket(f.started_at, ${sql.param(edges)}::timestamptz[]) as bucket,
      count(distinct f.visitor_id) as visitors, count(*) as visits, sum(f.pageviews) as pageviews,
      count(*) filter (where f.is_bounce) as bounces, sum(f.secs) as duration_sum,
      count(*) filter (where f.leads > 0) as lead_visits, sum(f.leads) as leads
    from ${visitFacts(window)} f group by 1`,
  );
  return new Map(rows.map((r) => [num(r.bucket), totalsOf(r)]));
}

/**
 * How many visits lasted each whole number of seconds, per group: the
 * scope's days grouped by `dayEdges` (ascending "YYYY-MM-DD", as for SQL's
 * width_bucket; group 1 is from the first edge), or one group (1) without.
 */
export async function durationCounts(
  db: Db,
  scope: Scope,
  dayEdges?: readonly string[],
): Promise<Map<number, [number, number][]>> {
  const raw = await rawWindow(db, scope);
  const columns = sql`t.day, t.seconds, t.visits`;
  const group = dayEdges ? sql`width_bucket(day, ${sql.param(dayEdges)}::date[])` : sql`1`;
  const rows = await rowsOf<{ grp: number; seconds: number; visits: number }>(
    db,
    sql`select ${group} as grp, seconds, sum(visits)::int as visits
    from (${rolled(scope, "analytics_day_durations", columns)}
      union all select ${columns} from (${durationRows(raw)}) t) x
    group by 1, 2 order by 1, 2`,
  );
  const groups = new Map<number, [number, number][]>();
  for (const r of rows) {
    const list = groups.get(num(r.grp)) ?? [];
    list.push([num(r.seconds), num(r.visits)]);
    groups.set(num(r.grp), list);
  }
  return groups;
}

/** The lower median of a histogram of [seconds, visits] ascending: null when empty. */
export function medianOf(histogram: readonly [number, number][]): number | null {
  const total = histogram.reduce((n, [, count]) => n + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [seconds, count] of histogram) {
    seen += count;
    if (seen * 2 >= total) return seconds;
  }
  return histogram.at(-1)![0];
}

/** One value of a breakdown, summed over the scope. */
export interface BreakdownRow {
  dimension: Dimension;
  value: string;
  /** The value in words where it is a code (a country, a state). */
  label?: string;
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  durationSum: number;
  leadVisits: number;
}

export type BreakdownSort = "visitors" | "visits" | "pageviews" | "bounces" | "leadVisits" | "value";
const SORT_SQL: Record<BreakdownSort, string> = {
  visitors: "visitors",
  visits: "visits",
  pageviews: "pageviews",
  bounces: "bounces",
  leadVisits: "lead_visits",
  value: "value",
};

/**
 * The values of some dimensions over the scope, each dimension's best
 * `limit` by `sort` (visitors first, then the value, so ties keep an order),
 * with `search` narrowing the values (case-insensitive, anywhere).
 */
export async function breakdowns(
  db: Db,
  scope: Scope,
  dimensions: readonly Dimension[],
  options: {
    limit: number;
    /** Rows to skip in each dimension (a later page of a full list). */
    offset?: number;
    sort?: BreakdownSort;
    descending?: boolean;
    search?: string;
    values?: string[];
  },
): Promise<{ rows: BreakdownRow[]; totals: Map<Dimension, number> }> {
  if (dimensions.length === 0) return { rows: [], totals: new Map() };
  const raw = await rawWindow(db, scope);
  const columns = sql`t.day, t.dimension, t.value, t.visitors, t.visits, t.pageviews, t.bounces, t.duration_sum, t.lead_visits`;
  const wanted = sql`dimension in (${sql.join(
    dimensions.map((d) => sql`${d}`),
    sql`, `,
  )})`;
  const conditions = [wanted];
  if (options.search) conditions.push(sql`strpos(lower(value), ${options.search.toLowerCase()}) > 0`);
  if (options.values) conditions.push(sql`value = any(${sql.param(options.values)}::text[])`);
  const sort = SORT_SQL[options.sort ?? "visitors"];
  const direction = sql.raw(options.descending === false ? "asc" : "desc");
  const rows = await rowsOf(
    db,
    sql`with summed as (
      select dimension, value, sum(visitors) as visitors, sum(visits) as visits, sum(pageviews) as pageviews,
        sum(bounces) as bounces, sum(duration_sum) as duration_sum, sum(lead_visits) as lead_visits
      from (${rolled(scope, "analytics_day_breakdowns", columns)} and t.${wanted}
        union all select ${columns} from (${breakdownRows(raw, dimensions)}) t) x
      where ${sql.join(conditions, sql` and `)}
      group by dimension, value
    ),
    ranked as (
      select *, row_number() over (partition by dimension order by ${sql.raw(sort)} ${direction}, value) as n,
        count(*) over (partition by dimension) as values_count
      from summed
    )
    select * from ranked where n > ${options.offset ?? 0} and n <= ${(options.offset ?? 0) + options.limit}
    order by dimension, n`,
  );
  const totals = new Map<Dimension, number>();
  const result = rows.map((r) => {
    totals.set(r.dimension as Dimension, num(r.values_count));
    const label = valueLabel(r.dimension as Dimension, r.value as string);
    return {
      dimension: r.dimension as Dimension,
      value: r.value as string,
      ...(label ? { label } : {}),
      visitors: num(r.visitors),
      visits: num(r.visits),
      pageviews: num(r.pageviews),
      bounces: num(r.bounces),
      durationSum: num(r.duration_sum),
      leadVisits: num(r.lead_visits),
    };
  });
  return { rows: result, totals };
}

/** One value of a breakdown on one clinic day. */
export interface BreakdownDay {
  /** "YYYY-MM-DD" */
  day: string;
  dimension: Dimension;
  value: string;
  visitors: number;
  visits: number;
  leadVisits: number;
}

/**
 * The values of some dimensions day by day over the scope (from the
 * rollups for the days they hold, the raw rows for the rest, as every
 * figure here): for a report that lines visits up with figures of its own
 * per day, such as the Google Ads report's visits per utm_campaign.
 */
export async function breakdownDays(
  db: Db,
  scope: Scope,
  dimensions: readonly Exclude<Dimension, "page">[],
): Promise<BreakdownDay[]> {
  if (dimensions.length === 0) return [];
  const raw = await rawWindow(db, scope);
  const columns = sql`t.day, t.dimension, t.value, t.visitors, t.visits, t.lead_visits`;
  const wanted = sql`dimension in (${sql.join(
    dimensions.map((d) => sql`${d}`),
    sql`, `,
  )})`;
  const rows = await rowsOf(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, dimension, value, sum(visitors) as visitors, sum(visits) as visits,
      sum(lead_visits) as lead_visits
    from (${rolled(scope, "analytics_day_breakdowns", columns)} and t.${wanted}
      union all select ${columns} from (${breakdownRows(raw, dimensions)}) t) x
    where ${wanted}
    group by day, dimension, value`,
  );
  return rows.map((r) => ({
    day: r.day as string,
    dimension: r.dimension as Dimension,
    value: r.value as string,
    visitors: num(r.visitors),
    visits: num(r.visits),
    leadVisits: num(r.lead_visits),
  }));
}

/** A goal's (or one of its labels') conversions over the scope. */
export interface GoalRow {
  goal: string;
  /** "*": the goal's totals; "": events without a label. */
  label: string;
  conversions: number;
  visits: number;
  visitors: number;
}

export async function goalTotals(db: Db, scope: Scope): Promise<GoalRow[]> {
  const raw = await rawWindow(db, scope);
  const columns = sql`t.day, t.goal, t.label, t.conversions, t.visits, t.visitors`;
  const rows = await rowsOf(
    db,
    sql`select goal, label, sum(conversions) as conversions, sum(visits) as visits, sum(visitors) as visitors
    from (${rolled(scope, "analytics_day_goals", columns)}
      union all select ${columns} from (${goalRows(raw)}) t) x
    group by goal, label`,
  );
  return rows.map((r) => ({
    goal: r.goal as string,
    label: r.label as string,
    conversions: num(r.conversions),
    visits: num(r.visits),
    visitors: num(r.visitors),
  }));
}

/** Visits reaching each funnel step (index 0 = step 1). */
export async function funnelCounts(db: Db, scope: Scope, paths: FunnelPaths): Promise<number[]> {
  const raw = await rawWindow(db, scope);
  const columns = sql`t.day, t.step, t.visits`;
  const rows = await rowsOf(
    db,
    sql`select step, sum(visits) as visits
    from (${rolled(scope, "analytics_day_funnel", columns)}
      union all select ${columns} from (${funnelRows(raw, paths)}) t) x
    group by step order by step`,
  );
  const steps = [0, 0, 0, 0];
  for (const r of rows) steps[num(r.step) - 1] = num(r.visits);
  return steps;
}
