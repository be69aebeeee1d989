import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { clinicDayOf, clinicHourOf, dayKey, type ClinicDay } from "~/lib/clinic-time";
import type { DigestMailer } from "./digest-mailer.server";
import { FAILED_PREFIX, claimRun, finishRun, noteProgress, type Claim, type DailyJob } from "./job-runs.server";
import { digestMessage, overdueCounts } from "./lead-digest.server";
import { deleteFinishedLeads, retentionCutoff, RetentionInterrupted } from "./lead-retention.server";

/**
 * The daily jobs of the lead work, run off the request path and once per
 * clinic day however many instances run (decision 0026): every instance
 * calls runDueJobs every few minutes (server/main.ts), and the claim in
 * job_runs decides which one does a run (job-runs.server.ts).
 *  - lead-retention: at the first check of each clinic day (just after
 *    midnight, or at start-up), deletes the finished leads past the
 *    keeping time.
 *  - lead-digest: at the first check at or after the digest hour (clinic
 *    time), e-mails the intake address the counts of overdue requests, when
 *    there are any. None when the digest is off.
 * A job's outcome (job_runs.outcome, the settings page, the log) is counts
 * or an error's message, never a lead's contents.
 */

/** How often each instance asks whether a daily job is due. */
export const DAILY_JOBS_EVERY_MS = 5 * 60_000;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What the jobs need of the server's services (ServerServices has both). */
export interface DailyJobServices {
  logger: Log;
  leadDigest: Pick<DigestMailer, "missing" | "publicUrl" | "send">;
}

/** A run this instance did: which, for which clinic day, and what came of it. */
export interface JobReport {
  job: DailyJob;
  runKey: string;
  outcome: string;
}

/** The audit trail's actor for what the system does by itself. */
const SYSTEM: AuditActor = { id: null, email: null, ip: "" };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** Runs the daily jobs that are due at `now` and not claimed yet; returns the runs this caller did. */
export async function runDueJobs(db: Db, services: DailyJobServices, now = new Date()): Promise<JobReport[]> {
  const settings = await readLeadSettings(db);
  const today = clinicDayOf(now);
  const runKey = dayKey(today);
  const reports: JobReport[] = [];
  const retention = await runOnce(db, services.logger, "lead-retention", runKey, now, (claim) =>
    deleteOldLeads(db, services.logger, claim, { today, months: settings.retentionMonths, now }),
  );
  if (retention) reports.push(retention);
  const { digestHour, promiseHours } = settings;
  if (digestHour !== null && clinicHourOf(now) >= digestHour) {
    const digest = await runOnce(db, services.logger, "lead-digest", runKey, now, () =>
      sendDigest(db, services, { promiseHours, digestHour }, now),
    );
    if (digest) reports.push(digest);
  }
  return reports;
}

/** Claims the run; if this caller won it, does the work and closes the run with its outcome. */
async function runOnce(
  db: Db,
  log: Log,
  job: DailyJob,
  runKey: string,
  now: Date,
  work: (claim: Claim) => Promise<string>,
): Promise<JobReport | null> {
  const claim = await claimRun(db, job, runKey, now);
  if (!claim) return null;
  const began = performance.now();
  let outcome: string;
  try {
    outcome = await work(claim);
  } catch (error) {
    outcome = `${FAILED_PREFIX}${messageOf(error)}`;
    log.warn({ job, err: messageOf(error) }, `${job}: the run failed; a later check tries again`);
  }
  // The clock the run was started with, moved on by how long it took (tests set the clock).
  await finishRun(db, claim, outcome, new Date(now.getTime() + (performance.now() - began)));
  return { job, runKey, outcome };
}

const finishedLeads = (n: number) => (n === 1 ? "1 finished lead" : `${n} finished leads`);

/** How many an earlier attempt at this run had deleted ("Deleting: 3000 deleted so far", "Failed: after 3000 deleted: …"). */
function deletedBefore(previousOutcome: string | null): number {
  const match = previousOutcome ? /^(?:Deleting: |Failed: after )(\d+) deleted/.exec(previousOutcome) : null;
  return match ? Number(match[1]) : 0;
}

async function deleteOldLeads(
  db: Db,
  log: Log,
  claim: Claim,
  { today, months, now }: { today: ClinicDay; months: number; now: Date },
): Promise<string> {
  const before = deletedBefore(claim.previousOutcome);
  let total = before;
  try {
    total += await deleteFinishedLeads(db, retentionCutoff(today, months), (tx, soFar) =>
      noteProgress(tx, claim, `Deleting: ${before + soFar} deleted so far`),
    );
    if (total > 0) {
      await audit(db, SYSTEM, { action: "leads_retention_deleted", detail: { count: total, months } }, now);
    }
  } catch (error) {
    const deleted = error instanceof RetentionInterrupted ? before + error.deleted : total;
    throw new Error(`after ${deleted} deleted: ${messageOf(error)}`, { cause: error });
  }
  const words = `${finishedLeads(total)} older than ${months} months`;
  log.info({ job: claim.job, deleted: total, months }, `lead retention: deleted ${words}`);
  return `Deleted ${words}`;
}

async function sendDigest(
  db: Db,
  { leadDigest, logger }: DailyJobServices,
  settings: { promiseHours: number; digestHour: number },
  now: Date,
): Promise<string> {
  if (leadDigest.missing.length > 0) {
    const missing = `${leadDigest.missing.join(" and ")} ${leadDigest.missing.length === 1 ? "is" : "are"} not set`;
    logger.info({ job: "lead-digest" }, `lead digest not sent: ${missing}`);
    return `Skipped: ${missing}`;
  }
  const counts = await overdueCounts(db, now, settings.promiseHours);
  if (counts.overdue === 0) return `Not sent: no request is past the promise (${counts.waiting} waiting)`;
  await leadDigest.send(digestMessage(leadDigest.publicUrl, counts, settings));
  logger.info({ job: "lead-digest", overdue: counts.overdue }, "lead digest sent");
  return `Sent: ${counts.overdue} past the promise, ${counts.waiting} waiting in all, the longest ${counts.oldestHours} h`;
}
