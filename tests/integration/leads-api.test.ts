import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, notificationOutbox } from "~/db/schema";
import { PHONE_CLICK_LEAD } from "~/features/leads/lead-constants";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { HERO_LEAD } from "../setup/leads";

const hero = HERO_LEAD;

describe.each(databaseKinds())("POST /api/leads on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind, { RATE_LIMIT_FORMS: "1000" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (body: unknown, headers?: Record<string, string>) => app.postJson("/api/leads", body, headers);

  it("stores a hero lead, committed before the 201, and queues a staff notification", async () => {
    const res = await post({ ...hero, email: "  avery.quinn@example.com " });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: "received" });
    const [row] = await app.database.db.select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(row).toMatchObject({
      formType: "hero",
      firstName: "Avery",
      lastName: "Quinn Testperson",
      email: "avery.quinn@example.com",
      phone: "(407) 555-0199",
      service: "Anxiety Treatment",
      source: "/",
      smsOptIn: false,
    });
    const queued = await app.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.leadId, row!.id));
    expect(queued).toHaveLength(1);
  });

  it("stores campaign attribution with the lead", async () => {
    const attribution = { utmSource: "google", utmMedium: "cpc", gclid: "abc123", landingPage: "/anxiety-therapy" };
    expect((await post({ ...hero, email: "attr@example.com", attribution })).status).toBe(201);
    const [row] = await app.database.db.select().from(leads).where(eq(leads.email, "attr@example.com"));
    expect(row!.attribution).toEqual(attribution);
  });

  it("records phone clicks without a staff notification", async () => {
    const res = await post({
      ...PHONE_CLICK_LEAD,
      phone: "+14075550142",
      formType: "phone_click",
      source: "/insurance",
      smsOptIn: "false",
    });
    expect(res.status).toBe(201);
    const [row] = await app.database.db
      .select()
      .from(leads)
      .where(eq(leads.formType, "phone_click"))
      .orderBy(desc(leads.createdAt))
      .limit(1);
    expect(row).toMatchObject({ firstName: "Phone", lastName: "Click", phone: "+14075550142", source: "/insurance" });
    expect(
      await app.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.leadId, row!.id)),
    ).toEqual([]);
  });

  it.each([
    ["an empty first name", { firstName: "   " }, "firstName"],
    ["a bad e-mail", { email: "not-an-email" }, "email"],
    ["a phone without enough digits", { phone: "555-01" }, "phone"],
    ["letters in the phone", { phone: "call me maybe" }, "phone"],
    ["an unknown form type", { formType: "survey" }, "formType"],
    ["a source with a query string", { source: "/?email=a@b.c" }, "source"],
    ["smsOptIn as a boolean", { smsOptIn: true }, "smsOptIn"],
    ["a name over 100 characters", { firstName: "x".repeat(101) }, "firstName"],
    ["an unknown field", { favouriteColour: "teal" }, "favouriteColour"],
    ["a filled honeypot", { website: "http://spam.example" }, "website"],
    // PostgreSQL cannot store a NUL character: a 400, never a 500 at insert (found by the fuzz test).
    ["a NUL character in a name", { firstName: "\u0000" }, "firstName"],
    ["a NUL character in the source", { source: "/a\u0000b" }, "source"],
    ["a number for the e-mail", { email: 42 }, "email"],
  ])("answers 400 naming the field for %s", async (_label, change, field) => {
    const res = await post({ ...hero, ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toHaveProperty(field);
    expect(typeof body.error).toBe("string");
  });

  it("answers 400 for broken JSON and for JSON that is not an object", async () => {
    const broken = await post('{"firstName": ');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toMatch(/not valid JSON/);
    for (const body of ["[]", "42", "null", '"text"']) {
      const res = await post(body);
      expect(res.status).toBe(400);
    }
  });

  it("answers 415 for a body that is not JSON and 413 for an oversized one", async () => {
    const form = await fetch(`${app.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "firstName=A",
    });
    expect(form.status).toBe(415);
    const big = await post({ ...hero, lastName: "x".repeat(20_000) });
    expect(big.status).toBe(413);
  });

  it("answers a GET with 405 in JSON, naming POST", async () => {
    const res = await fetch(`${app.url}/api/leads`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect((await res.json()).error).toMatch(/POST/);
  });

  it("refuses cross-site posts", async () => {
    expect((await post(hero, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(hero, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(
      (await post({ ...hero, email: "same@example.com" }, { "sec-fetch-site": "same-origin", origin: app.url })).status,
    ).toBe(201);
  });

  it("never writes lead contents to the log", async () => {
    const logs = app.logs();
    expect(logs).toContain("lead received");
    for (const secret of ["Avery", "Quinn", "avery.quinn@example.com", "555-0199", "Anxiety"]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After past the form limit, per client", async () => {
    // A window far longer than the test, so that no window boundary falls inside it.
    const app = await startApiApp("pglite", { RATE_LIMIT_FORMS: "3", RATE_LIMIT_FORMS_WINDOW_SECONDS: "1000000000" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${app.url}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...hero, email: `r${i}@example.com` }),
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect((await res.json()).error).toMatch(/try again/);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect(await app.database.db.select().from(leads).where(eq(leads.formType, "hero"))).toHaveLength(3);
    } finally {
      await app.stop();
    }
  });
});
