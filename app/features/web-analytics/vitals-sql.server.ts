import { sql, type SQL } from "drizzle-orm";
import { VITAL_INFO, VITAL_STEPS, VITALS } from "./vitals";
import { clinicDay, eventWindow, filterConditions, notRolledUp, type VisitWindow } from "./visit-sql.server";

/**
 * The SQL of the site speed figures on the raw rows, as histograms: per clinic day (of the visit's
 * start), bucket, metric, device type, page and bin, how many web vitals were measured, and how many
 * of them were good and poor by Google's rule on the exact value. The daily vitals rollup
 * (analytics_day_vitals, rollup.server.ts) stores these rows without the bucket, so a rolled-up day
 * reads the same as a raw one (decision 0027, "Site speed"), a histogram per row (bins and counts
 * as arrays) rather than a row per bin.
 */

const iso = (d: Date) => d.toISOString();

// Each metric's thresholds and step, joined to the events by name. The step as a decimal (numeric):
// in binary floating point 0.1 / 0.01 is a hair over 10 and would round up to the wrong bin.
const metrics = () =>
  sql`(values ${sql.join(
    VITALS.map(
      (v) =>
        sql`(${v}, ${VITAL_INFO[v].good}::float8, ${VITAL_INFO[v].poor}::float8, ${String(VITAL_STEPS[v])}::numeric)`,
    ),
    sql`, `,
  )}) as t(metric, good, poor, step)`;

/**
 * The histogram rows of the web vitals of the window's visits (filtered as it says). `edges`
 * (ascending ISO instants, as for width_bucket) give each row the bucket its visit started in; without,
 * the bucket is null.
 */
export function vitalRows(window: VisitWindow, edges?: readonly string[]): SQL {
  const conditions = [
    sql`v.started_at >= ${iso(window.start)}::timestamptz`,
    sql`v.started_at < ${iso(window.end)}::timestamptz`,
    ...filterConditions(window),
  ];
  if (window.skipRolled) conditions.push(notRolledUp(window));
  const bucket = edges ? sql`width_bucket(v.started_at, ${sql.param(edges)}::timestamptz[])` : sql`null::int`;
  return sql`
    select ${clinicDay(sql`v.started_at`, window.zone)} as day, ${bucket} as bucket, e.event_label as metric,
      v.device_type as device, coalesce(e.path, '') as path, ceil(e.value::numeric / t.step)::int as bin,
      count(*)::int as samples, (count(*) filter (where e.value <= t.good))::int as good,
      (count(*) filter (where e.value > t.poor))::int as poor
    from analytics_events e
    join ${metrics()} on t.metric = e.event_label
    join visits v on v.id = e.visit_id
    where e.event_type = 'web_vital' and ${eventWindow(window, sql`e.occurred_at`)} and e.value is not null
      and ${sql.join(conditions, sql` and `)}
    group by 1, 2, 3, 4, 5, 6`;
}

/** Stores the window's days in the daily vitals rollup, a row per histogram (the caller has deleted what they held). */
export function insertVitalRollup(window: VisitWindow): SQL {
  return sql`insert into analytics_day_vitals (day, metric, device, path, samples, good, poor, bins, counts)
    select day, metric, device, path, sum(samples), sum(good), sum(poor), array_agg(bin order by bin),
      array_agg(samples order by bin)
    from (${vitalRows(window)}) r
    group by day, metric, device, path`;
}
