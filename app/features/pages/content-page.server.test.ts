import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/setup/database";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { loadContentPage } from "./content-page.server";

describe.each(databaseKinds())("content pages on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("resolves /{slug} to a treatment, an insurance provider, a page or nothing", async () => {
    const treatment = await loadContentPage(database.db, "medication-management");
    expect(treatment).toMatchObject({ kind: "treatment", aboutCondition: false });
    expect(await loadContentPage(database.db, "depression")).toMatchObject({ kind: "treatment", aboutCondition: true });
    const provider = await loadContentPage(database.db, "aetna");
    expect(provider?.crumbs.map((c) => c.path)).toEqual(["/", "/insurance", "/aetna"]);
    const page = await loadContentPage(database.db, "services");
    expect(page?.kind).toBe("page");
    // The blocks a body places come with their data, and only those.
    expect(page?.body.data.treatments?.length).toBeGreaterThan(8);
    expect(page?.body.data.team).toBeUndefined();
    await database.db.update(t.pages).set({ published: false }).where(eq(t.pages.slug, "stress-management"));
    expect(await loadContentPage(database.db, "stress-management")).toBeNull();
    await database.db.update(t.pages).set({ published: true }).where(eq(t.pages.slug, "stress-management"));
    expect(await loadContentPage(database.db, "no-such-page")).toBeNull();
  });
});
