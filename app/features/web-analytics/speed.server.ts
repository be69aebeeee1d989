import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { DEFAULT_ANALYTICS_SETTINGS } from "~/features/analytics-upkeep/analytics-settings";
import type { DateRange } from "~/lib/date-range";
import { readFrame } from "./analytics-view.server";
import { rawWindow, type Scope } from "./figures.server";
import { hasFilters, type Filters } from "./filters";
import { isCurrentRollup } from "./rollup-layout.server";
import { vitalRows } from "./vitals-sql.server";
import { zoneLiteral } from "./visit-sql.server";
import {
  PAGE_SORTS,
  SPEED_MAX_DAYS,
  TOP_PAGES,
  type PageOrder,
  type PageSort,
  type PageSpeed,
  type Speed,
  type SpeedView,
  type VitalFigure,
  type VitalFigures,
} from "./speed-types";
import { binValue, isVital, VITALS, type Vital } from "./vitals";

/**
 * Site speed from real visitors: the web_vital events of the visits that
 * started in the range (and pass the filters), each metric's 75th percentile
 * and Google's good / needs-improvement / poor shares, overall, per device
 * type, per page and per bucket of the range.
 *
 * The 75th percentile is percentile_disc(0.75) of the measurements rounded up
 * to the metric's step (vitals.ts VITAL_STEPS): the smallest such value with at
 * least 75 % of the samples at or below it, which is the exact percentile
 * rounded up. It is read from histograms: the daily vitals rollup for the
 * rolled-up days and the raw rows, binned the same way, for the others
 * (decision 0027, "Site speed"). The shares and counts are exact either way.
 * With filters (the rollup does not break down by them), a range charted by
 * hour, or `rollups: false`, everything comes from the raw rows.
 */

const DEVICE_ORDER = ["mobile", "desktop", "tablet"];

const noFigure = (): VitalFigure => ({ samples: 0, p75: null, good: null, needsImprovement: null, poor: null });
const noFigures = (): VitalFigures => Object.fromEntries(VITALS.map((v) => [v, noFigure()])) as unknown as VitalFigures;

interface Row {
  grp: "all" | "device" | "page" | "bucket";
  metric: string;
  key: string | null;
  samples: number;
  /** The 75th percentile's bin (a number of steps). */
  p75: number;
  good: number;
  poor: number;
}

