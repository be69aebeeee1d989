import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { readAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { addDays, clinicDayOf, dayKey, parseDayKey, startOfClinicDay } from "~/lib/clinic-time";
import { DIMENSIONS } from "./dimensions";
import { isCurrentRollup, ROLLUP_LAYOUT } from "./rollup-layout.server";
import { funnelPaths } from "./funnel-paths.server";
import { insertVitalRollup } from "./vitals-sql.server";
import {
  breakdownRows,
  clinicDay,
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
 * or layout are rolled up again.
 */

const CLOSED_AFTER_MS = 60 * 60_000;

/** The rollup tables, each keyed by clinic day. */
export const ROLLUP_TABLES = [
  "analytics_rollup_days",
  "analytics_day_totals",
  "analytics_day_durations",
  "analytics_day_breakdowns",
  "analytics_day_goals",
  "analytics_day_funnel",
  "analytics_day_vitals",
] as const;
// Consecutive days rolled up by one transaction (a backlog of a year is ~50 transactions on
// PostgreSQL). PGlite has one connection: while a transaction runs, every page waits for it, and a
// week of days (slices and vitals included) held it 4–7 s at a million page views, past the sign-in's
// 5 s deadline; one day holds it well under a second.
const DAYS_PER_TRANSACTION = { pglite: 1, postgres: 7 } as const;
// Advisory-lock namespace for "rolling up a day" (727001: start-up, 727002: visitors).
const ROLLUP_LOCK_CLASS = 727_003;

/** The last clinic day (in `zone`) whose visits have all ended at `now`. */
export function lastClosedDay(now: Date, zone: string): string {
  return dayKey(addDays(clinicDayOf(new Date(now.getTime() - CLOSED_AFTER_MS), zone), -1));
}

/**
 * Rolls up consecutive clinic days ("YYYY-MM-DD", ascending, no gap) in one
 * transaction: each statement's rows are per day, so several days cost
 * little more than one. False when another instance is doing it.
 */
export async function rollUpDays(
  db: Db,
  days: readonly string[],
  options: { paths: FunnelPaths; kind: "pglite" | "postgres"; zone: string },
): Promise<boolean> {
  const first = days[0]!;
  const last = days.at(-1)!;
  const { zone } = options;
  const window: VisitWindow = {
    start: startOfClinicDay(parseDayKey(first)!, zone),
    end: startOfClinicDay(addDays(parseDayKey(last)!, 1), zone),
    zone,
    filters: {},
    skipRolled: false,
    sliced: true,
  };
  return db.transaction(async (tx) => {
    if (options.kind === "postgres") {
      const got = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_CLASS}, ${Number(first.replaceAll("-", ""))}) as ok`,
      )) as unknown as { rows: { ok: boolean }[] };
      if (!got.rows[0]?.ok) return false;
    }
    for (const table of ROLLUP_TABLES.slice(1)) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where day between ${first}::date and ${last}::date`);
    }
    await tx.execute(sql`insert into analytics_day_totals
      (slice, day, visitors, visits, pageviews, bounces, duration_sum, lead_visits, leads)
      select slice, day, visitors, visits, pageviews, bounces, duration_sum, lead_visits, leads from (${dayTotalsRows(window)}) r`);
    await tx.execute(sql`insert into analytics_day_durations (slice, day, seconds, visits)
      select slice, day, seconds, visits from (${durationRows(window)}) r`);
    await tx.execute(sql`insert into analytics_day_breakdowns
      (slice, day, dimension, value, visitors, visits, pageviews, bounces, duration_sum, lead_visits)
      select slice, day, dimension, value, visitors, visits, pageviews, bounces, duration_sum, lead_visits
      from (${breakdownRows(window, DIMENSIONS)}) r`);
    await tx.execute(sql`insert into analytics_day_goals (slice, day, goal, label, conversions, visits, visitors)
      select slice, day, goal, label, conversions, visits, visitors from (${goalRows(window)}) r`);
    await tx.execute(sql`insert into analytics_day_funnel (slice, day, step, visits)
      select slice, day, step, visits from (${funnelRows(window, options.paths)}) r`);
    await tx.execute(insertVitalRollup(window));
    await tx.execute(sql`insert into analytics_rollup_days (day, time_zone, layout, rolled_at)
      select d::date, ${zone}, ${ROLLUP_LAYOUT}, now()
      from generate_series(${first}::date, ${last}::date, interval '1 day') d
      on conflict (day) do update set time_zone = excluded.time_zone, layout = excluded.layout, rolled_at = excluded.rolled_at`);
    return true;
  });
}

