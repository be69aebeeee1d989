import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, visits } from "~/db/schema";
import { backfillLeadSources } from "~/features/leads/backfill-lead-sources.server";
import { leadSourceOf } from "~/features/leads/lead-source";
import { fetchAnswer } from "../setup/answers";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { describeOnEachDatabase } from "../setup/database-suite";
import { HERO_LEAD } from "../setup/leads";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("where a lead came from (pure rules)", () => {
  it("takes the browser's campaign first, then the matched visit, else Direct on the form's page", () => {
    const visit = { channel: "Organic Search", campaign: null, entryPath: "/adhd" };
    expect(
      leadSourceOf(
        { utmSource: "google", utmMedium: "cpc", utmCampaign: "adhd-adults", landingPage: "/adhd" },
        "/",
        visit,
        [],
      ),
    ).toEqual({ channel: "Paid Search", campaign: "adhd-adults", landingPage: "/adhd" });
    // No campaign or referrer kept by the browser (a form sent without JavaScript): the visit says.
    expect(leadSourceOf({}, "/request-appointment", visit, [])).toEqual({
      channel: "Organic Search",
      campaign: null,
      landingPage: "/adhd",
    });
    expect(leadSourceOf({}, "/request-appointment", null, [])).toEqual({
      channel: "Direct",
      campaign: null,
      landingPage: "/request-appointment",
    });
    expect(leadSourceOf({ referrer: "https://www.facebook.com/" }, "/", null, []).channel).toBe("Organic Social");
  });
});

describe.each(databaseKinds())("a lead joined with its visit on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const send = (path: string, body: unknown, ip: string) =>
    fetchAnswer(`${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": CHROME, "x-forwarded-for": ip },
      body: JSON.stringify(body),
    });
  const leadOf = async (email: string) =>
    (await app.database.db.select().from(leads).where(eq(leads.email, email)))[0]!;

  it("keeps the visit the request came in (same browser, same address, within the visit) and its source", async () => {
    const ip = "203.0.113.71";
    const view = {
      path: "/anxiety-therapy",
      userAgent: CHROME,
      referrer: "https://www.google.com/",
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
    };
    expect((await send("/api/analytics/page-view", view, ip)).status).toBe(201);
    const [visit] = await app.database.db.select().from(visits).where(eq(visits.entryPath, "/anxiety-therapy"));
    expect(visit).toBeDefined();
    // Sent without the browser's attribution (as a form without JavaScript is): the visit says where it came from.
    const email = "joined.visit@example.com";
    expect((await send("/api/leads", { ...HERO_LEAD, email }, ip)).status).toBe(201);
    const lead = await leadOf(email);
    expect(lead.visitId).toBe(visit!.id);
    expect(lead.channel).toBe("Organic Search");
    expect(lead.landingPage).toBe("/anxiety-therapy");
  });

  it("joins no visit for another browser or address, and says Direct when nothing else is known", async () => {
    const email = "no.visit@example.com";
    expect((await send("/api/leads", { ...HERO_LEAD, email }, "203.0.113.72")).status).toBe(201);
    const lead = await leadOf(email);
    expect(lead.visitId).toBeNull();
    expect(lead.channel).toBe("Direct");
    expect(lead.landingPage).toBe("/");
  });

  it("prefers the campaign the browser kept from the landing page", async () => {
    const email = "paid.campaign@example.com";
    const attribution = {
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "anxiety-care",
      gclid: "abc",
      landingPage: "/anxiety-therapy",
    };
    expect((await send("/api/leads", { ...HERO_LEAD, email, attribution }, "203.0.113.73")).status).toBe(201);
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ channel: "Paid Search", campaign: "anxiety-care", landingPage: "/anxiety-therapy" });
  });
});

describeOnEachDatabase("leads from before migration 0007", (database) => {
  it("get their channel, campaign and landing page worked out once, from what they kept", async () => {
    const { db } = database();
    const base = {
      formType: "hero" as const,
      firstName: "Earlier",
      lastName: "Testperson",
      phone: "(407) 555-0111",
      source: "/adhd",
    };
    // As a lead stored before 0007 looks after it: the column defaults, no landing page.
    await db.insert(leads).values([
      {
        ...base,
        email: "earlier.paid@example.com",
        attribution: { utmSource: "google", utmMedium: "cpc", utmCampaign: "adhd-adults", landingPage: "/adhd" },
      },
      { ...base, email: "earlier.plain@example.com", attribution: {} },
    ]);
    expect(await backfillLeadSources(db)).toBeGreaterThanOrEqual(2);
    const [paid] = await db.select().from(leads).where(eq(leads.email, "earlier.paid@example.com"));
    const [plain] = await db.select().from(leads).where(eq(leads.email, "earlier.plain@example.com"));
    expect(paid).toMatchObject({ channel: "Paid Search", campaign: "adhd-adults", landingPage: "/adhd" });
    expect(plain).toMatchObject({ channel: "Direct", campaign: null, landingPage: "/adhd" });
    // Done once: a second start looks at nothing.
    expect(await backfillLeadSources(db)).toBe(0);
  });
});
