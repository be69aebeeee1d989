import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { DEFAULT_ANALYTICS_SETTINGS } from "~/features/analytics-upkeep/analytics-settings";
import type { DateRange } from "~/lib/date-range";
import { readFrame } from "./analytics-view.server";
import type { Filters } from "./filters";
import { eventWindow, filterConditions, type VisitWindow } from "./visit-sql.server";
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
import { isVital, VITAL_INFO, VITALS, type Vital } from "./vitals";

/**
 * Site speed from real visitors: the web_vital events of the visits that
 * started in the range (and pass the filters), each metric's 75th percentile
 * and Google's good / needs-improvement / poor shares, overall, per device
 * type, per page and per bucket of the range.
 *
 * The 75th percentile is PostgreSQL's percentile_disc(0.75): the smallest
 * measured value with at least 75 % of the samples at or below it (always a
 * value someone measured, never an interpolation).
 */

const DEVICE_ORDER = ["mobile", "desktop", "tablet"];
const SORT_MEMORY = "64MB";

const noFigure = (): VitalFigure => ({ samples: 0, p75: null, good: null, needsImprovement: null, poor: null });
const noFigures = (): VitalFigures => Object.fromEntries(VITALS.map((v) => [v, noFigure()])) as unknown as VitalFigures;

interface Row {
  grp: "all" | "device" | "page" | "bucket";
  metric: string;
  key: string | null;
  samples: number;
  p75: number;
  good: number;
  poor: number;
}

/** The speed figures of the visits that started in [start, end) and pass the filters. */
export async function loadSpeed(
  db: Db,
  options: { range: DateRange; filters: Filters; zone?: string; order?: PageOrder },
): Promise<Speed> {
  const { range, filters } = options;
  const order = options.order ?? { sort: "samples", descending: true };
  const window: VisitWindow = {
    start: new Date(range.current.start),
    end: new Date(range.current.end),
    zone: options.zone ?? DEFAULT_ANALYTICS_SETTINGS.timeZone,
    filters,
    skipRolled: false,
  };
  const edges = [...range.buckets.map((b) => b.start), range.current.end];
  const thresholds = sql.join(
    VITALS.map((v) => sql`(${v}, ${VITAL_INFO[v].good}::float8, ${VITAL_INFO[v].poor}::float8)`),
    sql`, `,
  );
  const query = sql`
    with samples as materialized (
      select e.event_label as metric, e.value, coalesce(e.path, '') as path, v.device_type as device,
        width_bucket(v.started_at, ${sql.param(edges)}::timestamptz[]) as bucket, t.good, t.poor
      from analytics_events e
      join (values ${thresholds}) as t(metric, good, poor) on t.metric = e.event_label
      join visits v on v.id = e.visit_id
      where e.event_type = 'web_vital' and ${eventWindow(window, sql`e.occurred_at`)} and e.value is not null
        and ${sql.join(
          [
            sql`v.started_at >= ${window.start.toISOString()}::timestamptz`,
            sql`v.started_at < ${window.end.toISOString()}::timestamptz`,
            ...filterConditions(window),
          ],
          sql` and `,
        )}
    )
    select case when grouping(device) = 0 then 'device' when grouping(path) = 0 then 'page'
        when grouping(bucket) = 0 then 'bucket' else 'all' end as grp,
      metric, coalesce(device, path, bucket::text) as key, count(*)::int as samples,
      percentile_disc(0.75) within group (order by value) as p75,
      (count(*) filter (where value <= good))::int as good, (count(*) filter (where value > poor))::int as poor
    from samples
    group by grouping sets ((metric), (metric, device), (metric, path), (metric, bucket))`;
  const result = await db.transaction(async (tx) => {
    // Four sorts of every sample (one per grouping set, percentile_disc sorting each group again): at the
    // default 4 MB they spill to disk from a few days of traffic on (30 days at 1M page views a year: 2.9 s
    // instead of 1.6 s). For this statement only.
    await tx.execute(sql.raw(`set local work_mem = '${SORT_MEMORY}'`));
    return (await tx.execute(query)) as unknown as { rows: Row[] };
  });

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
      p75: Number(row.p75),
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
    .slice(0, TOP_PAGES);
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
  if (frame.range.current.days > SPEED_MAX_DAYS) return { status: 200, view: { frame, speed: null, order } };
  const speed = await loadSpeed(db, { range: frame.range, filters: frame.filters, zone: frame.zone, order });
  return { status: 200, view: { frame, speed, order } };
}
