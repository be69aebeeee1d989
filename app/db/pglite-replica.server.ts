import { PGlite } from "@electric-sql/pglite";
import { getTableName } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Database, type Db } from "./client.server";
import * as schema from "./schema";

/**
 * A copy of the site's content for another process. On PGlite the database
 * lives in the server's process (one process owns the data directory); the
 * site audit's child process (decision 0030) reads a thousand pages, and their
 * queries must not run on the thread that answers visitors. So the child gets
 * an in-memory PGlite of its own: the schema from the committed migrations,
 * and the rows of the tables public pages read, copied from the server's
 * PGlite in one transaction (COPY … TO '/dev/blob': a few milliseconds for
 * the demo site, a few tens for a thousand pages) and sent over IPC.
 *
 * An allow-list, not "everything but": only what a public page reads is
 * copied, so the copy is small and nothing of the people the site holds
 * (leads, sign-ups, staff, analytics) or of its staff tools (imports, held
 * previews, ads, the audit's own results) ever leaves the server's process. A
 * new table a public page reads must be added here; the audit of the copy is
 * compared with the audit of the database itself
 * (tests/integration/seo-audit-content-copy.test.ts), which fails if a page
 * reads a table left out.
 */
const COPIED = [
  schema.appMeta,
  schema.siteContent,
  schema.pages,
  schema.treatments,
  schema.conditions,
  schema.insuranceProviders,
  schema.locations,
  schema.teamMembers,
  schema.testimonials,
  schema.faqItems,
  schema.blogPosts,
  schema.seoPageSettings,
  schema.seoRedirects,
];

/** The tables a copy holds. */
export function copiedTables(): string[] {
  return COPIED.map((table) => getTableName(table));
}

/** The rows of each copied table, as PGlite's COPY writes them (null for an empty table); bytes cross IPC. */
export type ContentSnapshot = [table: string, rows: Uint8Array<ArrayBuffer> | null][];

/**
 * What the copied tables hold, in a few bytes: each one's row count and newest row version (`xmin`,
 * the transaction that wrote the row: an insert or an update writes a newer one than any before it,
 * and a delete lowers the count; a key seen once never comes back). Equal keys, equal rows: a copy
 * made under a key needs no new snapshot while the key stands. One scan of each table, no row's
 * contents read (a millisecond or two for a thousand pages, where their snapshot takes tens).
 */
export async function contentKey(pglite: Pick<PGlite, "query">): Promise<string> {
  const parts = copiedTables().map(
    (table) => `(select count(*) || '.' || coalesce(max(xmin::text::bigint), 0) from "${table}")`,
  );
  const { rows } = await pglite.query<{ key: string }>(`select concat_ws(' ', ${parts.join(", ")}) as key`);
  return rows[0]!.key;
}

/**
 * The copied tables' rows, read in one transaction so they agree with each other and with their key
 * (contentKey). Between two tables the event loop takes a turn: PGlite runs on the thread that
 * answers visitors, and the pages of a large site alone take tens of milliseconds to copy; page-cache
 * hits need no query and go out meanwhile.
 */
export function snapshotContent(pglite: PGlite): Promise<{ rows: ContentSnapshot; key: string }> {
  return pglite.transaction(async (tx) => {
    const key = await contentKey(tx);
    const rows: ContentSnapshot = [];
    for (const table of copiedTables()) {
      const result = await tx.query(`copy "${table}" to '/dev/blob'`);
      rows.push([table, result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : null]);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return { rows, key };
  });
}

/**
 * An in-memory PGlite with the site's schema and no rows, ready for a
 * snapshot. `empty` is a migrated empty database (dumpDataDir) to start from;
 * without one it is made (PGlite's own set-up and every migration: a second or
 * two) and handed back, so the next copy can start from it.
 */
export async function prepareEmptyCopy(empty?: Blob): Promise<{ pglite: PGlite; made: Blob | null }> {
  const pglite = empty ? new PGlite({ loadDataDir: empty }) : new PGlite();
  await pglite.waitReady;
  if (empty) return { pglite, made: null };
  await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
  return { pglite, made: await pglite.dumpDataDir("none") };
}

/** Loads the snapshot's rows into a prepared empty copy: the site's database, as of the snapshot. */
export async function fillCopy(pglite: PGlite, snapshot: ContentSnapshot): Promise<Database> {
  // Rows go in as they are: no trigger or foreign key is checked (they held where they came from).
  await pglite.exec("set session_replication_role = replica");
  for (const [table, rows] of snapshot) {
    if (rows) await pglite.query(`copy "${table}" from '/dev/blob'`, [], { blob: new Blob([rows]) });
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    async ping() {
      await pglite.query("select 1");
    },
    async migrate() {
      throw new Error("A copy of the content is never migrated.");
    },
    async close() {
      await pglite.close();
    },
  };
}

/**
 * A copy filled again with a newer snapshot: the copied tables emptied and
 * loaded in one transaction (faster than a new database; a process reading
 * several runs keeps one).
 */
export async function refillCopy(pglite: PGlite, snapshot: ContentSnapshot): Promise<void> {
  await pglite.transaction(async (tx) => {
    await tx.exec("set local session_replication_role = replica");
    // Cascade: tables left out of the copy that refer to these (leads to treatments, say) are empty here anyway.
    await tx.exec(
      `truncate ${copiedTables()
        .map((table) => `"${table}"`)
        .join(", ")} cascade`,
    );
    for (const [table, rows] of snapshot) {
      if (rows) await tx.query(`copy "${table}" from '/dev/blob'`, [], { blob: new Blob([rows]) });
    }
  });
}

/** Both steps at once. */
export async function openContentCopy(snapshot: ContentSnapshot, empty?: Blob): Promise<Database> {
  const { pglite } = await prepareEmptyCopy(empty);
  return fillCopy(pglite, snapshot);
}
