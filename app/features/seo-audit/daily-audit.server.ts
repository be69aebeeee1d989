import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoAuditRuns } from "~/db/schema";
import { claimRun, FAILED_PREFIX, finishRun } from "~/features/lead-upkeep/job-runs.server";
import { clinicDayOf, clinicHourOf, dayKey } from "~/lib/clinic-time";
import type { SiteAuditRunner } from "./audit-runner.server";

/**
 * The daily site audit, through the daily jobs' claims (job_runs, decision
 * 0026): every instance asks every few minutes (server/main.ts), and the first
 * to claim the clinic day's run starts it. It starts at the first check at or
 * after 03:00 clinic time, when few visitors come. A site never checked
 * waits for someone to press the button on /admin/seo: a new install, and
 * each of the dozens of servers the end-to-end tests start, never audits by
 * itself at start-up. A site checked within the last 20 hours (the button)
 * is not checked again that night.
 */
export const SEO_AUDIT_JOB = "seo-audit";
export const DAILY_AUDIT_HOUR = 3;
const RECENT_MS = 20 * 60 * 60_000;

interface Log {
  info(obj: object, msg: string): void;
}

export async function runDueAudit(
  db: Db,
  runner: SiteAuditRunner,
  logger: Log,
  now = new Date(),
): Promise<string | null> {
  if (clinicHourOf(now) < DAILY_AUDIT_HOUR) return null;
  const [last] = await db
    .select({ startedAt: seoAuditRuns.startedAt })
    .from(seoAuditRuns)
    .orderBy(desc(seoAuditRuns.id))
    .limit(1);
  if (!last || now.getTime() - last.startedAt.getTime() < RECENT_MS) return null;
  const claim = await claimRun(db, SEO_AUDIT_JOB, dayKey(clinicDayOf(now)), now);
  if (!claim) return null;
  let outcome: string;
  try {
    const started = await runner.start("daily", null);
    outcome = started.ok ? `Started run ${started.run.id}` : `Skipped: run ${started.running.id} was already going`;
  } catch (error) {
    // A failed start is tried again by a later check (job_runs' rule for failed runs).
    outcome = `${FAILED_PREFIX}${error instanceof Error ? error.message : String(error)}`;
  }
  await finishRun(db, claim, outcome, new Date());
  logger.info({ job: SEO_AUDIT_JOB, outcome }, "daily site audit");
  return outcome;
}
