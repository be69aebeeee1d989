import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ANALYTICS_RETENTION_JOB } from "~/features/analytics-upkeep/analytics-jobs.server";
import {
  analyticsSettingsSchema,
  type AnalyticsSettings,
  type AnalyticsSettingsField,
} from "~/features/analytics-upkeep/analytics-settings";
import {
  ANALYTICS_SETTING_KEYS,
  readAnalyticsSettings,
  saveAnalyticsSettings,
} from "~/features/analytics-upkeep/analytics-settings.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { timeZones, zoneWords } from "~/lib/time-zones";
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
  const settings = await readAnalyticsSettings(db);
  const [pending, counted, runs] = await Promise.all([
    pendingDays(db, now, settings.timeZone, 1),
    db.execute(
      sql`select count(*)::int as n from analytics_rollup_days r where ${isCurrentRollup(sql`r`, settings.timeZone)}`,
    ),
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
    timeZones: timeZones(),
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
  // The fields posted (the page posts both); one left out keeps its value.
  const posted: Partial<Record<AnalyticsSettingsField, string>> = {};
  for (const field of Object.keys(ANALYTICS_SETTING_KEYS) as AnalyticsSettingsField[]) {
    if (values?.[field] !== undefined) posted[field] = values[field];
  }
  const parsed = analyticsSettingsSchema.partial().safeParse(posted);
  const zone = parsed.success ? parsed.data.timeZone : undefined;
  const unknownToDatabase = zone !== undefined && !(await databaseKnowsZone(db, zone));
  if (!parsed.success || unknownToDatabase) {
    const fields = parsed.success
      ? { timeZone: "The database does not know this time zone; choose another name for the same place." }
      : schemaProblems<AnalyticsSettingsField>(parsed.error, () => "retentionMonths").fields;
    return {
      status: 400,
      answer: answer({ ok: false, intent, message: "Please correct the highlighted field.", fields, values: posted }),
    };
  }
  const wanted = parsed.data;
  const changes = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ANALYTICS_SETTINGS_LOCK_KEY})`);
    const saved = await readAnalyticsSettings(tx);
    const changed = (Object.keys(wanted) as (keyof AnalyticsSettings)[]).filter(
      (f) => wanted[f] !== undefined && saved[f] !== wanted[f],
    );
    if (changed.length === 0) return [];
    await saveAnalyticsSettings(tx, wanted);
    const after = { ...saved, ...wanted };
    for (const field of changed) {
      const setting = ANALYTICS_SETTING_KEYS[field];
      await audit(tx, actor, {
        action: "setting_changed",
        target: { type: "setting", id: setting },
        detail: { setting, from: saved[field], to: wanted[field]! },
      });
    }
    return changed.map((field) => changeWords(field, saved, after));
  });
  const message =
    changes.length === 0 ? "The settings were already so; nothing changed." : `Saved. ${changes.join(" ")}`;
  return { status: 200, answer: answer({ ok: true, intent, message }) };
}

function changeWords(field: keyof AnalyticsSettings, from: AnalyticsSettings, to: AnalyticsSettings): string {
  if (field === "timeZone") {
    return `Days now begin at midnight in ${zoneWords(to.timeZone)} (they began in ${zoneWords(from.timeZone)}); the daily summaries are being made again, and the dashboard reads the records meanwhile.`;
  }
  const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;
  return `Analytics are now kept ${months(to.retentionMonths)} (they were kept ${from.retentionMonths}).`;
}

/** Whether PostgreSQL (or PGlite) has the zone in its own time-zone data, which the queries use. */
async function databaseKnowsZone(db: Db, zone: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  )) as unknown as { rows: { known: boolean }[] };
  return result.rows[0]?.known === true;
}