/** The speed figures of the visits that started in [start, end) and pass the filters. */
export async function loadSpeed(
  db: Db,
  options: {
    range: DateRange;
    filters: Filters;
    zone?: string;
    order?: PageOrder;
    rollups?: boolean;
    /** Every measured page rather than the TOP_PAGES most measured (the site audit judges each page). */
    allPages?: boolean;
  },
): Promise<Speed> {
  const { range, filters } = options;
  const order = options.order ?? { sort: "samples", descending: true };
  // A day's rollup has no hours: a range charted by hour (one day) reads its raw rows.
  const useRollups = (options.rollups ?? true) && !hasFilters(filters) && range.bucket !== "hour";
  const zone = options.zone ?? DEFAULT_ANALYTICS_SETTINGS.timeZone;
  const scope: Scope = { from: range.current.from, to: range.current.to, filters, rollups: useRollups, zone };
  const raw = await rawWindow(db, scope);
  const edgeList = [...range.buckets.map((b) => b.start), range.current.end];
  const edges = sql`${sql.param(edgeList)}::timestamptz[]`;
  // The rolled-up days' histograms (none when reading raw rows only), each in its bucket.
  const rolled = sql`select width_bucket((t.day::timestamp at time zone ${zoneLiteral(zone)}), ${edges}) as bucket,
      t.metric, t.device, t.path, t.samples, t.good, t.poor, t.bins, t.counts
    from analytics_day_vitals t
    join analytics_rollup_days r on r.day = t.day and ${isCurrentRollup(sql`r`, zone)}
    where ${useRollups ? sql`t.day between ${scope.from}::date and ${scope.to}::date` : sql`false`}`;
  const key = sql`coalesce(device, path, bucket::text, '')`;
  const grp = sql`case when grouping(device) = 0 then 'device' when grouping(path) = 0 then 'page'
    when grouping(bucket) = 0 then 'bucket' else 'all' end`;
  const query = sql`
    with rolled as (${rolled}),
    -- The other days, raw, a row per bin.
    raw as (${vitalRows(raw, edgeList)}),
    -- Every (bin, count) pair, read twice below (by device and bucket, and by page) rather than stored.
    pairs as not materialized (
      -- In the select list (two arrays of the same length unnest side by side): a lateral unnest() would be memoized.
      select bucket, metric, device, path, unnest(bins) as bin, unnest(counts) as n from rolled
      union all select bucket, metric, device, path, bin, samples from raw
    ),
    histograms as (
      select case when grouping(device) = 0 then 'device' when grouping(bucket) = 0 then 'bucket' else 'all' end as grp,
        metric, coalesce(device, bucket::text, '') as key, bin, sum(n) as n
      from (select metric, device, bucket, bin, sum(n) as n from pairs group by 1, 2, 3, 4) d
      group by grouping sets ((metric, bin), (metric, device, bin), (metric, bucket, bin))
      union all
      select 'page', metric, path, bin, sum(n) from pairs group by metric, path, bin
    ),
    running as (
      select *, sum(n) over (partition by grp, metric, key order by bin) as below,
        sum(n) over (partition by grp, metric, key) as total
      from histograms
    ),
    -- percentile_disc(0.75): the first bin with at least three quarters of the samples at or below it.
    p75s as (
      select grp, metric, key, min(bin) filter (where below * 4 >= total * 3) as p75 from running group by 1, 2, 3
    ),
    -- The counts, exact, from the histograms' own (a rolled-up row's, or a raw bin's).
    tallies as (
      select ${grp} as grp, metric, ${key} as key, sum(samples)::int as samples, sum(good)::int as good,
        sum(poor)::int as poor
      from (select bucket, metric, device, path, samples, good, poor from rolled
        union all select bucket, metric, device, path, samples, good, poor from raw) g
      group by grouping sets ((metric), (metric, device), (metric, path), (metric, bucket))
    )
    select t.grp, t.metric, nullif(t.key, '') as key, t.samples, p.p75, t.good, t.poor
    from tallies t join p75s p on p.grp = t.grp and p.metric = t.metric and p.key = t.key`;
  const result = (await db.execute(query)) as unknown as { rows: Row[] };

  const overall = noFigures();
  type Group = { samples: number; vitals: VitalFigures };
  const devices = new Map<string, Group>();
  const pages = new Map<string, Group>();
  const trend = range.buckets.map(
    () => Object.fromEntries(VITALS.map((v) => [v, null])) as Record<Vital, null | number>,
  );
  for (const row of result.rows) {
    if (!isVital(row.metric)) continue;
    const samples = Number(row.samples);
    const figure: VitalFigure = {
      samples,
      p75: binValue(row.metric, Number(row.p75)),
      good: Number(row.good) / samples,
      needsImprovement: (samples - Number(row.good) - Number(row.poor)) / samples,
      poor: Number(row.poor) / samples,
    };
    const key = row.key ?? "";
    if (row.grp === "all") overall[row.metric] = figure;
    else if (row.grp === "bucket") {
      const slot = trend[Number(key) - 1];
      if (slot) slot[row.metric] = figure.p75;
    } else {
      const into = row.grp === "device" ? devices : pages;
      const entry = into.get(key) ?? { samples: 0, vitals: noFigures() };
      entry.samples += samples;
      entry.vitals[row.metric] = figure;
      into.set(key, entry);
    }
  }
  const deviceRank = (d: string) => (DEVICE_ORDER.includes(d) ? DEVICE_ORDER.indexOf(d) : DEVICE_ORDER.length);
  const top = [...pages]
    .map(([path, { samples, vitals }]) => ({ path, samples, vitals }))
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path))
    .slice(0, options.allPages ? undefined : TOP_PAGES);
  return {
    overall,
    samples: VITALS.reduce((n, v) => n + overall[v].samples, 0),
    devices: [...devices]
      .map(([device, { samples, vitals }]) => ({ device, samples, vitals }))
      .sort((a, b) => deviceRank(a.device) - deviceRank(b.device) || a.device.localeCompare(b.device)),
    pages: sortPages(top, order),
    pageCount: pages.size,
    trend,
  };
}

/** Pages in the order asked; a metric's pages without measurements last either way. */
export function sortPages(pages: PageSpeed[], { sort, descending }: PageOrder): PageSpeed[] {
  const sign = descending ? -1 : 1;
  return [...pages].sort((a, b) => {
    if (sort === "path") return sign * a.path.localeCompare(b.path);
    if (sort === "samples") return sign * (a.samples - b.samples) || a.path.localeCompare(b.path);
    const x = a.vitals[sort].p75;
    const y = b.vitals[sort].p75;
    if (x === null || y === null) return x === y ? a.path.localeCompare(b.path) : x === null ? 1 : -1;
    return sign * (x - y) || a.path.localeCompare(b.path);
  });
}

/** The pages table's order from the address: `?sort=LCP&dir=asc`; the most measured first by default. */
export function readPageOrder(params: URLSearchParams): PageOrder {
  const asked = params.get("sort") ?? "";
  const sort = (PAGE_SORTS as readonly string[]).includes(asked) ? (asked as PageSort) : "samples";
  const order = params.get("dir");
  // Slowest first and most measured first; pages A to Z.
  const descending = order === "asc" ? false : order === "desc" ? true : sort !== "path";
  return { sort, descending };
}

/** /admin/analytics/speed: the range and filters from the address, and their speed figures. */
export async function speedView(
  db: Db,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ status: 200 | 400; view: SpeedView }> {
  const reading = await readFrame(db, params, now);
  if (!reading.ok) return { status: 400, view: { frame: null, refused: reading.refused } };
  const { frame } = reading;
  const order = readPageOrder(params);
  // Only the raw rows (read with filters) have a limit; the rollup reads any range (docs/benchmarks.md).
  if (hasFilters(frame.filters) && frame.range.current.days > SPEED_MAX_DAYS)
    return { status: 200, view: { frame, speed: null, order } };
  const speed = await loadSpeed(db, { range: frame.range, filters: frame.filters, zone: frame.zone, order });
  return { status: 200, view: { frame, speed, order } };
}
