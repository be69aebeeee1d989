import type { Db } from "~/db/client.server";
import type { SiteAuditRunner } from "./audit-runner.server";
import { readRunningProgress } from "./audit-runs.server";
import type { ProgressAnswer } from "./overview-types";

/**
 * How far the running check has got, for the open overview's poll every 2 s:
 * from this instance's memory when it is the one doing the check (no query at
 * all: on PGlite every query runs on the thread that answers visitors, and
 * the overview's full data every 2 s was most of what a large audit cost
 * them, issue 16), else from the run's row (another instance is doing it).
 */
export async function auditProgress(db: Db, runner: SiteAuditRunner): Promise<ProgressAnswer> {
  const mine = runner.progress();
  if (mine) return { running: { id: mine.runId, found: mine.found, done: mine.done, stale: false } };
  return { running: await readRunningProgress(db) };
}
