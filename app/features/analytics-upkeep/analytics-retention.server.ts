import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { addMonths, clinicDayOf, dayKey, startOfClinicDay, type ClinicDay } from "~/lib/clinic-time";

/** Rows (raw tables) or ids deleted per statement, and clinic days of rollups: short statements, short locks. */
export const ANALYTICS_RETENTION_CHUNK = 5_000;
export const ROLLUP_DAYS_PER_STATEMENT = 31;

/**
 * The moment before which raw analytics are deleted by the run of a clinic
 * day: the start of the same day `months` months earlier. With 25 months,
 * the run of 11 March 2026 deletes what happened before midnight at the
 * start of 11 February 2024 (clinic time).
 */
export function analyticsCutoff(day: ClinicDay, months: number): Date {
  return startOfClinicDay(addMonths(day, -months));
}

/** What one run deleted, per kind of row. */
export interface AnalyticsDeletion {
  visits: number;
  pageViews: number;
  events: number;
  botHours: number;
  /** Rollup rows of deleted days, all rollup tables together. */
  rollupRows: number;
  /** Clinic days whose rollups were deleted. */
  rollupDays: number;
}

export const NOTHING_DELETED: AnalyticsDeletion = Object.freeze({
  visits: 0,
  pageViews: 0,
  events: 0,
  botHours: 0,
  rollupRows: 0,
  rollupDays: 0,
});

export const deletedRows = (d: AnalyticsDeletion) =>
  d.visits + d.pageViews + d.events + d.botHours + d.rollupRows + d.rollupDays;

/** A run stopped by an error after some statements had committed: what it had deleted. */
export class AnalyticsRetentionInterrupted extends Error {
  override name = "AnalyticsRetentionInterrupted";
  constructor(
    readonly deleted: AnalyticsDeletion,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

type Row = Record<string, unknown>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

// The raw tables are append-only and their ids grow with time, so they are
// walked by id from the oldest row: each statement deletes, among at most
// ANALYTICS_RETENTION_CHUNK consecutive ids, the rows older than the cutoff
// (found through the primary key, whatever the table's size), and the walk
// stops at the first span of ids holding none. A row written out of order
// (older than the cutoff, after a span of newer rows) waits for a later run.
const RAW = [
  { key: "pageViews", table: "page_views", time: "occurred_at" },
  { key: "events", table: "analytics_events", time: "occurred_at" },
  { key: "visits", table: "visits", time: "started_at" },
] as const;

// Rollup data first, the list of rolled-up days last: a run stopped half-way
// leaves days still marked as rolled up (read from what is left), never
// unmarked days that a rollup job would rebuild from raw rows already gone.
const ROLLUP_TABLES = [
  "analytics_day_totals",
  "analytics_day_durations",
  "analytics_day_breakdowns",
  "analytics_day_goals",
  "analytics_day_funnel",
  "analytics_day_vitals",
] as const;

/**
 * Deletes the raw analytics (page views, events, visits, bot counts) older
 * than `cutoff` and the rollups of the clinic days strictly before the
 * clinic day of `cutoff`, in short statements, each in its own transaction
 * with `progress` told the running total (so a run killed mid-way is resumed
 * with its count intact; an error carries what was deleted before it:
 * AnalyticsRetentionInterrupted). Visits are kept or deleted by their start,
 * page views and events by their own time, matching the days they count in.
 */
export async function deleteOldAnalytics(
  db: Db,
  cutoff: Date,
  progress: (tx: Db, deletedSoFar: AnalyticsDeletion) => Promise<void>,
): Promise<AnalyticsDeletion> {
  const done: AnalyticsDeletion = { ...NOTHING_DELETED };
  const at = cutoff.toISOString();
  const step = async (work: (tx: Db) => Promise<number>, add: (n: number) => void): Promise<number> => {
    const n = await db.transaction(async (tx) => {
      const deleted = await work(tx);
      if (deleted > 0) {
        add(deleted);
        await progress(tx, { ...done });
      }
      return deleted;
    });
    return n;
  };
  try {
    for (const { key, table, time } of RAW) {
      const t = sql.identifier(table);
      const c = sql.identifier(time);
      let from = 0;
      for (;;) {
        const [next] = await rows(db, sql`select id::float8 as id from ${t} where id >= ${from} order by id limit 1`);
        if (!next) break;
        const first = Number(next.id);
        const deleted = await step(
          async (tx) =>
            (
              await rows(
                tx,
                sql`with gone as (delete from ${t} where id >= ${first} and id < ${first + ANALYTICS_RETENTION_CHUNK}
                  and ${c} < ${at}::timestamptz returning 1) select count(*)::int as n from gone`,
              )
            )[0]!.n as number,
          (n) => (done[key] += n),
        );
        if (deleted === 0) break;
        from = first + ANALYTICS_RETENTION_CHUNK;
      }
    }
    while (
      (await step(
        async (tx) =>
          (
            await rows(
              tx,
              sql`with gone as (delete from analytics_bot_hits where hour in (select hour from analytics_bot_hits
                where hour < ${at}::timestamptz order by hour limit ${ANALYTICS_RETENTION_CHUNK}) returning 1)
                select count(*)::int as n from gone`,
            )
          )[0]!.n as number,
        (n) => (done.botHours += n),
      )) > 0
    );

    const firstKeptDay = dayKey(clinicDayOf(cutoff));
    for (const table of [...ROLLUP_TABLES, "analytics_rollup_days"] as const) {
      const t = sql.identifier(table);
      while (
        (await step(
          async (tx) =>
            (
              await rows(
                tx,
                sql`with days as (select distinct day from ${t} where day < ${firstKeptDay}::date order by day
                  limit ${ROLLUP_DAYS_PER_STATEMENT}),
                gone as (delete from ${t} where day in (select day from days) returning 1)
                select count(*)::int as n from gone`,
              )
            )[0]!.n as number,
          (n) => (table === "analytics_rollup_days" ? (done.rollupDays += n) : (done.rollupRows += n)),
        )) > 0
      );
    }
  } catch (error) {
    throw new AnalyticsRetentionInterrupted({ ...done }, error);
  }
  return done;
}
