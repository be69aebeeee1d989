import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { addDays, CLINIC_TIME_ZONE, clinicDayOf, dayKey, parseDayKey, startOfClinicDay } from "~/lib/clinic-time";
import { DIMENSIONS } from "./dimensions";
import { funnelPaths } from "./funnel-paths.server";
import {
  breakdownRows,
  dayTotalsRows,
  durationRows,
  funnelRows,
  goalRows,
  type FunnelPaths,
  type VisitWindow,
} from "./visit-sql.server";

/**
 * The daily rollups (decision 0027). A clinic day is rolled up once every
 * visit of it has ended: an hour after its midnight (a visit ends after 30
 * minutes without activity, and a beacon is written within seconds). Its
 * rows are the raw builders' rows (visit-sql.server.ts) stored as they are,
 * so they cannot differ from the raw figures; a rolled day never changes
 * again (only retention deletes it). Days rolled up in another time zone
 * are rolled up again.
 */

const CLOSED_AFTER_MS = 60 * 60_000;
// Advisory-lock namespace for "rolling up a day" (727001: start-up, 727002: visitors).
const ROLLUP_LOCK_CLASS = 727_003;

/** The last clinic day whose visits have all ended at `now`. */
export function lastClosedDay(now: Date): string {
  return dayKey(addDays(clinicDayOf(new Date(now.getTime() - CLOSED_AFTER_MS)), -1));
}

/** Rolls up one clinic day ("YYYY-MM-DD") in one transaction. False when another instance is doing it. */
export async function rollUpDay(
  db: Db,
  day: string,
  options: { paths: FunnelPaths; kind: "pglite" | "postgres" },
): Promise<boolean> {
  const clinicDay = parseDayKey(day)!;
  const window: VisitWindow = {
    start: startOfClinicDay(clinicDay),
    end: startOfClinicDay(addDays(clinicDay, 1)),
    filters: {},
    skipRolled: false,
  };
  return db.transaction(async (tx) => {
    if (options.kind === "postgres") {
      const got = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_CLASS}, ${Number(day.replaceAll("-", ""))}) as ok`,
      )) as unknown as { rows: { ok: boolean }[] };
      if (!got.rows[0]?.ok) return false;
    }
    for (const table of ["totals", "durations", "breakdowns", "goals", "funnel"]) {
      await tx.execute(sql`delete from ${sql.identifier(`analytics_day_${table}`)} where day = ${day}::date`);
    }
    await tx.execute(sql`insert into analytics_day_totals
      (day, visitors, visits, pageviews, bounces, duration_sum, lead_visits, leads)
      select day, visitors, visits, pageviews, bounces, duration_sum, lead_visits, leads from (${dayTotalsRows(window)}) r`);
    await tx.execute(sql`insert into analytics_day_durations (day, seconds, visits)
      select day, seconds, visits from (${durationRows(window)}) r`);
    await tx.execute(sql`insert into analytics_day_breakdowns
      (day, dimension, value, visitors, visits, pageviews, bounces, duration_sum, lead_visits)
      select day, dimension, value, visitors, visits, pageviews, bounces, duration_sum, lead_visits
      from (${breakdownRows(window, DIMENSIONS)}) r`);
    await tx.execute(sql`insert into analytics_day_goals (day, goal, label, conversions, visits, visitors)
      select day, goal, label, conversions, visits, visitors from (${goalRows(window)}) r`);
    await tx.execute(sql`insert into analytics_day_funnel (day, step, visits)
      select day, step, visits from (${funnelRows(window, options.paths)}) r`);
    await tx.execute(sql`insert into analytics_rollup_days (day, time_zone, rolled_at)
      values (${day}::date, ${CLINIC_TIME_ZONE}, now())
      on conflict (day) do update set time_zone = excluded.time_zone, rolled_at = excluded.rolled_at`);
    return true;
  });
}

/**
 * The closed days not rolled up yet (in this time zone), oldest first, from
 * the first recorded visit's day. `limit` caps the list, `count` is all of them.
 */
export async function pendingDays(db: Db, now: Date, limit = 1000): Promise<{ days: string[]; count: number }> {
  const result = (await db.execute(sql`
    with first as (
      -- Visits are written as they happen, so the lowest id is (one of) the earliest: no scan of the table.
      select (started_at at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)})::date as day from visits order by id limit 1
    ),
    days as (
      select d::date as day from first, generate_series(first.day, ${lastClosedDay(now)}::date, interval '1 day') d
      where not exists (select 1 from analytics_rollup_days r where r.day = d::date and r.time_zone = ${CLINIC_TIME_ZONE})
    )
    select to_char(day, 'YYYY-MM-DD') as day, count(*) over ()::int as total from days order by day limit ${limit}`)) as unknown as {
    rows: { day: string; total: number }[];
  };
  return { days: result.rows.map((r) => r.day), count: result.rows[0]?.total ?? 0 };
}

/**
 * Rolls up the pending days, at most `maxDays` in this call (oldest first),
 * and says how many are left. Called by the server every minute and, while
 * days are pending, again at once; each day is its own short transaction.
 */
export async function rollUpPending(
  db: Db,
  options: { now?: Date; maxDays?: number; kind: "pglite" | "postgres" },
): Promise<{ rolled: number; pending: number }> {
  const now = options.now ?? new Date();
  const { days, count } = await pendingDays(db, now, options.maxDays ?? 10);
  if (days.length === 0) return { rolled: 0, pending: 0 };
  const paths = await funnelPaths(db);
  let rolled = 0;
  for (const day of days) if (await rollUpDay(db, day, { paths, kind: options.kind })) rolled++;
  return { rolled, pending: count - rolled };
}
