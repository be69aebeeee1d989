import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { jobRuns, leads } from "~/db/schema";
import { runDueJobs, type JobReport } from "~/features/lead-upkeep/daily-jobs.server";
import { DEFAULT_LEAD_SETTINGS, type LeadSettings } from "~/features/leads/lead-settings";
import { saveLeadSettings } from "~/features/leads/lead-settings.server";
import { databaseKinds, openTestDatabase } from "../setup/database";
import { describeOnEachDatabase } from "../setup/database-suite";
import { HERO_LEAD_SECRETS, jobServices, leadRow, twoInstances } from "../setup/daily-jobs";
import { startSmtpSink, type SmtpSink } from "../setup/smtp-sink";

/**
 * The daily overdue digest (runDueJobs, lead-digest) on a real database with
 * the clock set by the test, sent to a real SMTP server on loopback: counts
 * and a link only, once a clinic day at or after its hour, none when nothing
 * is overdue or the digest is off, "skipped" without mail settings, and
 * tried again after a failed send.
 */

const INTAKE = "intake@cypresslane.example";
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR);

async function settle(db: Db, settings: Partial<LeadSettings>) {
  await saveLeadSettings(db, { ...DEFAULT_LEAD_SETTINGS, digestHour: 9, ...settings });
}

/** Only the digest's reports (the retention job runs at the same checks). */
const digests = (reports: JobReport[]) => reports.filter((r) => r.job === "lead-digest");

/**
 * Requests as they stand at `now`: three past a 24-hour promise (the oldest
 * 50 hours), one waiting 3 hours; and what is not waiting: a phone tap, one
 * contacted, one with a first contact logged, one closed.
 */
async function fillLeads(db: Db, now: Date) {
  await db.delete(leads);
  await db
    .insert(leads)
    .values([
      leadRow({ createdAt: hoursBefore(now, 50) }),
      leadRow({ formType: "appointment", createdAt: hoursBefore(now, 30) }),
      leadRow({ formType: "get_started", createdAt: hoursBefore(now, 24) }),
      leadRow({ createdAt: hoursBefore(now, 3) }),
      leadRow({ formType: "phone_click", createdAt: hoursBefore(now, 90) }),
      leadRow({ status: "contacted", createdAt: hoursBefore(now, 80) }),
      leadRow({ createdAt: hoursBefore(now, 70), firstContactedAt: hoursBefore(now, 60) }),
      leadRow({ status: "not_a_fit", createdAt: hoursBefore(now, 100) }),
    ]);
}

describeOnEachDatabase("the overdue digest", (database) => {
  const db = () => database().db;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  const mailed = () => jobServices({ smtpUrl: smtp.url, notifyTo: INTAKE });

  it("goes to the intake address at the first check from its hour, once that day, with counts and a link only", async () => {
    // Wednesday 11 March 2026 in New York (EDT, UTC−4); the digest at 9:00 AM.
    const now = at("2026-03-11T13:20:00Z"); // 9:20 AM
    await settle(db(), {});
    await fillLeads(db(), now);
    const services = mailed();
    const before = smtp.mails.length;

    expect(digests(await runDueJobs(db(), services, at("2026-03-11T12:59:00Z")))).toEqual([]); // 8:59 AM
    expect(smtp.mails.length).toBe(before);

    expect(digests(await runDueJobs(db(), services, now))).toEqual([
      {
        job: "lead-digest",
        runKey: "2026-03-11",
        outcome: "Sent: 3 past the promise, 4 waiting in all, the longest 50 h",
      },
    ]);
    const mail = await smtp.waitFor(INTAKE);
    expect(mail.to).toEqual([INTAKE]);
    expect(mail.subject).toBe("3 requests are past the 24-hour promise — sign in to view");
    const lines = mail.text.split(/\r?\n/);
    expect(lines).toContain("Past the promise: 3");
    expect(lines).toContain("Waiting for a first contact in all: 4");
    expect(lines).toContain("Longest wait: 50 hours");
    expect(lines).toContain("https://clinic.example/admin/lead-insights/leads?overdue=1");
    expect(mail.text).toContain("at 9:00 AM Eastern time");
    for (const secret of HERO_LEAD_SECRETS) expect(mail.raw).not.toContain(secret);
    for (const secret of HERO_LEAD_SECRETS) expect(services.logs()).not.toContain(secret);

    // Later checks that day send nothing more.
    expect(digests(await runDueJobs(db(), services, at("2026-03-11T14:25:00Z")))).toEqual([]);
    expect(digests(await runDueJobs(db(), services, at("2026-03-12T03:59:00Z")))).toEqual([]); // 11:59 PM
    expect(smtp.mails.length).toBe(before + 1);
  });

  it("counts against the saved promise: with 2 hours, a request 3 hours old is overdue", async () => {
    const now = at("2026-03-13T15:00:00Z"); // Friday, 11 AM EDT
    await settle(db(), { promiseHours: 2 });
    await db().delete(leads);
    await db()
      .insert(leads)
      .values([leadRow({ createdAt: hoursBefore(now, 3) }), leadRow({ createdAt: hoursBefore(now, 1) })]);
    const before = smtp.mails.length;
    const reports = digests(await runDueJobs(db(), mailed(), now));
    expect(reports.map((r) => r.outcome)).toEqual(["Sent: 1 past the promise, 2 waiting in all, the longest 3 h"]);
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe("1 request is past the 2-hour promise — sign in to view");
    expect(mail.text.split(/\r?\n/)).toContain("Longest wait: 3 hours");
  });

  it("sends nothing when no request is past the promise, and says so", async () => {
    const now = at("2026-03-16T14:00:00Z"); // Monday, 10 AM EDT
    await settle(db(), {});
    await db().delete(leads);
    await db()
      .insert(leads)
      .values([
        leadRow({ createdAt: hoursBefore(now, 23) }),
        leadRow({ formType: "phone_click", createdAt: hoursBefore(now, 90) }),
      ]);
    const before = smtp.mails.length;
    const reports = digests(await runDueJobs(db(), mailed(), now));
    expect(reports.map((r) => r.outcome)).toEqual(["Not sent: no request is past the promise (1 waiting)"]);
    expect(smtp.mails.length).toBe(before);
  });

  it("does not run at all when the digest is off", async () => {
    const now = at("2026-03-17T20:00:00Z"); // Tuesday, 4 PM EDT
    await settle(db(), { digestHour: null });
    await fillLeads(db(), now);
    const before = smtp.mails.length;
    expect(digests(await runDueJobs(db(), mailed(), now))).toEqual([]);
    const rows = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, "lead-digest"), eq(jobRuns.runKey, "2026-03-17")));
    expect(rows).toEqual([]);
    expect(smtp.mails.length).toBe(before);
  });

  it("is skipped with one log line a day when SMTP_URL and NOTIFY_TO are not set", async () => {
    const now = at("2026-03-18T13:05:00Z");
    await settle(db(), {});
    await fillLeads(db(), now);
    const services = jobServices();
    expect(digests(await runDueJobs(db(), services, now)).map((r) => r.outcome)).toEqual([
      "Skipped: SMTP_URL and NOTIFY_TO are not set",
    ]);
    await runDueJobs(db(), services, at("2026-03-18T15:05:00Z"));
    const lines = services
      .logs()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.filter((line) => line.msg.startsWith("lead digest"))).toEqual([
      expect.objectContaining({ msg: "lead digest not sent: SMTP_URL and NOTIFY_TO are not set" }),
    ]);
  });
});