/** Splits ascending days into runs of consecutive ones, each at most `size` long. */
export function consecutiveRuns(days: readonly string[], size: number): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    const next = run ? dayKey(addDays(parseDayKey(run.at(-1)!)!, 1)) : null;
    if (run && run.length < size && next === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/**
 * The closed days not rolled up yet (in this time zone and layout), oldest
 * first, from the first recorded visit's day. `limit` caps the list, `count`
 * is all of them.
 */
export async function pendingDays(
  db: Db,
  now: Date,
  zone: string,
  limit = 1000,
): Promise<{ days: string[]; count: number }> {
  const result = (await db.execute(sql`
    with first as (
      -- Visits are written as they happen, so the lowest id is (one of) the earliest: no scan of the table.
      select ${clinicDay(sql`started_at`, zone)} as day from visits order by id limit 1
    ),
    days as (
      select d::date as day from first, generate_series(first.day, ${lastClosedDay(now, zone)}::date, interval '1 day') d
      where not exists (select 1 from analytics_rollup_days r where r.day = d::date and ${isCurrentRollup(sql`r`, zone)})
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
  // Read each pass: a changed setting makes every day pending again, in the new zone.
  const zone = (await readAnalyticsSettings(db)).timeZone;
  // New time ranges of the BRIN indexes: PGlite runs no autovacuum, and an unsummarised range matches every query.
  await summariseTimeIndexes(db);
  const { days, count } = await pendingDays(db, now, zone, options.maxDays ?? 14);
  if (days.length === 0) return { rolled: 0, pending: 0 };
  const paths = await funnelPaths(db);
  let rolled = 0;
  for (const run of consecutiveRuns(days, DAYS_PER_TRANSACTION[options.kind])) {
    if (await rollUpDays(db, run, { paths, kind: options.kind, zone })) rolled += run.length;
  }
  const pending = count - rolled;
  // Fresh statistics for the planner (PGlite never gathers them by itself). The end of a backlog
  // (a first start, or every day rolled up again after a change of layout or time zone) also reclaims the rows
  // it replaced: PGlite runs no autovacuum, and dead rows in the keys slowed a year's read 2–3 times.
  if (rolled > 0) {
    const vacuum = pending === 0 && rolled > 1 ? "vacuum " : "";
    await db.execute(sql.raw(`${vacuum}analyze ${ROLLUP_TABLES.join(", ")}`));
  }
  return { rolled, pending };
}

/**
 * Summarises the new block ranges of the analytics tables' BRIN indexes on
 * time. PostgreSQL's autovacuum does this eventually; PGlite has none, and a
 * range not summarised is read by every query on time (a full scan at scale).
 */
export async function summariseTimeIndexes(db: Db): Promise<void> {
  await db.execute(sql`select brin_summarize_new_values('visits_started_brin'),
    brin_summarize_new_values('page_views_occurred_brin'),
    brin_summarize_new_values('analytics_events_occurred_brin')`);
}

/** Planner statistics for the raw analytics tables: PostgreSQL's autovacuum keeps them, PGlite needs asking. */
export async function analyseRawTables(db: Db): Promise<void> {
  await db.execute(sql`analyze visits, page_views, analytics_events`);
}
