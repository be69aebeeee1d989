import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/setup/database";
import type { Database } from "./client.server";

describe.each(databaseKinds())("database on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("applies migrations idempotently", async () => {
    await database.migrate();
    await database.migrate();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
