import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeOnEachDatabase } from "../../../tests/setup/database-suite";
import * as t from "~/db/schema";
import { loadContentPage } from "./content-page.server";

describeOnEachDatabase("content pages", (getDatabase) => {
  it("resolves /{slug} to a treatment, an insurance provider, a page or nothing", async () => {
    const treatment = await loadContentPage(getDatabase().db, "medication-management");
    expect(treatment).toMatchObject({ kind: "treatment", aboutCondition: false });
    expect(await loadContentPage(getDatabase().db, "depression")).toMatchObject({
      kind: "treatment",
      aboutCondition: true,
    });
    const provider = await loadContentPage(getDatabase().db, "aetna");
    expect(provider?.crumbs.map((c) => c.path)).toEqual(["/", "/insurance", "/aetna"]);
    const page = await loadContentPage(getDatabase().db, "services");
    expect(page?.kind).toBe("page");
    // The blocks a body places come with their data, and only those.
    expect(page?.body.data.treatments?.length).toBeGreaterThan(8);
    expect(page?.body.data.team).toBeUndefined();
    await getDatabase().db.update(t.pages).set({ published: false }).where(eq(t.pages.slug, "stress-management"));
    expect(await loadContentPage(getDatabase().db, "stress-management")).toBeNull();
    await getDatabase().db.update(t.pages).set({ published: true }).where(eq(t.pages.slug, "stress-management"));
    expect(await loadContentPage(getDatabase().db, "no-such-page")).toBeNull();
  });
});
