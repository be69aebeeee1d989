import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notFoundPaths, type NotFoundPath } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { decodeCursor, encodeCursor } from "~/lib/keyset.server";
import type { NotFoundSort, NotFoundView } from "./not-found-view";

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

export const NOT_FOUND_PAGE_SIZE = 50;

/** The rows matching a view's search and ignored state (the search is a plain substring: % and _ mean themselves). */
function matching(view: Pick<NotFoundView, "search" | "ignored">): SQL {
  const conditions = [eq(notFoundPaths.ignored, view.ignored)];
  if (view.search) {
    const escaped = view.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(sql`lower(${notFoundPaths.path}) like ${`%${escaped}%`}`);
  }
  return and(...conditions)!;
}

/** The sort key of a view: hits or last seen, most first; the path breaks ties, A to Z. */
const sortColumn = (sort: NotFoundSort) => (sort === "hits" ? notFoundPaths.hits : notFoundPaths.lastSeenAt);

const cursorOf = (sort: NotFoundSort, row: NotFoundPath) =>
  encodeCursor([sort === "hits" ? row.hits : row.lastSeenAt.toISOString(), row.path]);

/**
 * One page of the monitor, keyset-paged (the table holds up to 5,000 rows
 * and its ignored ones): the rows after or before a boundary in the view's
 * order, how many rows match in all, and the boundaries of the pages around.
 */
export async function readNotFoundPage(db: Db, view: NotFoundView, pageSize = NOT_FOUND_PAGE_SIZE) {
  const column = sortColumn(view.sort);
  const where = [matching(view)];
  const boundary = view.after ?? view.before;
  const values = boundary ? decodeCursor(boundary, 2) : null;
  const backwards = Boolean(view.before && values);
  if (values) {
    const key = view.sort === "hits" ? Number(values[0]) : new Date(String(values[0]));
    const path = String(values[1]);
    // Most first, then A to Z: after a row = a smaller key, or the same key and a later path.
    where.push(
      backwards
        ? or(gt(column, key), and(eq(column, key), lt(notFoundPaths.path, path)))!
        : or(lt(column, key), and(eq(column, key), gt(notFoundPaths.path, path)))!,
    );
  }
  const order = backwards ? [asc(column), desc(notFoundPaths.path)] : [desc(column), asc(notFoundPaths.path)];
  const [fetched, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notFoundPaths)
      .where(and(...where))
      .orderBy(...order)
      .limit(pageSize + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(notFoundPaths)
      .where(matching(view)),
  ]);
  const more = fetched.length > pageSize;
  const rows = fetched.slice(0, pageSize);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  // Coming back from a later page, there is always a page after; going forward, one before.
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : Boolean(values);
  return {
    rows,
    total,
    next: hasNext && last ? cursorOf(view.sort, last) : undefined,
    previous: hasPrevious && first ? cursorOf(view.sort, first) : undefined,
    isFirstPage: !values || (backwards && !more),
  };
}

/** Every row a view matches, in its order, a batch at a time (the CSV download). */
export async function* notFoundBatches(db: Db, view: NotFoundView, batchSize = 1000) {
  let after: string | undefined;
  for (;;) {
    const page = await readNotFoundPage(db, { ...view, after, before: undefined }, batchSize);
    if (page.rows.length) yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
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

/** Counts a path again (it shows in the monitor's list from its next 404 on); false when it was not ignored. Audited. */
export async function unignoreNotFound(db: Db, path: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notFoundPaths)
      .set({ ignored: false })
      .where(and(eq(notFoundPaths.path, path), eq(notFoundPaths.ignored, true)))
      .returning();
    if (!row) return false;
    await audit(tx, actor, {
      action: "not_found_unignored",
      target: { type: "not_found_path", id: path },
      detail: { before: { ignored: true }, after: { ignored: false, hits: row.hits } },
    });
    return true;
  });
}
