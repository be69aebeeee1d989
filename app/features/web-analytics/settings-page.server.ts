import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ANALYTICS_RETENTION_JOB } from "~/features/analytics-upkeep/analytics-jobs.server";
import { analyticsSettingsSchema, type AnalyticsSettingsField } from "~/features/analytics-upkeep/analytics-settings";
import {
  ANALYTICS_SETTING_KEYS,
  readAnalyticsSettings,
  saveAnalyticsSettings,
} from "~/features/analytics-upkeep/analytics-settings.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { CLINIC_TIME_ZONE, formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { schemaProblems } from "~/lib/form-answer.server";
import { isCurrentRollup } from "./rollup-layout.server";
import { pendingDays } from "./rollup.server";
import {
  SAVE_ANALYTICS_SETTINGS_INTENT,
  type AnalyticsSettingsAnswer,
  type AnalyticsSettingsPageData,
} from "./settings-page-types";

/** The page's data: the saved setting, how far the daily summaries are, the last nightly deletion. */
export async function analyticsSettingsPageData(db: Db, now = new Date()): Promise<AnalyticsSettingsPageData> {
  const [settings, pending, counted, runs] = await Promise.all([
    readAnalyticsSettings(db),
    pendingDays(db, now, 1),
    db.execute(sql`select count(*)::int as n from analytics_rollup_days r where ${isCurrentRollup(sql`r`)}`),
    db.execute(sql`select started_at, finished_at, outcome from job_runs
      where job = ${ANALYTICS_RETENTION_JOB} order by run_key desc limit 1`),
  ]);
  const days = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const run = (
    runs as unknown as { rows: { started_at: string; finished_at: string | null; outcome: string | null }[] }
  ).rows[0];
  return {
    settings,
    rollups: { days, pending: pending.count },
    lastRetention: run
      ? {
          startedText: formatClinicDateTime(new Date(run.started_at)),
          outcome: run.outcome,
          finished: run.finished_at !== null,
        }
      : null,
    timeZone: CLINIC_TIME_ZONE,
  };
}

// Two administrators saving at once: each reads the value it changes under this lock.
const ANALYTICS_SETTINGS_LOCK_KEY = 727_015;

const answer = (init: Omit<AnalyticsSettingsAnswer, "answerId" | "fields"> & Partial<AnalyticsSettingsAnswer>) =>
  formAnswer<AnalyticsSettingsField, { intent: string }>(init);

/**
 * Runs the posted form: 400 with the problem under the field (what was
 * typed given back), or 200 saying what changed, audited as
 * setting_changed {setting, from, to}.
 */
export async function runAnalyticsSettingsAction(
  db: Db,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: AnalyticsSettingsAnswer }> {
  const intent = values?.intent ?? "";
  if (intent !== SAVE_ANALYTICS_SETTINGS_INTENT) {
    return {
      status: 400,
      answer: answer({
        ok: false,
        intent,
        message: "This form submission could not be understood. Please reload the page and try again.",
      }),
    };
  }
  const parsed = analyticsSettingsSchema.safeParse(values ?? {});
  if (!parsed.success) {
    const { fields } = schemaProblems<AnalyticsSettingsField>(parsed.error, () => "retentionMonths");
    return {
      status: 400,
      answer: answer({
        ok: false,
        intent,
        message: "Please correct the highlighted field.",
        fields,
        values: { retentionMonths: values?.retentionMonths ?? "" },
      }),
    };
  }
  const wanted = parsed.data.retentionMonths;
  const from = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ANALYTICS_SETTINGS_LOCK_KEY})`);
    const saved = await readAnalyticsSettings(tx);
    if (saved.retentionMonths === wanted) return null;
    await saveAnalyticsSettings(tx, { retentionMonths: wanted });
    const setting = ANALYTICS_SETTING_KEYS.retentionMonths;
    await audit(tx, actor, {
      action: "setting_changed",
      target: { type: "setting", id: setting },
      detail: { setting, from: saved.retentionMonths, to: wanted },
    });
    return saved.retentionMonths;
  });
  const message =
    from === null
      ? "The setting was already so; nothing changed."
      : `Saved. Analytics are now kept ${wanted} ${wanted === 1 ? "month" : "months"} (they were kept ${from}).`;
  return { status: 200, answer: answer({ ok: true, intent, message }) };
}
