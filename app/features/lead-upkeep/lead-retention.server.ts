import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { finishedLeadStatuses, leads } from "~/db/schema";
import { addMonths, startOfClinicDay, type ClinicDay } from "~/lib/clinic-time";

/** Leads deleted per statement: short statements, so nobody's work waits on a long lock. */
export const RETENTION_BATCH = 1_000;

/**
 * The moment before which a finished lead is deleted by the run of a clinic
 * day: the start of the same day `months` months earlier. A lead that
 * finished on 10 March 2024 is kept through 10 March 2026 (24 months) and
 * deleted by the run of 11 March, whatever hour that run happens at.
 */
export function retentionCutoff(day: ClinicDay, months: number): Date {
  return startOfClinicDay(addMonths(day, -months));
}

// Written as a constant list, like the partial index leads_finished_idx, so the planner uses it.
const isFinished = sql`${leads.status} in (${sql.raw(finishedLeadStatuses.map((s) => `'${s}'`).join(","))})`;
const dueBefore = (cutoff: Date) => and(isFinished, lt(leads.statusChangedAt, cutoff))!;

/** How many finished leads the run with this cutoff would delete. */
export async function countDueForDeletion(db: Db, cutoff: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(leads)
    .where(dueBefore(cutoff));
  return row?.n ?? 0;
}

/** A run stopped by an error after some batches had committed: how many it had deleted. */
export class RetentionInterrupted extends Error {
  override name = "RetentionInterrupted";
  constructor(
    readonly deleted: number,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * Deletes the finished leads that finished before `cutoff`, RETENTION_BATCH
 * at a time; their timeline and queued notifications go with them (foreign
 * keys on cascade). After each batch, in the same transaction, `progress`
 * is told the total so far, so a run killed mid-way can be resumed with the
 * count intact (an error says how many were deleted before it:
 * RetentionInterrupted). Leads never finished are never touched, and the condition
 * is checked again on each row as it is deleted: a lead reopened meanwhile
 * stays.
 */
export async function deleteFinishedLeads(
  db: Db,
  cutoff: Date,
  progress: (tx: Db, deletedSoFar: number) => Promise<void>,
): Promise<number> {
  let total = 0;
  try {
    for (;;) {
      const batch = db.select({ id: leads.id }).from(leads).where(dueBefore(cutoff)).limit(RETENTION_BATCH);
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(leads)
          .where(and(dueBefore(cutoff), inArray(leads.id, batch)))
          .returning({ id: leads.id });
        if (rows.length > 0) await progress(tx, total + rows.length);
        return rows.length;
      });
      total += deleted;
      if (deleted < RETENTION_BATCH) return total;
    }
  } catch (error) {
    throw new RetentionInterrupted(total, error);
  }
}
