import { and, desc, eq, inArray, isNull, like, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobRuns } from "~/db/schema";

/**
 * Claims on the runs of the daily jobs (decision 0026), in `job_runs`: one
 * row per job and clinic day. Every instance asks every few minutes; the
 * insert is the claim, so whichever instance's insert returns the row does
 * the day's run and the others do nothing. Two ways back in, each one
 * conditional update that only one instance can win:
 *  - a run that started and never finished within STALE_RUN_MS died with its
 *    instance (killed mid-way): it may be taken over;
 *  - a run that failed (outcome "Failed: …") is tried again RETRY_FAILED_MS
 *    after it failed, until its day is over (a mail server that is down at
 *    8 a.m. still gets the digest once it is back).
 */

export const dailyJobs = ["lead-retention", "lead-digest"] as const;
export type DailyJob = (typeof dailyJobs)[number];

/** Far longer than a run takes (the retention deletes 1,000 leads a statement): a run this old is dead. */
export const STALE_RUN_MS = 60 * 60_000;
/** How long after a failure a later check tries the run again. */
export const RETRY_FAILED_MS = 15 * 60_000;
/** How a failed run's outcome begins (what the retry looks for). */
export const FAILED_PREFIX = "Failed: ";

export interface Claim {
  /** A DailyJob, or another feature's daily job (analytics-upkeep's "analytics-retention"). */
  job: string;
  runKey: string;
  /** The claim's own start: a run taken over by another instance no longer matches it. */
  startedAt: Date;
  /** The outcome left by an earlier attempt at this run (progress, or why it failed), or null. */
  previousOutcome: string | null;
}

/** Claims `job`'s run for `runKey` at `now`: the claim when this caller is to do the work, else null. */
export async function claimRun(db: Db, job: string, runKey: string, now: Date): Promise<Claim | null> {
  const [inserted] = await db
    .insert(jobRuns)
    .values({ job, runKey, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (inserted) return { job, runKey, startedAt: now, previousOutcome: null };
  // The row exists: take it over only if it died or failed long enough ago. Under concurrent
  // updates PostgreSQL re-checks the condition on the row the winner wrote, which no longer matches.
  const [taken] = await db
    .update(jobRuns)
    .set({ startedAt: now, finishedAt: null })
    .where(
      and(
        eq(jobRuns.job, job),
        eq(jobRuns.runKey, runKey),
        or(
          and(isNull(jobRuns.finishedAt), lt(jobRuns.startedAt, new Date(now.getTime() - STALE_RUN_MS))),
          and(
            like(jobRuns.outcome, `${FAILED_PREFIX}%`),
            lt(jobRuns.finishedAt, new Date(now.getTime() - RETRY_FAILED_MS)),
          ),
        ),
      ),
    )
    .returning({ outcome: jobRuns.outcome });
  return taken ? { job, runKey, startedAt: now, previousOutcome: taken.outcome } : null;
}

/** The claim's row, as long as no other instance has taken the run over. */
const claimed = (claim: Claim) =>
  and(eq(jobRuns.job, claim.job), eq(jobRuns.runKey, claim.runKey), eq(jobRuns.startedAt, claim.startedAt));

/** Notes how far a run has got (counts only), so an instance taking it over can go on from there. */
export async function noteProgress(db: Db, claim: Claim, outcome: string): Promise<void> {
  await db.update(jobRuns).set({ outcome }).where(claimed(claim));
}

/** Closes a run with what it did (counts only) or why it failed (FAILED_PREFIX + the error's message). */
export async function finishRun(db: Db, claim: Claim, outcome: string, at: Date): Promise<void> {
  await db.update(jobRuns).set({ finishedAt: at, outcome }).where(claimed(claim));
}

export interface JobRun {
  job: DailyJob;
  runKey: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string | null;
}

/** The latest run of each daily job (by clinic day), for the settings page; a job that never ran is absent. */
export async function latestRuns(db: Db): Promise<JobRun[]> {
  const rows = await db
    .selectDistinctOn([jobRuns.job])
    .from(jobRuns)
    .where(inArray(jobRuns.job, [...dailyJobs]))
    .orderBy(jobRuns.job, desc(jobRuns.runKey));
  return rows.map((row) => ({ ...row, job: row.job as DailyJob }));
}
