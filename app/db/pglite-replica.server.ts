import { PGlite } from "@electric-sql/pglite";
import { getTableName, isTable } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Database, type Db } from "./client.server";
import * as schema from "./schema";
import * as analytics from "./schema/analytics";
import * as leads from "./schema/leads";
import * as seoAudit from "./schema/seo-audit";
import * as staff from "./schema/staff";

/**
 * A copy of the site's content for another thread. On PGlite the database
 * lives in the server's main thread; a worker that reads a thousand pages
 * through it (pglite-proxy.server.ts) makes that thread run a few thousand
 * queries, which visitors then wait behind. Instead the worker can get its
 * own in-memory PGlite: the schema from the committed migrations, and the rows
 * of every table a public page may read, copied from the server's PGlite in
 * one transaction (COPY … TO '/dev/blob': a few milliseconds for the demo
 * site, about 50 ms for a thousand pages).
 *
 * Every table is copied except those no public page reads and that hold
 * personal data or bulk: leads and newsletter sign-ups, analytics, staff
 * accounts, sessions and the audit trail, rate counters, job claims, the 404
 * monitor, and the site audit's own results. A table added to one of those
 * schema files is left out with it; a table added anywhere else is copied,
 * so a new kind of content reaches the copy without anyone remembering to
 * add it. A new table of personal data belongs in one of those files (or in
 * NOT_COPIED below).
 */

const tablesOf = (module: Record<string, unknown>) =>
  Object.values(module).flatMap((value) => (isTable(value) ? [getTableName(value)] : []));

const NOT_COPIED = new Set([
  ...tablesOf(leads),
  ...tablesOf(analytics),
  ...tablesOf(staff),
  ...tablesOf(seoAudit),
  getTableName(schema.rateLimits),
  getTableName(schema.jobRuns),
  getTableName(schema.notFoundPaths),
]);

/** The tables a copy holds (every table of the schema but those left out). */
export function copiedTables(): string[] {
  return tablesOf(schema).filter((name) => !NOT_COPIED.has(name));
}

/** The rows of each copied table, as PGlite's COPY writes them (null for an empty table). */
export type ContentSnapshot = [table: string, rows: Blob | null][];

/** The copied tables' rows, read in one transaction so they agree with each other. */
export function snapshotContent(pglite: PGlite): Promise<ContentSnapshot> {
  return pglite.transaction(async (tx) => {
    const snapshot: ContentSnapshot = [];
    for (const table of copiedTables()) {
      const result = await tx.query(`copy "${table}" to '/dev/blob'`);
      snapshot.push([table, result.blob ?? null]);
    }
    return snapshot;
  });
}

/**
 * An in-memory PGlite with the site's schema and the snapshot's rows. `empty`
 * is a migrated empty database (dumpDataDir) to start from; without one it is
 * made (PGlite's own set-up and every migration: a second or two) and handed
 * back, so the next copy can start from it.
 */
export async function openContentCopy(
  snapshot: ContentSnapshot,
  empty?: Blob,
): Promise<{ database: Database; empty: Blob | null }> {
  const pglite = empty ? new PGlite({ loadDataDir: empty }) : new PGlite();
  await pglite.waitReady;
  let made: Blob | null = null;
  if (!empty) {
    await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
    made = await pglite.dumpDataDir("none");
  }
  // Rows go in as they are: no trigger or foreign key is checked (they held where they came from).
  await pglite.exec("set session_replication_role = replica");
  for (const [table, rows] of snapshot) {
    if (rows) await pglite.query(`copy "${table}" from '/dev/blob'`, [], { blob: rows });
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    empty: made,
    database: {
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
    },
  };
}
