import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "~/db/client.server";
import { seedDemoContent } from "~/features/content/seed.server";
import { pgliteTemplateDir, tmpRoot } from "./paths";

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * The database a browser file drives its pages on (decision 0053): what a page draws and how it
 * behaves under a person's hands is the same on either database, and the data layer under it runs
 * on both in the integration tests. So each browser file names one, the files alternate so both are
 * driven through a browser, and only what is about the database itself runs on both.
 * `TEST_BROWSER_ALL_DATABASES=1` runs every browser file on every database there is.
 */
export function browserDatabaseKinds(kind: DatabaseKind): DatabaseKind[] {
  const available = databaseKinds();
  if (process.env.TEST_BROWSER_ALL_DATABASES === "1") return available;
  return [available.includes(kind) ? kind : "pglite"];
}

/** A migrated, seeded data directory, made once per run and copied for each test. */
export async function createPgliteTemplate(dir = pgliteTemplateDir()) {
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedDemoContent(database);
  await database.close();
}

export function copyPgliteTemplate(label: string): string {
  const dir = path.join(tmpRoot(), `${label}-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  fs.cpSync(pgliteTemplateDir(), dir, { recursive: true });
  return dir;
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Name of this run's seeded PostgreSQL template database (set by the global setup). */
export const PG_TEMPLATE_ENV = "CLINIC_TEST_PG_TEMPLATE";

export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `clinic_run_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name) });
  await database.migrate();
  await seedDemoContent(database);
  await database.close();
  return name;
}

export async function dropPostgresDatabases(serverUrl: string, prefix: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
    `${prefix}%`,
  ]);
  for (const { datname } of rows) {
    await admin.query(`drop database if exists ${datname} with (force)`);
  }
  await admin.end();
}

/** A fresh PostgreSQL database cloned from this run's template; returns its URL. */
export async function clonePostgresTemplate(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const template = process.env[PG_TEMPLATE_ENV];
  if (!template) throw new Error(`${PG_TEMPLATE_ENV} is not set: the global setup did not run`);
  const name = `${template}_f${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return withDatabase(serverUrl, name);
}

/** An open, migrated and seeded database of the given kind, private to the caller. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({ dataDir: copyPgliteTemplate("db") });
  return openDatabase({ databaseUrl: await clonePostgresTemplate() });
}
