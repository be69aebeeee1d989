import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, jobRuns, leadEvents, leads, notificationOutbox, type LeadStatus } from "~/db/schema";
import { runDueJobs } from "~/features/lead-upkeep/daily-jobs.server";
import { DEFAULT_LEAD_SETTINGS, type LeadSettings } from "~/features/leads/lead-settings";
import { saveLeadSettings } from "~/features/leads/lead-settings.server";
import { databaseKinds } from "../setup/database";
import { describeOnEachDatabase } from "../setup/database-suite";
import { HERO_LEAD_SECRETS, jobServices, leadRow, twoInstances } from "../setup/daily-jobs";

/**
 * The daily retention run (runDueJobs, lead-retention) on a real database
 * with the clock set by the test: which finished leads go, which stay, the
 * one log line and the one audit entry, a run killed or failed mid-way, and
 * two instances asking at the same moment.
 */

const at = (iso: string) => new Date(iso);

/** A lead in `status` since `changedAt`, with a made-up person's details. */
const leadIn = (status: LeadStatus, changedAt: string, extra: Partial<typeof leads.$inferInsert> = {}) =>
  leadRow({ status, createdAt: at("2019-06-01T12:00:00Z"), statusChangedAt: at(changedAt), ...extra });

async function settle(db: Db, settings: Partial<LeadSettings>) {
  // The digest is another file's subject: off here.
  await saveLeadSettings(db, { ...DEFAULT_LEAD_SETTINGS, digestHour: null, ...settings });
}

/** The leads left, by first name. */
async function leadNames(db: Db) {
  return (await db.select({ firstName: leads.firstName }).from(leads)).map((r) => r.firstName).sort();
}

/** The retention entries of the run at `now` (the audit trail is append-only: earlier tests' stay). */
const retentionAudits = (db: Db, now: Date) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "leads_retention_deleted"), eq(auditLog.at, now)));

