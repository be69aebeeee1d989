import { desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";

export type GenerationRecord = Omit<typeof t.blogGenerations.$inferInsert, "id">;

/** One row per request to the model, whatever its outcome. */
export async function recordGeneration(db: Db, record: GenerationRecord): Promise<void> {
  await db.insert(t.blogGenerations).values(record);
}

export interface GenerationRow {
  id: number;
  startedAt: string;
  who: string | null;
  kind: string;
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  durationMs: number;
  outcome: string;
}

export interface GenerationTotals {
  days: number;
  count: number;
  completed: number;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
}

const TOTAL_DAYS = 30;

/** The latest generations (who by name) and the totals of the last 30 days, for the page. */
export async function generationHistory(
  db: Db,
  now = new Date(),
): Promise<{ recent: GenerationRow[]; totals: GenerationTotals }> {
  const since = new Date(now.getTime() - TOTAL_DAYS * 86_400_000);
  const [recent, [totals]] = await Promise.all([
    db
      .select({
        id: t.blogGenerations.id,
        startedAt: t.blogGenerations.startedAt,
        who: t.users.name,
        kind: t.blogGenerations.kind,
        model: t.blogGenerations.model,
        promptTokens: t.blogGenerations.promptTokens,
        completionTokens: t.blogGenerations.completionTokens,
        durationMs: t.blogGenerations.durationMs,
        outcome: t.blogGenerations.outcome,
      })
      .from(t.blogGenerations)
      .leftJoin(t.users, eq(t.users.id, t.blogGenerations.userId))
      .orderBy(desc(t.blogGenerations.startedAt), desc(t.blogGenerations.id))
      .limit(20),
    db
      .select({
        count: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${t.blogGenerations.outcome} = 'completed'))::int`,
        promptTokens: sql<number>`coalesce(sum(${t.blogGenerations.promptTokens}), 0)::int`,
        completionTokens: sql<number>`coalesce(sum(${t.blogGenerations.completionTokens}), 0)::int`,
        durationMs: sql<number>`coalesce(sum(${t.blogGenerations.durationMs}), 0)::int`,
      })
      .from(t.blogGenerations)
      .where(gte(t.blogGenerations.startedAt, since)),
  ]);
  return {
    recent: recent.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() })),
    totals: { days: TOTAL_DAYS, ...totals! },
  };
}
