import { afterAll, beforeAll, describe } from "vitest";
import type { Database } from "~/db/client.server";
import { databaseKinds, openTestDatabase, type DatabaseKind } from "./database";

/**
 * One describe block per database kind (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), each with its own migrated and seeded database,
 * opened before its tests and closed after them. `database()` reads it.
 */
export function describeOnEachDatabase(title: string, body: (database: () => Database, kind: DatabaseKind) => void) {
  describe.each(databaseKinds())(`${title} on %s`, (kind) => {
    let database: Database | undefined;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });
    body(() => database!, kind);
  });
}
