import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  analyticsBotHits,
  analyticsDayBreakdowns,
  analyticsDayDurations,
  analyticsDayFunnel,
  analyticsDayGoals,
  analyticsDayTotals,
  analyticsEvents,
  analyticsRollupDays,
  auditLog,
  jobRuns,
  pageViews,
  visits,
} from "~/db/schema";
import { ANALYTICS_RETENTION_JOB, runDueAnalyticsJobs } from "~/features/analytics-upkeep/analytics-jobs.server";
import { ANALYTICS_RETENTION_CHUNK } from "~/features/analytics-upkeep/analytics-retention.server";
import { DEFAULT_ANALYTICS_SETTINGS } from "~/features/analytics-upkeep/analytics-settings";
import { readAnalyticsSettings, saveAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { describeOnEachDatabase } from "../setup/database-suite";

/**
 * The daily analytics retention (runDueAnalyticsJobs) on a real database with
 * the clock set by the test: which raw rows and which rollup days go, which
 * stay, in chunks, the audit entry and the log line, and one run a day.
 */

const at = (iso: string) => new Date(iso);
const logLines: string[] = [];
const log = {
  info: (_: object, msg: string) => logLines.push(msg),
  warn: (_: object, msg: string) => logLines.push(msg),
};

async function emptyAnalytics(db: Db) {
  await db.execute(sql`truncate visits, page_views, analytics_events, analytics_bot_hits, analytics_rollup_days,
    analytics_day_totals, analytics_day_durations, analytics_day_breakdowns, analytics_day_goals, analytics_day_funnel`);
  await db.delete(jobRuns).where(eq(jobRuns.job, ANALYTICS_RETENTION_JOB));
}

const visit = (startedAt: string, entryPath: string) => ({
  visitorId: 1n,
  startedAt: at(startedAt),
  lastSeenAt: at(startedAt),
  entryPath,
  exitPath: entryPath,
  channel: "Direct",
  deviceType: "desktop",
});

/** Rollup rows of `day` in every rollup table. */
async function rollUp(db: Db, day: string) {
  await db.insert(analyticsRollupDays).values({ day, timeZone: "America/New_York" });
  await db.insert(analyticsDayTotals).values({
    day,
    visitors: 1,
    visits: 1,
    pageviews: 1,
    bounces: 1,
    durationSum: 0,
    leadVisits: 0,
    leads: 0,
  });
  await db.insert(analyticsDayDurations).values({ day, seconds: 0, visits: 1 });
  await db.insert(analyticsDayBreakdowns).values(
    ["channel", "page"].map((dimension) => ({
      day,
      dimension,
      value: "x",
      visitors: 1,
      visits: 1,
      pageviews: 1,
      bounces: 1,
      durationSum: 0,
      leadVisits: 0,
    })),
  );
  await db
    .insert(analyticsDayGoals)
    .values({ day, goal: "phone_click", label: "header", conversions: 1, visits: 1, visitors: 1 });
  await db.insert(analyticsDayFunnel).values([1, 2].map((step) => ({ day, step, visits: 1 })));
}

const days = async (db: Db, table: typeof analyticsDayTotals | typeof analyticsRollupDays) =>
  [...new Set((await db.select({ day: table.day }).from(table)).map((r) => r.day))].sort();

describeOnEachDatabase("the analytics retention job", (database) => {
  const db = () => database().db;

  it("deletes exactly the raw rows before the cut-off and the rollups of the days before its clinic day", async () => {
    // Wednesday 11 March 2026, 1 p.m. in New York (EDT since 8 March). With 25 months the run
    // deletes what happened before midnight at the start of 11 February 2024, Eastern time
    // (EST then: 05:00 UTC), and the rollups of the days up to 10 February 2024.
    const now = at("2026-03-11T17:00:00Z");
    await emptyAnalytics(db());
    await saveAnalyticsSettings(db(), { retentionMonths: DEFAULT_ANALYTICS_SETTINGS.retentionMonths });

    // More old page views than one statement deletes, written in time order as ingestion does.
    await db().execute(sql`insert into page_views (visit_id, occurred_at, path)
      select 1, timestamptz '2023-06-01 00:00:00+00' + g * interval '1 minute', '/old'
      from generate_series(1, ${ANALYTICS_RETENTION_CHUNK * 2 + 123}) g`);
    await db()
      .insert(visits)
      .values([
        visit("2023-05-01T12:00:00Z", "/gone-long-ago"),
        visit("2024-02-11T04:59:59.999Z", "/gone-last-moment"), // 23:59:59.999 on 10 Feb 2024, EST
        visit("2024-02-11T05:00:00Z", "/kept-first-moment"), // midnight, 11 Feb 2024
        visit("2025-07-04T16:00:00Z", "/kept-recent"),
      ]);
    await db()
      .insert(pageViews)
      .values([
        { visitId: 2, occurredAt: at("2024-02-11T04:59:59.999Z"), path: "/gone-last-moment" },
        { visitId: 3, occurredAt: at("2024-02-11T05:00:00Z"), path: "/kept-first-moment" },
        { visitId: 4, occurredAt: at("2025-07-04T16:00:00Z"), path: "/kept-recent" },
      ]);
    const event = (occurredAt: string, path: string, visitId: number | null) => ({
      visitId,
      occurredAt: at(occurredAt),
      eventType: "phone_click",
      eventCategory: "contact",
      eventLabel: "header",
      path,
    });
    await db()
      .insert(analyticsEvents)
      .values([
        event("2023-01-01T00:00:00Z", "/gone-no-visit", null),
        event("2024-02-11T04:59:59.999Z", "/gone-last-moment", 2),
        event("2024-02-11T05:00:00Z", "/kept-first-moment", 3),
        event("2026-03-11T16:00:00Z", "/kept-today", null),
      ]);
    await db()
      .insert(analyticsBotHits)
      .values([
        { hour: at("2024-02-11T03:00:00Z"), requests: 7 },
        { hour: at("2024-02-11T04:00:00Z"), requests: 5 },
        { hour: at("2024-02-11T05:00:00Z"), requests: 3 },
      ]);
    for (const day of ["2023-12-31", "2024-02-09", "2024-02-10", "2024-02-11", "2025-07-04"]) await rollUp(db(), day);

    logLines.length = 0;
    const outcome = await runDueAnalyticsJobs(db(), log, now);

    const paths = async (table: typeof pageViews | typeof analyticsEvents) =>
      (await db().select({ path: table.path }).from(table)).map((r) => r.path).sort();
    expect((await db().select({ path: visits.entryPath }).from(visits)).map((r) => r.path).sort()).toEqual([
      "/kept-first-moment",
      "/kept-recent",
    ]);
    expect(await paths(pageViews)).toEqual(["/kept-first-moment", "/kept-recent"]);
    expect(await paths(analyticsEvents)).toEqual(["/kept-first-moment", "/kept-today"]);
    expect((await db().select().from(analyticsBotHits)).map((r) => [r.hour.toISOString(), r.requests])).toEqual([
      ["2024-02-11T05:00:00.000Z", 3],
    ]);
    expect(await days(db(), analyticsRollupDays)).toEqual(["2024-02-11", "2025-07-04"]);
    for (const table of [
      analyticsDayTotals,
      analyticsDayDurations,
      analyticsDayBreakdowns,
      analyticsDayGoals,
      analyticsDayFunnel,
    ]) {
      expect(await days(db(), table as typeof analyticsDayTotals)).toEqual(["2024-02-11", "2025-07-04"]);
    }

    const deleted = {
      visits: 2,
      pageViews: ANALYTICS_RETENTION_CHUNK * 2 + 123 + 1,
      events: 2,
      botHours: 2,
      rollupDays: 3,
      rollupRows: 3 * 7, // per day: totals 1, durations 1, breakdowns 2, goals 1, funnel 2
    };
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "analytics_retention_deleted"), eq(auditLog.at, now)));
    expect(entry).toMatchObject({
      actorId: null,
      detail: { ...deleted, months: 25, before: "2024-02-11T05:00:00.000Z" },
    });
    expect(outcome).toBe(
      `Deleted visits 2, page views ${deleted.pageViews}, events 2, bot hours 2, rollup days 3 (21 rollup rows); older than 25 months (before 2024-02-11T05:00:00.000Z)`,
    );
    expect(logLines).toEqual([`analytics retention: ${outcome!.replace(/^Deleted/, "deleted")}`]);
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.job, ANALYTICS_RETENTION_JOB));
    expect(run).toMatchObject({ runKey: "2026-03-11", outcome });

    // Once a clinic day: a second check the same day does nothing, even with new old rows.
    await db().insert(visits).values(visit("2020-01-01T00:00:00Z", "/old-again"));
    expect(await runDueAnalyticsJobs(db(), log, at("2026-03-12T03:59:00Z"))).toBeNull(); // 23:59 EDT, 11 March
    expect(await db().select().from(visits).where(eq(visits.entryPath, "/old-again"))).toHaveLength(1);
    // The next clinic day's run deletes it, and the first day kept the day before (its cut-off is a day later).
    expect(await runDueAnalyticsJobs(db(), log, at("2026-03-12T04:00:00Z"))).toBe(
      "Deleted visits 2, page views 1, events 1, bot hours 1, rollup days 1 (7 rollup rows); older than 25 months (before 2024-02-12T05:00:00.000Z)",
    );
    expect(await db().select().from(visits).where(eq(visits.entryPath, "/old-again"))).toEqual([]);
    const quiet = at("2026-03-13T12:00:00Z");
    expect(await runDueAnalyticsJobs(db(), log, quiet)).toMatch(
      /^Deleted visits 0, page views 0, events 0, bot hours 0/,
    );
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "analytics_retention_deleted"), eq(auditLog.at, quiet))),
    ).toEqual([]);
  });

  it("keeps as many months as the setting says", async () => {
    await emptyAnalytics(db());
    const now = at("2026-03-11T17:00:00Z");
    await db()
      .insert(visits)
      .values([visit("2026-02-11T04:59:59Z", "/gone"), visit("2026-02-11T05:00:00Z", "/kept")]);
    expect(await saveAnalyticsSettings(db(), { retentionMonths: "1" })).toEqual({
      ok: true,
      settings: { retentionMonths: 1 },
    });
    await runDueAnalyticsJobs(db(), log, now);
    expect((await db().select({ path: visits.entryPath }).from(visits)).map((r) => r.path)).toEqual(["/kept"]);
    await saveAnalyticsSettings(db(), DEFAULT_ANALYTICS_SETTINGS);
  });
});

