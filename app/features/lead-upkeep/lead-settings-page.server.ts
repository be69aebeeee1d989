import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import {
  hourWords,
  leadSettingsSchema,
  type LeadSettings,
  type LeadSettingsField,
} from "~/features/leads/lead-settings";
import { LEAD_SETTING_KEYS, readLeadSettings, saveLeadSettings } from "~/features/leads/lead-settings.server";
import { formAnswer } from "~/lib/form-answer";
import { schemaProblems } from "~/lib/form-answer.server";
import { addDays, clinicDayOf, dayKey, formatClinicDateTime } from "~/lib/clinic-time";
import type { DigestSetting } from "./digest-mailer.server";
import { FAILED_PREFIX, latestRuns, STALE_RUN_MS, type DailyJob, type JobRun } from "./job-runs.server";
import { countDueForDeletion, retentionCutoff } from "./lead-retention.server";
import {
  SAVE_SETTINGS_INTENT,
  type JobRunState,
  type JobRunView,
  type LeadSettingsAnswer,
  type LeadSettingsPageData,
} from "./lead-settings-page-types";

const jobTitles: Record<DailyJob, string> = {
  "lead-retention": "Deleting finished leads past the keeping time",
  "lead-digest": "Overdue digest",
};

function runState(run: JobRun | undefined, now: Date): JobRunState {
  if (!run) return "never";
  if (!run.finishedAt) return now.getTime() - run.startedAt.getTime() > STALE_RUN_MS ? "stalled" : "running";
  return run.outcome?.startsWith(FAILED_PREFIX) ? "failed" : "done";
}

/**
 * The page's data: the saved settings, how many finished leads the next
 * retention run will delete (tonight's if today's has run, else the one at
 * the next check), what the digest still needs, and each job's last run.
 */
export async function leadSettingsPageData(
  db: Db,
  digestMissing: readonly DigestSetting[],
  now = new Date(),
): Promise<LeadSettingsPageData> {
  const [settings, runs] = await Promise.all([readLeadSettings(db), latestRuns(db)]);
  const today = clinicDayOf(now);
  const retentionRun = runs.find((run) => run.job === "lead-retention");
  const ranToday = retentionRun?.runKey === dayKey(today) && runState(retentionRun, now) !== "failed";
  const due = await countDueForDeletion(
    db,
    retentionCutoff(ranToday ? addDays(today, 1) : today, settings.retentionMonths),
  );
  return {
    settings,
    retention: { due, next: ranToday ? "tonight" : "next-check" },
    digestMissing: [...digestMissing],
    runs: (Object.keys(jobTitles) as DailyJob[]).map((job): JobRunView => {
      const run = runs.find((r) => r.job === job);
      return {
        job,
        title: jobTitles[job],
        state: runState(run, now),
        startedAt: run ? run.startedAt.toISOString() : null,
        startedText: run ? formatClinicDateTime(run.startedAt) : null,
        outcome: run?.outcome ?? null,
      };
    }),
  };
}

// Two administrators saving at once: each reads the settings it changes from under this lock.
const LEAD_SETTINGS_LOCK_KEY = 727_014;

/** A saved setting in words, for the answer's sentence. */
function settingWords(key: keyof LeadSettings, { promiseHours, retentionMonths, digestHour }: LeadSettings): string {
  switch (key) {
    case "promiseHours":
      return `the reply promise is ${promiseHours} ${promiseHours === 1 ? "hour" : "hours"}`;
    case "retentionMonths":
      return `finished leads are kept ${retentionMonths} ${retentionMonths === 1 ? "month" : "months"}`;
    case "digestHour":
      return digestHour === null ? "the daily digest is off" : `the daily digest goes out at ${hourWords(digestHour)}`;
  }
}

/**
 * Saves the three settings in one transaction, with one audit entry
 * `setting_changed` {setting, from, to} for each that changed. Returns
 * which changed.
 */
export async function changeLeadSettings(
  db: Db,
  actor: AuditActor,
  wanted: LeadSettings,
): Promise<(keyof LeadSettings)[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEAD_SETTINGS_LOCK_KEY})`);
    const saved = await readLeadSettings(tx);
    const changed = (Object.keys(wanted) as (keyof LeadSettings)[]).filter((key) => saved[key] !== wanted[key]);
    if (changed.length === 0) return changed;
    await saveLeadSettings(tx, wanted);
    for (const key of changed) {
      const setting = LEAD_SETTING_KEYS[key];
      await audit(tx, actor, {
        action: "setting_changed",
        target: { type: "setting", id: setting },
        detail: { setting, from: saved[key], to: wanted[key] },
      });
    }
    return changed;
  });
}

const settingsAnswer = (init: Omit<LeadSettingsAnswer, "answerId" | "fields"> & Partial<LeadSettingsAnswer>) =>
  formAnswer<LeadSettingsField, { intent: string }>(init);

const fields: readonly LeadSettingsField[] = ["promiseHours", "retentionMonths", "digestHour"];
const typed = (values: Record<string, string> | null) =>
  Object.fromEntries(fields.map((name) => [name, values?.[name] ?? ""])) as Record<LeadSettingsField, string>;

/**
 * Runs the posted settings form: 400 with a message per bad field (what
 * was typed given back), or 200 saying what changed. An intent the page
 * does not have is a 400 too.
 */
export async function runLeadSettingsAction(
  db: Db,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: LeadSettingsAnswer }> {
  const intent = values?.intent ?? "";
  if (intent !== SAVE_SETTINGS_INTENT) {
    return {
      status: 400,
      answer: settingsAnswer({
        ok: false,
        intent,
        message: "This form submission could not be understood. Please reload the page and try again.",
      }),
    };
  }
  const parsed = leadSettingsSchema.safeParse(values ?? {});
  if (!parsed.success) {
    const { fields: problems } = schemaProblems<LeadSettingsField>(parsed.error, (name) =>
      fields.includes(name as LeadSettingsField) ? (name as LeadSettingsField) : undefined,
    );
    return {
      status: 400,
      answer: settingsAnswer({
        ok: false,
        intent,
        message: "Please correct the highlighted fields.",
        fields: problems,
        values: typed(values),
      }),
    };
  }
  const changed = await changeLeadSettings(db, actor, parsed.data);
  const message =
    changed.length === 0
      ? "The settings were already so; nothing changed."
      : `Saved. ${sentence(changed.map((key) => settingWords(key, parsed.data)).join("; "))}.`;
  return { status: 200, answer: settingsAnswer({ ok: true, intent, message }) };
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