describeOnEachDatabase("the lead retention job", (database) => {
  const db = () => database().db;

  it("deletes exactly the finished leads past 24 months, with their timeline and outbox, and keeps the rest", async () => {
    // Saturday 10 January 2026, noon in New York (EST): the run deletes what finished before
    // midnight at the start of 10 January 2024, Eastern time (05:00 UTC).
    const now = at("2026-01-10T17:00:00Z");
    await db().delete(leads);
    await settle(db(), {});
    const [gone] = await db()
      .insert(leads)
      .values([
        leadIn("patient", "2024-01-10T04:59:59Z", { firstName: "GoneLastSecond" }), // 23:59:59 on 9 Jan 2024
        leadIn("spam", "2023-06-01T12:00:00Z", { firstName: "GoneSpam" }),
        leadIn("duplicate", "2023-12-31T23:00:00Z", { firstName: "GoneOverNewYear" }),
        leadIn("not_a_fit", "2021-02-03T10:00:00Z", { firstName: "GoneLongAgo" }),
        leadIn("no_response", "2024-01-10T05:00:00Z", { firstName: "KeptFirstMoment" }), // midnight, 10 Jan 2024
        leadIn("patient", "2025-12-01T12:00:00Z", { firstName: "KeptRecent" }),
        // Never finished, however old: never deleted by retention.
        leadIn("new", "2019-06-01T12:00:00Z", { firstName: "KeptNew" }),
        leadIn("contacted", "2019-06-01T12:00:00Z", { firstName: "KeptContacted" }),
        leadIn("scheduled", "2019-06-01T12:00:00Z", { firstName: "KeptScheduled" }),
      ])
      .returning({ id: leads.id });
    // The first one has a timeline (a note) and a queued notification: they go with it.
    await db()
      .insert(leadEvents)
      .values({ leadId: gone!.id, kind: "note", detail: { text: "Called back, left a message" } });
    await db().insert(notificationOutbox).values({ kind: "new_lead", leadId: gone!.id });
    // A kept lead marked as a duplicate of a deleted one loses the mark, not itself.
    await db().update(leads).set({ duplicateOf: gone!.id }).where(eq(leads.firstName, "KeptRecent"));

    const services = jobServices();
    const reports = await runDueJobs(db(), services, now);

    expect(reports).toEqual([
      { job: "lead-retention", runKey: "2026-01-10", outcome: "Deleted 4 finished leads older than 24 months" },
    ]);
    expect(await leadNames(db())).toEqual([
      "KeptContacted",
      "KeptFirstMoment",
      "KeptNew",
      "KeptRecent",
      "KeptScheduled",
    ]);
    expect(await db().select().from(leadEvents).where(eq(leadEvents.leadId, gone!.id))).toEqual([]);
    expect(await db().select().from(notificationOutbox).where(eq(notificationOutbox.leadId, gone!.id))).toEqual([]);
    const [marked] = await db().select().from(leads).where(eq(leads.firstName, "KeptRecent"));
    expect(marked!.duplicateOf).toBeNull();

    // One log line with the count, nothing about anyone.
    const lines = services.logs().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: "lead retention: deleted 4 finished leads older than 24 months",
      deleted: 4,
      months: 24,
    });
    for (const secret of HERO_LEAD_SECRETS) expect(services.logs()).not.toContain(secret);

    // One audit entry by the system (no actor), with the count and the setting.
    const audits = await retentionAudits(db(), now);
    expect(audits.map((a) => [a.actorId, a.actorEmail, a.targetType, a.detail])).toEqual([
      [null, null, null, { count: 4, months: 24 }],
    ]);

    // The run is recorded as finished, with its outcome in counts.
    const [run] = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, "lead-retention"), eq(jobRuns.runKey, "2026-01-10")));
    expect(run!.startedAt).toEqual(now);
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(run!.outcome).toBe("Deleted 4 finished leads older than 24 months");
  });

  it("runs once per clinic day: a later check the same day deletes nothing more, the next day's does", async () => {
    const morning = at("2026-02-02T14:00:00Z"); // 9 a.m. EST, Monday 2 February 2026
    await db().delete(leads);
    await settle(db(), {});
    await runDueJobs(db(), jobServices(), morning);
    // A lead that passes the limit during the day waits for the next day's run.
    await db()
      .insert(leads)
      .values(leadIn("patient", "2024-02-01T12:00:00Z", { firstName: "PassesTonight" }));
    const services = jobServices();
    expect(await runDueJobs(db(), services, at("2026-02-02T20:00:00Z"))).toEqual([]);
    expect(await runDueJobs(db(), services, at("2026-02-03T04:59:00Z"))).toEqual([]); // 23:59 EST, still the 2nd
    expect(await leadNames(db())).toEqual(["PassesTonight"]);
    expect(services.logs()).toBe("");
    // 00:05 on the 3rd: a new clinic day, a new run.
    const reports = await runDueJobs(db(), services, at("2026-02-03T05:05:00Z"));
    expect(reports.map((r) => [r.runKey, r.outcome])).toEqual([
      ["2026-02-03", "Deleted 1 finished lead older than 24 months"],
    ]);
    expect(await leadNames(db())).toEqual([]);
  });

  it("counts months across a year end, the shorter month's last day standing in", async () => {
    // Tuesday 10 February 2026, 07:00 EST, keeping 3 months: the limit is midnight on 10 November 2025.
    await db().delete(leads);
    await settle(db(), { retentionMonths: 3 });
    await db()
      .insert(leads)
      .values([
        leadIn("spam", "2025-11-10T04:59:00Z", { firstName: "GoneNov9" }), // 23:59 EST on 9 Nov
        leadIn("spam", "2025-11-10T05:00:00Z", { firstName: "KeptNov10" }),
      ]);
    const reports = await runDueJobs(db(), jobServices(), at("2026-02-10T12:00:00Z"));
    expect(reports.map((r) => r.outcome)).toEqual(["Deleted 1 finished lead older than 3 months"]);
    expect(await leadNames(db())).toEqual(["KeptNov10"]);

    // Tuesday 31 March 2026 keeping 1 month: 31 February does not exist, so the limit is 28 February.
    await db().delete(leads);
    await settle(db(), { retentionMonths: 1 });
    await db()
      .insert(leads)
      .values([
        leadIn("patient", "2026-02-28T04:59:00Z", { firstName: "GoneFeb27" }), // 23:59 EST on 27 Feb
        leadIn("patient", "2026-02-28T05:00:00Z", { firstName: "KeptFeb28" }),
      ]);
    await runDueJobs(db(), jobServices(), at("2026-03-31T16:00:00Z"));
    expect(await leadNames(db())).toEqual(["KeptFeb28"]);
  });

  it("deletes in batches of 1,000 and counts them all", async () => {
    await db().delete(leads);
    await settle(db(), {});
    await db()
      .insert(leads)
      .values(
        Array.from({ length: 2_345 }, (_, i) =>
          leadIn("no_response", "2023-01-01T12:00:00Z", { firstName: `Old${i}` }),
        ),
      );
    await db()
      .insert(leads)
      .values(leadIn("new", "2019-01-01T12:00:00Z", { firstName: "KeptNew" }));
    const now = at("2026-04-01T16:00:00Z");
    const services = jobServices();
    const reports = await runDueJobs(db(), services, now);
    expect(reports.map((r) => r.outcome)).toEqual(["Deleted 2345 finished leads older than 24 months"]);
    expect(await leadNames(db())).toEqual(["KeptNew"]);
    expect(services.logs()).toContain('"msg":"lead retention: deleted 2345 finished leads older than 24 months"');
    expect((await retentionAudits(db(), now)).map((a) => a.detail)).toEqual([{ count: 2345, months: 24 }]);
  });

  /** One finished lead left to delete, and an earlier attempt at the day's run as `run` left it. */
  async function leftByEarlierAttempt(run: Omit<typeof jobRuns.$inferInsert, "job">) {
    await db().delete(leads);
    await settle(db(), {});
    await db()
      .insert(leads)
      .values(leadIn("spam", "2023-01-01T12:00:00Z", { firstName: "Left" }));
    await db()
      .insert(jobRuns)
      .values({ job: "lead-retention", ...run });
  }

  it("takes over a run killed mid-way after an hour, counting what it had deleted; not sooner", async () => {
    // An instance claimed today's run at 00:05, deleted 1,000 leads and died.
    await leftByEarlierAttempt({
      runKey: "2026-05-04",
      startedAt: at("2026-05-04T04:05:00Z"),
      outcome: "Deleting: 1000 deleted so far",
    });
    expect(await runDueJobs(db(), jobServices(), at("2026-05-04T04:50:00Z"))).toEqual([]);
    expect(await leadNames(db())).toEqual(["Left"]);

    const now = at("2026-05-04T05:10:00Z");
    const reports = await runDueJobs(db(), jobServices(), now);
    expect(reports.map((r) => r.outcome)).toEqual(["Deleted 1001 finished leads older than 24 months"]);
    expect(await leadNames(db())).toEqual([]);
    expect((await retentionAudits(db(), now)).map((a) => a.detail)).toEqual([{ count: 1001, months: 24 }]);
  });

  it("tries a failed run again 15 minutes after it failed, the same day", async () => {
    await leftByEarlierAttempt({
      runKey: "2026-06-01",
      startedAt: at("2026-06-01T04:05:00Z"),
      finishedAt: at("2026-06-01T04:06:00Z"),
      outcome: "Failed: after 2000 deleted: Connection terminated unexpectedly",
    });
    expect(await runDueJobs(db(), jobServices(), at("2026-06-01T04:15:00Z"))).toEqual([]);
    const reports = await runDueJobs(db(), jobServices(), at("2026-06-01T04:25:00Z"));
    expect(reports.map((r) => r.outcome)).toEqual(["Deleted 2001 finished leads older than 24 months"]);
  });
});