describe("when the mail server refuses the digest", () => {
  let database: Database;
  let refusing: SmtpSink;
  let working: SmtpSink;
  beforeAll(async () => {
    [database, refusing, working] = await Promise.all([
      openTestDatabase("pglite"),
      startSmtpSink({ refuse: true }),
      startSmtpSink(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), refusing?.stop(), working?.stop()]);
  });

  it("keeps the reason as the outcome and sends at a check 15 minutes later, once", async () => {
    const { db } = database;
    const now = at("2026-03-19T13:00:00Z"); // Thursday, 9 AM EDT
    await settle(db, {});
    await fillLeads(db, now);
    const broken = jobServices({ smtpUrl: refusing.url, notifyTo: INTAKE });
    const [failed] = digests(await runDueJobs(db, broken, now));
    expect(failed!.outcome).toMatch(/^Failed: .*mailbox unavailable/);
    expect(broken.logs()).toContain("lead-digest: the run failed; a later check tries again");
    for (const secret of HERO_LEAD_SECRETS) expect(broken.logs()).not.toContain(secret);

    // The mail server is back (another instance, say). Ten minutes on: not yet.
    const fixed = jobServices({ smtpUrl: working.url, notifyTo: INTAKE });
    expect(digests(await runDueJobs(db, fixed, at("2026-03-19T13:10:00Z")))).toEqual([]);
    const [retried] = digests(await runDueJobs(db, fixed, at("2026-03-19T13:16:00Z")));
    expect(retried!.outcome).toBe("Sent: 3 past the promise, 4 waiting in all, the longest 50 h");
    await working.waitFor(INTAKE);
    expect(digests(await runDueJobs(db, fixed, at("2026-03-19T13:40:00Z")))).toEqual([]);
    expect(working.mails).toHaveLength(1);
  });
});

/** Two instances with mail settings ask at the same moment: one digest. */
describe.each(databaseKinds())("two instances at the digest hour on %s", (kind) => {
  const instances = twoInstances(kind);
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it("sends one e-mail", async () => {
    const [one, two] = instances();
    const now = at("2026-03-20T13:01:00Z");
    await settle(one.db, {});
    await fillLeads(one.db, now);
    const services = [0, 1].map(() => jobServices({ smtpUrl: smtp.url, notifyTo: INTAKE }));
    const reports = await Promise.all(
      [0, 1, 2].flatMap(() => [runDueJobs(one.db, services[0]!, now), runDueJobs(two.db, services[1]!, now)]),
    );
    expect(digests(reports.flat())).toHaveLength(1);
    await smtp.waitFor(INTAKE);
    expect(smtp.mails).toHaveLength(1);
  });
});
