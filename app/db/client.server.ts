import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The query API shared by the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PGlite instance itself (kind "pglite" only): for statements run on its protocol (pglite-statements.server.ts). */
  pglite?: PGlite;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Applies the committed SQL migrations (safe with several instances). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Walks up from this file to the folder holding package.json (works from app/ and build/). */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, "app", "db", "migrations");

// Every instance against one PostgreSQL server serialises its start-up work
// (migrations, seeding) on this advisory lock.
export const STARTUP_LOCK_KEY = 727_001;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL: at most this many connections (10 by default; the site audit's worker uses a couple). */
  maxConnections?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      // A visitor waiting on a dead database gets an answer quickly.
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
    });
    // A client that loses its server must not crash the process: an idle one
    // reports to the pool, a checked-out one (inside a transaction, between
    // two statements) to itself. The query or transaction that was using it
    // still fails with the error, and the pool replaces the client.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async ping() {
        await pool.query("select 1");
      },
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }

  const dataDir = path.resolve(options.dataDir ?? "./data");
  fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, "pglite"));
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async ping() {
      await client.query("select 1");
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      await client.close();
    },
  };
}