/**
 * Two instances (on PostgreSQL two pools, nothing shared but the database;
 * on PGlite, one process as the server has) ask at the same moment, several
 * times: each day's run is done by one of them, once.
 */
describe.each(databaseKinds())("two instances asking at once on %s", (kind) => {
  const instances = twoInstances(kind);

  it("deletes once, audits once and logs once", async () => {
    const [one, two] = instances();
    await settle(one.db, {});
    await one.db
      .insert(leads)
      .values(
        Array.from({ length: 2_500 }, (_, i) =>
          leadIn(i % 2 ? "patient" : "spam", "2023-03-01T12:00:00Z", { firstName: `Old${i}` }),
        ),
      );
    const now = at("2026-07-01T04:30:00Z"); // 00:30 EDT
    const [a, b] = [jobServices(), jobServices()];
    const rounds = await Promise.all([0, 1, 2].flatMap(() => [runDueJobs(one.db, a, now), runDueJobs(two.db, b, now)]));
    expect(rounds.flat().map((r) => r.outcome)).toEqual(["Deleted 2500 finished leads older than 24 months"]);
    expect(
      await one.db
        .select({ id: leads.id })
        .from(leads)
        .where(inArray(leads.status, ["patient", "spam"])),
    ).toEqual([]);
    expect((await retentionAudits(one.db, now)).map((e) => e.detail)).toEqual([{ count: 2500, months: 24 }]);
    const logged = (a.logs() + b.logs()).trim().split("\n");
    expect(logged).toHaveLength(1);
    expect(await one.db.select().from(jobRuns).where(eq(jobRuns.runKey, "2026-07-01"))).toHaveLength(1);
  });
});
