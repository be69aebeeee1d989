import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeOnEachDatabase } from "../../../tests/setup/database-suite";
import * as t from "~/db/schema";
import { bumpContentVersion, readContentVersion } from "./content-version.server";
import { getSiteContent, listFaqItems, listInsuranceProviders, listLocations, listTreatments } from "./queries.server";
import { seedDemoContent } from "./seed.server";

describeOnEachDatabase("demo content", (getDatabase) => {
  it("has the demo content the home page needs", async () => {
    const { db } = getDatabase();
    const treatments = await listTreatments(db);
    const providers = await listInsuranceProviders(db);
    const locations = await listLocations(db);
    expect(treatments.length).toBeGreaterThan(8);
    expect(providers.length).toBeGreaterThan(8);
    expect(locations.map((l) => l.slug).sort()).toEqual(["altamonte-springs", "orlando", "winter-park"]);
    expect(Object.keys(treatments[0]).sort()).toEqual(["icon", "id", "shortDescription", "slug", "title"]);
    expect(Object.keys(providers[0]).sort()).toEqual(["id", "logo", "name", "slug"]);
    const faq = await listFaqItems(db);
    expect(faq[0].answer).toMatch(/Florida/);
    expect(faq[1].answer).toMatch(/Aetna/);
  });

  it("keeps every demo phone number in the fictional 555-01xx range", async () => {
    const site = await getSiteContent(getDatabase().db);
    const locations = await listLocations(getDatabase().db);
    for (const phone of [site.footerPhone, ...locations.map((l) => l.phone)]) {
      expect(phone).toMatch(/555-01\d\d$/);
    }
  });

  it("seeds only once, however often it runs", async () => {
    const before = await getDatabase().db.select({ n: count() }).from(t.treatments);
    expect(await seedDemoContent(getDatabase())).toBe(false);
    expect(await seedDemoContent(getDatabase())).toBe(false);
    const after = await getDatabase().db.select({ n: count() }).from(t.treatments);
    expect(after[0].n).toBe(before[0].n);
  });

  it("never overwrites content staff changed after seeding", async () => {
    await getDatabase().db.update(t.siteContent).set({ tagline: "Edited by staff" });
    await seedDemoContent(getDatabase());
    expect((await getSiteContent(getDatabase().db)).tagline).toBe("Edited by staff");
  });

  it("gives an install seeded before the public pages existed their words on its next start, keeping staff edits", async () => {
    const { db } = getDatabase();
    await db.delete(t.appMeta).where(eq(t.appMeta.key, "demo_pages_seeded_at"));
    await db.delete(t.blogPosts);
    await db.delete(t.pages);
    await db.update(t.treatments).set({ metaDescription: "", body: "" }).where(eq(t.treatments.slug, "adhd"));
    await db.update(t.treatments).set({ lede: "Written by staff." }).where(eq(t.treatments.slug, "ocd"));
    const version = Number(await readContentVersion(db));

    expect(await seedDemoContent(getDatabase())).toBe(true);
    const [adhd] = await db.select().from(t.treatments).where(eq(t.treatments.slug, "adhd"));
    const [ocd] = await db.select().from(t.treatments).where(eq(t.treatments.slug, "ocd"));
    expect(adhd!.body).toMatch(/^## /);
    expect(ocd!.lede).toBe("Written by staff.");
    expect((await db.select({ n: count() }).from(t.pages))[0]!.n).toBeGreaterThan(10);
    expect((await db.select({ n: count() }).from(t.blogPosts))[0]!.n).toBeGreaterThanOrEqual(6);
    expect(Number(await readContentVersion(db))).toBe(version + 1);
    expect(await seedDemoContent(getDatabase())).toBe(false);
  });

  it("gives every demo clinician the facts people choose by, and an older install them once, keeping staff edits", async () => {
    const { db } = getDatabase();
    const members = await db.select().from(t.teamMembers);
    const offices = new Set((await db.select().from(t.locations)).map((l) => l.id));
    for (const m of members) {
      expect(m.education && m.approach && m.availability, m.slug).toBeTruthy();
      expect(m.insuranceIds.length, m.slug).toBeGreaterThan(0);
      for (const id of m.locationIds) expect(offices.has(id)).toBe(true);
      // An office only for those who see patients in person.
      expect(m.locationIds.length > 0, m.slug).toBe(m.modalities.includes("In person"));
    }
    await db.delete(t.appMeta).where(eq(t.appMeta.key, "demo_profile_facts_seeded_at"));
    await db
      .update(t.teamMembers)
      .set({ education: "", approach: "", availability: "", locationIds: [], insuranceIds: [] });
    await db
      .update(t.teamMembers)
      .set({ education: "Written by staff." })
      .where(eq(t.teamMembers.slug, "maya-ellison"));
    expect(await seedDemoContent(getDatabase())).toBe(true);
    const [maya] = await db.select().from(t.teamMembers).where(eq(t.teamMembers.slug, "maya-ellison"));
    const [lucia] = await db.select().from(t.teamMembers).where(eq(t.teamMembers.slug, "lucia-serrano"));
    expect(maya!.education).toBe("Written by staff.");
    expect(maya!.approach).toBe("");
    expect(lucia!.approach).toMatch(/\w/);
    expect(lucia!.locationIds.length).toBe(2);
  });

  it("bumps the content version atomically", async () => {
    const v1 = Number(await readContentVersion(getDatabase().db));
    const results = await Promise.all([bumpContentVersion(getDatabase().db), bumpContentVersion(getDatabase().db)]);
    expect(results.map(Number).sort()).toEqual([v1 + 1, v1 + 2]);
    expect(Number(await readContentVersion(getDatabase().db))).toBe(v1 + 2);
  });
});
