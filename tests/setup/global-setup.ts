import fs from "node:fs";
import { createPgliteTemplate, createPostgresTemplate, dropPostgresDatabases, PG_TEMPLATE_ENV } from "./database";
import { startRun } from "./paths";

/**
 * Once per run: its own scratch folder (runs may overlap), the PGlite template, and (with
 * TEST_DATABASE_URL) a new PostgreSQL database for this run, so leftovers of
 * earlier runs never matter. Everything is removed at the end.
 */
export default async function setup() {
  const runDir = startRun();
  fs.mkdirSync(runDir, { recursive: true });
  await createPgliteTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env[PG_TEMPLATE_ENV] = await createPostgresTemplate(serverUrl);

  return async () => {
    if (serverUrl && process.env[PG_TEMPLATE_ENV]) {
      await dropPostgresDatabases(serverUrl, process.env[PG_TEMPLATE_ENV]!);
    }
    if (!process.env.KEEP_TEST_TMP) fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 5 });
  };
}
