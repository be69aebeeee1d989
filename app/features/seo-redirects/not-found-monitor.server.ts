import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notFoundPaths, type NotFoundPath } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";

/** The monitor keeps the most recently seen rows; a scanner's thousands of made-up paths push out only each other. */
export const NOT_FOUND_ROWS_KEPT = 5000;

export interface NotFoundCount {
  path: string;
  hits: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  referrerHost: string | null;
}

/**
 * Adds a batch of counted 404s in one statement (the background flush, never
 * a request), then trims the table to its `keep` most recently seen rows.
 * Ignored rows are neither counted nor trimmed: they stay so their path is
 * not counted again.
 */
export async function writeNotFoundCounts(db: Db, counts: NotFoundCount[], keep = NOT_FOUND_ROWS_KEPT): Promise<void> {
  if (counts.length === 0) return;
  const rows = sql.join(
    counts.map(
      (c) =>
        sql`(${c.path}, ${c.hits}::bigint, ${c.firstSeenAt.toISOString()}::timestamptz, ${c.lastSeenAt.toISOString()}::timestamptz, ${c.referrerHost}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into not_found_paths (path, hits, first_seen_at, last_seen_at, referrer_host)
    values ${rows}
    on conflict (path) do update set
      hits = not_found_paths.hits + excluded.hits,
      last_seen_at = greatest(not_found_paths.last_seen_at, excluded.last_seen_at),
      referrer_host = coalesce(excluded.referrer_host, not_found_paths.referrer_host)
    where not not_found_paths.ignored`);
  await db.execute(sql`
    delete from not_found_paths where path in (
      select path from not_found_paths where not ignored
      order by last_seen_at desc, path offset ${keep})`);
}

export type NotFoundSort = "hits" | "last-seen";

/** The monitor's rows (ignored ones hidden), by count or by last seen, most first. */
export function listNotFound(db: Db, sort: NotFoundSort, limit = 500): Promise<NotFoundPath[]> {
  const order =
    sort === "hits"
      ? [desc(notFoundPaths.hits), desc(notFoundPaths.lastSeenAt), asc(notFoundPaths.path)]
      : [desc(notFoundPaths.lastSeenAt), desc(notFoundPaths.hits), asc(notFoundPaths.path)];
  return db
    .select()
    .from(notFoundPaths)
    .where(eq(notFoundPaths.ignored, false))
    .orderBy(...order)
    .limit(limit);
}

/** Hides a row and stops counting its path; false when there was no such row. Audited. */
export async function ignoreNotFound(db: Db, path: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notFoundPaths)
      .set({ ignored: true })
      .where(and(eq(notFoundPaths.path, path), eq(notFoundPaths.ignored, false)))
      .returning();
    if (!row) return false;
    await audit(tx, actor, {
      action: "not_found_ignored",
      target: { type: "not_found_path", id: path },
      detail: { before: { ignored: false, hits: row.hits }, after: { ignored: true } },
    });
    return true;
  });
}
