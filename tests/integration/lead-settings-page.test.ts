import { and, eq, gte } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, leads } from "~/db/schema";
import { runDueJobs } from "~/features/lead-upkeep/daily-jobs.server";
import { leadSettingsPageData, runLeadSettingsAction } from "~/features/lead-upkeep/lead-settings-page.server";
import { DEFAULT_LEAD_SETTINGS } from "~/features/leads/lead-settings";
import { readLeadSettings, saveLeadSettings } from "~/features/leads/lead-settings.server";
import { addStaff } from "../setup/staff";
import { describeOnEachDatabase } from "../setup/database-suite";
import { jobServices, leadRow } from "../setup/daily-jobs";

/**
 * The settings page's server side on a real database: the form's answers
 * and audit entries, and the page's promise about the next retention run
 * checked against what that run then does.
 */
describeOnEachDatabase("the lead settings page", (database) => {
  const db = () => database().db;

  it("refuses bad values field by field (400, what was typed kept) and saves nothing", async () => {
    const actor = { id: null, email: null, ip: "127.0.0.1" };
    const { status, answer } = await runLeadSettingsAction(db(), actor, {
      intent: "save-settings",
      promiseHours: "0",
      retentionMonths: "1000",
      digestHour: "25",
    });
    expect(status).toBe(400);
    expect(answer.fields).toEqual({
      promiseHours: "The reply promise must be between 1 and 168.",
      retentionMonths: "How long finished leads are kept must be between 1 and 120.",
      digestHour: "Choose a time for the digest, or none.",
    });
    expect(answer.values).toEqual({ promiseHours: "0", retentionMonths: "1000", digestHour: "25" });
    expect(await readLeadSettings(db())).toEqual(DEFAULT_LEAD_SETTINGS);

    const forged = await runLeadSettingsAction(db(), actor, { intent: "delete-everything" });
    expect(forged.status).toBe(400);
    expect(forged.answer.message).toMatch(/could not be understood/);
    expect((await runLeadSettingsAction(db(), actor, null)).status).toBe(400);
  });

  it("saves, audits each changed setting with from and to, and nothing when nothing changed", async () => {
    const [ada] = await addStaff(database(), [
      { name: "Ada Admin", email: "ada.settings@cypresslane.example", roles: ["admin"] },
    ]);
    const actor = { id: ada!.id, email: ada!.email, ip: "127.0.0.1" };
    const since = new Date(Date.now() - 1000);
    const save = (values: Record<string, string>) =>
      runLeadSettingsAction(db(), actor, { intent: "save-settings", ...values });

    const first = await save({ promiseHours: "2", retentionMonths: "24", digestHour: "off" });
    expect(first.status).toBe(200);
    expect(first.answer.message).toBe("Saved. The reply promise is 2 hours; the daily digest is off.");
    expect(await readLeadSettings(db())).toEqual({ promiseHours: 2, retentionMonths: 24, digestHour: null });

    const again = await save({ promiseHours: "2", retentionMonths: "24", digestHour: "off" });
    expect(again.answer.message).toBe("The settings were already so; nothing changed.");

    await save({ promiseHours: "2", retentionMonths: "36", digestHour: "7" });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "setting_changed"), eq(auditLog.actorId, ada!.id), gte(auditLog.at, since)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.targetType, e.targetId, e.detail, e.actorEmail])).toEqual([
      ["setting", "leads_promise_hours", { setting: "leads_promise_hours", from: 24, to: 2 }, ada!.email],
      ["setting", "leads_digest_hour", { setting: "leads_digest_hour", from: 8, to: null }, ada!.email],
      ["setting", "leads_retention_months", { setting: "leads_retention_months", from: 24, to: 36 }, ada!.email],
      ["setting", "leads_digest_hour", { setting: "leads_digest_hour", from: null, to: 7 }, ada!.email],
    ]);
  });

  it("says how many finished leads the next run deletes, and that run deletes exactly those", async () => {
    await db().delete(leads);
    await saveLeadSettings(db(), { promiseHours: 24, retentionMonths: 12, digestHour: null });
    const finished = (changedAt: string) =>
      leadRow({ status: "patient", createdAt: new Date("2024-01-01T12:00:00Z"), statusChangedAt: new Date(changedAt) });
    await db()
      .insert(leads)
      .values([
        finished("2025-01-01T12:00:00Z"), // due at today's run (8 January 2026)
        finished("2025-01-08T04:59:00Z"), // 7 January 2025, 23:59 EST: due today
        finished("2025-01-08T05:00:00Z"), // 8 January 2025: due at tomorrow's run
        finished("2025-01-08T20:00:00Z"), // the same day: tomorrow's
        finished("2025-01-09T05:00:00Z"), // 9 January: the day after
        leadRow({ createdAt: new Date("2020-01-01T12:00:00Z"), statusChangedAt: new Date("2020-01-01T12:00:00Z") }),
      ]);

    // 8 January 2026, 00:01 EST: today's run has not happened yet.
    const beforeRun = new Date("2026-01-08T05:01:00Z");
    const waiting = await leadSettingsPageData(db(), ["SMTP_URL"], beforeRun);
    expect(waiting.retention).toEqual({ due: 2, next: "next-check" });
    expect(waiting.digestMissing).toEqual(["SMTP_URL"]);
    expect(waiting.runs.map((r) => [r.job, r.state])).toEqual([
      ["lead-retention", "never"],
      ["lead-digest", "never"],
    ]);
    const [today] = await runDueJobs(db(), jobServices(), beforeRun);
    expect(today!.outcome).toBe("Deleted 2 finished leads older than 12 months");

    const afterRun = await leadSettingsPageData(db(), [], new Date("2026-01-08T15:00:00Z"));
    expect(afterRun.retention).toEqual({ due: 2, next: "tonight" });
    expect(afterRun.runs[0]).toMatchObject({
      job: "lead-retention",
      state: "done",
      startedText: "Jan 8, 2026, 12:01 AM",
      outcome: "Deleted 2 finished leads older than 12 months",
    });
    const [tonight] = await runDueJobs(db(), jobServices(), new Date("2026-01-09T05:04:00Z"));
    expect(tonight!.outcome).toBe("Deleted 2 finished leads older than 12 months");
    expect(await db().select().from(leads)).toHaveLength(2);
  });
});
