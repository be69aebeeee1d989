import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { claimRun, FAILED_PREFIX, finishRun, noteProgress, type Claim } from "~/features/lead-upkeep/job-runs.server";
import { clinicDayOf, dayKey, type ClinicDay } from "~/lib/clinic-time";
import {
  AnalyticsRetentionInterrupted,
  analyticsCutoff,
  deletedRows,
  deleteOldAnalytics,
  NOTHING_DELETED,
  type AnalyticsDeletion,
} from "./analytics-retention.server";
import { readAnalyticsSettings } from "./analytics-settings.server";

/**
 * The daily analytics retention (job "analytics-retention"): at the first
 * check of each clinic day (just after midnight, or at start-up), deletes
 * the raw analytics older than the kept months and the rollups of their
 * days. Claimed in job_runs like the lead jobs (decision 0026), so it runs
 * once a day however many instances ask; a run killed mid-way is taken over
 * an hour later with its counts, a failed one is tried again 15 minutes later.
 */
export const ANALYTICS_RETENTION_JOB = "analytics-retention";

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The audit trail's actor for what the system does by itself. */
const SYSTEM: AuditActor = { id: null, email: null, ip: "" };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

const PROGRESS = "Deleting: ";

/** Counts in words, for job_runs.outcome and the log ("visits 3, page views 9, …"). */
function describe(d: AnalyticsDeletion): string {
  return `visits ${d.visits}, page views ${d.pageViews}, events ${d.events}, bot hours ${d.botHours}, rollup days ${d.rollupDays} (${d.rollupRows} rollup rows)`;
}

/** What an earlier attempt at this run had deleted, read back from its outcome ("Deleting: {…}" / "Failed: after {…}: …"). */
function deletedBefore(previousOutcome: string | null): AnalyticsDeletion {
  const match = previousOutcome ? /^(?:Deleting: |Failed: after )(\{[^}]*\})/.exec(previousOutcome) : null;
  if (!match) return { ...NOTHING_DELETED };
  try {
    const saved = JSON.parse(match[1]!) as Partial<AnalyticsDeletion>;
    const out = { ...NOTHING_DELETED };
    for (const key of Object.keys(out) as (keyof AnalyticsDeletion)[]) out[key] = Number(saved[key]) || 0;
    return out;
  } catch {
    return { ...NOTHING_DELETED };
  }
}

const plus = (a: AnalyticsDeletion, b: AnalyticsDeletion): AnalyticsDeletion => ({
  visits: a.visits + b.visits,
  pageViews: a.pageViews + b.pageViews,
  events: a.events + b.events,
  botHours: a.botHours + b.botHours,
  rollupRows: a.rollupRows + b.rollupRows,
  rollupDays: a.rollupDays + b.rollupDays,
});

/** Runs the analytics retention if today's run is not claimed yet; its outcome, or null when another caller has it. */
export async function runDueAnalyticsJobs(db: Db, log: Log, now = new Date()): Promise<string | null> {
  const today = clinicDayOf(now);
  const claim = await claimRun(db, ANALYTICS_RETENTION_JOB, dayKey(today), now);
  if (!claim) return null;
  const began = performance.now();
  let outcome: string;
  try {
    outcome = await deleteOldRows(db, log, claim, today, now);
  } catch (error) {
    outcome = `${FAILED_PREFIX}${messageOf(error)}`;
    log.warn({ job: claim.job, err: messageOf(error) }, `${claim.job}: the run failed; a later check tries again`);
  }
  await finishRun(db, claim, outcome, new Date(now.getTime() + (performance.now() - began)));
  return outcome;
}

async function deleteOldRows(db: Db, log: Log, claim: Claim, today: ClinicDay, now: Date): Promise<string> {
  const { retentionMonths: months } = await readAnalyticsSettings(db);
  const cutoff = analyticsCutoff(today, months);
  const before = deletedBefore(claim.previousOutcome);
  let total: AnalyticsDeletion;
  try {
    const thisRun = await deleteOldAnalytics(db, cutoff, (tx, soFar) =>
      noteProgress(tx, claim, `${PROGRESS}${JSON.stringify(plus(before, soFar))} so far`),
    );
    total = plus(before, thisRun);
  } catch (error) {
    const deleted = error instanceof AnalyticsRetentionInterrupted ? plus(before, error.deleted) : before;
    throw new Error(`after ${JSON.stringify(deleted)}: ${messageOf(error)}`, { cause: error });
  }
  if (deletedRows(total) > 0) {
    await audit(
      db,
      SYSTEM,
      { action: "analytics_retention_deleted", detail: { ...total, months, before: cutoff.toISOString() } },
      now,
    );
  }
  const words = `${describe(total)}; older than ${months} months (before ${cutoff.toISOString()})`;
  log.info({ job: claim.job, ...total, months }, `analytics retention: deleted ${words}`);
  return `Deleted ${words}`;
}
