import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { DEFAULT_ANALYTICS_SETTINGS } from "~/features/analytics-upkeep/analytics-settings";
import { botRequestsBetween } from "~/features/analytics/bot-hits.server";
import { bucketEdges, bucketIndexOf, type DateRange, type RangePeriod } from "~/lib/date-range";
import { GOALS, METRICS, type Metric } from "./dimensions";
import {
  addTotals,
  breakdowns,
  bucketTotals,
  dayTotals,
  durationCounts,
  EMPTY_TOTALS,
  goalTotals,
  medianOf,
  type Scope,
  type Totals,
} from "./figures.server";
import type { Filters } from "./filters";
import {
  CARD_ROWS,
  CARDS,
  type BreakdownRowView,
  type CardName,
  type CardTabs,
  type ChartPointView,
  type GoalView,
  type Overview,
} from "./overview-types";
import { metricValue } from "./metrics";
import { pendingDays } from "./rollup.server";
import { visitFacts } from "./visit-sql.server";

function scopeOf(period: RangePeriod, filters: Filters, rollups: boolean, zone: string): Scope {
  return { from: period.from, to: period.to, filters, rollups, zone };
}

const sumAll = (totals: Iterable<Totals>) => [...totals].reduce(addTotals, EMPTY_TOTALS);

/** A period's figures: every metric from its totals and median. */
async function periodFigures(db: Db, scope: Scope) {
  const [days, durations] = await Promise.all([dayTotals(db, scope), durationCounts(db, scope)]);
  const totals = sumAll(days.values());
  const inputs = { ...totals, medianSeconds: medianOf(durations.get(1) ?? []) };
  return { days, totals, inputs };
}