describeOnEachDatabase("the analytics settings", (database) => {
  const db = () => database().db;

  it("reads 25 months and the clinic's time zone until values are saved, then the saved values", async () => {
    await db().execute(sql`delete from app_meta where key in ('analytics_retention_months', 'analytics_time_zone')`);
    expect(await readAnalyticsSettings(db())).toEqual({ retentionMonths: 25, timeZone: "America/New_York" });
    expect(await saveAnalyticsSettings(db(), { retentionMonths: 36 })).toEqual({
      ok: true,
      settings: { retentionMonths: 36 },
    });
    expect(await readAnalyticsSettings(db())).toEqual({ retentionMonths: 36, timeZone: "America/New_York" });
    expect(await saveAnalyticsSettings(db(), { retentionMonths: " 120 ", timeZone: "America/Chicago" })).toMatchObject({
      ok: true,
    });
    expect(await readAnalyticsSettings(db())).toEqual({ retentionMonths: 120, timeZone: "America/Chicago" });
    // A save names the settings it changes; the other keeps its value.
    await saveAnalyticsSettings(db(), { timeZone: "America/New_York" });
    expect(await readAnalyticsSettings(db())).toEqual({ retentionMonths: 120, timeZone: "America/New_York" });
  });

  it.each([0, 121, 2.5, -3, "twelve", "", null, "1e3"])(
    "refuses %j months with a message naming the field and the range, and saves nothing",
    async (value) => {
      await saveAnalyticsSettings(db(), { retentionMonths: 24 });
      const result = await saveAnalyticsSettings(db(), { retentionMonths: value, timeZone: "Europe/Paris" });
      expect(result).toEqual({
        ok: false,
        fieldErrors: {
          retentionMonths: ["How long analytics are kept must be a whole number of months between 1 and 120."],
        },
      });
      expect(await readAnalyticsSettings(db())).toEqual({ retentionMonths: 24, timeZone: "America/New_York" });
    },
  );

  it.each(["Mars/Olympus_Mons", "", "EST5EDT'; drop table visits; --", 5])(
    "refuses the time zone %j with a message naming the field, and saves nothing",
    async (value) => {
      await saveAnalyticsSettings(db(), { retentionMonths: 24, timeZone: "America/New_York" });
      const result = await saveAnalyticsSettings(db(), { retentionMonths: 30, timeZone: value });
      expect(result).toEqual({
        ok: false,
        fieldErrors: { timeZone: ["Choose a time zone from the list, such as America/New_York."] },
      });
      expect(await readAnalyticsSettings(db())).toEqual({ retentionMonths: 24, timeZone: "America/New_York" });
    },
  );
});