/** The dashboard's day edges for width_bucket over days (each bucket's first day, then the day after the last). */
function dayEdges(range: DateRange, which: "current" | "previous"): string[] {
  const buckets = which === "current" ? range.buckets : range.previousBuckets;
  const period = which === "current" ? range.current : range.previous!;
  const after = new Date(new Date(`${period.to}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  return [...buckets.map((b) => b.from), after];
}

async function chartPoints(
  db: Db,
  range: DateRange,
  metric: Metric,
  current: Awaited<ReturnType<typeof periodFigures>>,
  previous: Awaited<ReturnType<typeof periodFigures>> | null,
  filters: Filters,
  rollups: boolean,
  zone: string,
): Promise<ChartPointView[]> {
  const values: (number | null)[] = [];
  const before: (number | null)[] = [];
  if (range.bucket === "hour") {
    const { edges, slots } = bucketEdges(range);
    const scope: Scope = {
      from: range.previous?.from ?? range.current.from,
      to: range.current.to,
      filters,
      rollups: false,
      zone,
    };
    const byBucket = await bucketTotals(db, scope, edges);
    const withMedian =
      metric === "median_duration" ? await hourMedians(db, scope, edges) : new Map<number, number | null>();
    const cur = range.buckets.map(() => ({ ...EMPTY_TOTALS }) as Totals);
    const prev = range.previousBuckets.map(() => ({ ...EMPTY_TOTALS }) as Totals);
    const curMedian: (number | null)[] = range.buckets.map(() => null);
    const prevMedian: (number | null)[] = range.previousBuckets.map(() => null);
    slots.forEach((slot, n) => {
      if (!slot) return;
      const t = byBucket.get(n);
      const target = slot.period === "current" ? cur : prev;
      if (t) target[slot.index] = t;
      (slot.period === "current" ? curMedian : prevMedian)[slot.index] = withMedian.get(n) ?? null;
    });
    cur.forEach((t, i) => values.push(metricValue(metric, { ...t, medianSeconds: curMedian[i] ?? null })));
    prev.forEach((t, i) => before.push(metricValue(metric, { ...t, medianSeconds: prevMedian[i] ?? null })));
  } else {
    const fold = async (which: "current" | "previous", days: Map<string, Totals>) => {
      const buckets = which === "current" ? range.buckets : range.previousBuckets;
      const totals = buckets.map(() => ({ ...EMPTY_TOTALS }) as Totals);
      for (const [day, t] of days) {
        const i = bucketIndexOf(buckets, day);
        if (i >= 0) totals[i] = addTotals(totals[i]!, t);
      }
      let medians: Map<number, [number, number][]> | null = null;
      if (metric === "median_duration") {
        const period = which === "current" ? range.current : range.previous!;
        medians = await durationCounts(db, scopeOf(period, filters, rollups, zone), dayEdges(range, which));
      }
      return totals.map((t, i) =>
        metricValue(metric, { ...t, medianSeconds: medians ? medianOf(medians.get(i + 1) ?? []) : null }),
      );
    };
    values.push(...(await fold("current", current.days)));
    if (previous) before.push(...(await fold("previous", previous.days)));
  }
  return range.buckets.map((bucket, i) => ({
    label: bucket.label,
    title: bucket.title,
    value: values[i] ?? null,
    previous: range.previous ? (before[i] ?? null) : null,
  }));
}

/** Median duration per hour bucket (raw rows; the same lower median as medianOf). */
async function hourMedians(db: Db, scope: Scope, edges: readonly string[]): Promise<Map<number, number | null>> {
  const window = {
    start: new Date(edges[0]!),
    end: new Date(edges.at(-1)!),
    zone: scope.zone,
    filters: scope.filters,
    skipRolled: false,
  };
  const result = (await db.execute(sql`
    select width_bucket(f.started_at, ${sql.param(edges)}::timestamptz[]) as bucket,
      percentile_disc(0.5) within group (order by f.secs) as median
    from ${visitFacts(window)} f
    group by 1`)) as unknown as { rows: { bucket: number; median: number }[] };
  return new Map(result.rows.map((r) => [Number(r.bucket), Number(r.median)]));
}

/** The goals card: every goal with its conversions and rate. */
function goalViews(rows: Awaited<ReturnType<typeof goalTotals>>, visits: number): GoalView[] {
  return GOALS.map((goal) => {
    const row = rows.find((r) => r.goal === goal.eventType && r.label === (goal.label ?? "*"));
    const converting = row?.visits ?? 0;
    return {
      key: goal.key,
      name: goal.name,
      conversions: row?.conversions ?? 0,
      visits: converting,
      rate: visits > 0 ? converting / visits : null,
    };
  });
}

/**
 * The whole overview: top figures with the period before, the main chart,
 * the four breakdown cards (each on its chosen tab), the goals and the bots
 * left out.
 */
export async function loadOverview(
  db: Db,
  options: {
    range: DateRange;
    filters: Filters;
    /** The days' time zone (the analytics setting), the default setting's when not given. */
    zone?: string;
    metric: Metric;
    tabs: CardTabs;
    rollups?: boolean;
    now?: Date;
  },
): Promise<Overview> {
  const { range, filters, metric, tabs } = options;
  const zone = options.zone ?? DEFAULT_ANALYTICS_SETTINGS.timeZone;
  const rollups = options.rollups ?? true;
  const currentScope = scopeOf(range.current, filters, rollups, zone);
  const current = await periodFigures(db, currentScope);
  const previous = range.previous ? await periodFigures(db, scopeOf(range.previous, filters, rollups, zone)) : null;

  const figures = METRICS.map((m) => ({
    metric: m,
    value: metricValue(m, current.inputs),
    previous: previous && previous.totals.visits > 0 ? metricValue(m, previous.inputs) : null,
  }));
  const points = await chartPoints(db, range, metric, current, previous, filters, rollups, zone);

  const shown = Object.values(tabs);
  const { rows, totals } = await breakdowns(db, currentScope, shown, { limit: CARD_ROWS });
  const exitRows = rows.filter((r) => r.dimension === "exit");
  const exitViews =
    exitRows.length > 0
      ? (
          await breakdowns(db, currentScope, ["page"], {
            limit: CARD_ROWS,
            values: exitRows.map((r) => r.value),
          })
        ).rows
      : [];
  const cards = Object.fromEntries(
    (Object.keys(CARDS) as CardName[]).map((card) => {
      const dimension = tabs[card];
      return [
        card,
        {
          dimension,
          valuesCount: totals.get(dimension) ?? 0,
          rows: rows
            .filter((r) => r.dimension === dimension)
            .map((r): BreakdownRowView => {
              if (dimension !== "exit") return r;
              const views = exitViews.find((v) => v.value === r.value)?.pageviews ?? 0;
              return { ...r, exitRate: views > 0 ? r.visits / views : null };
            }),
        },
      ];
    }),
  ) as Overview["cards"];

  const goals = goalViews(await goalTotals(db, currentScope), current.totals.visits);
  const [bots, pending] = await Promise.all([
    botRequestsBetween(db, new Date(range.current.start), new Date(range.current.end)),
    pendingDays(db, options.now ?? new Date(), zone, 1),
  ]);
  return {
    figures,
    chart: { metric, points, hasPrevious: range.previous !== null },
    cards,
    goals,
    botRequests: bots,
    rollup: { daysPending: pending.count },
  };
}
