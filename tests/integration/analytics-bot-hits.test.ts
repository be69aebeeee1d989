import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsBotHits, pageViews, visits } from "~/db/schema";
import { BOT_FLUSH_MS, botRequestsBetween } from "~/features/analytics/bot-hits.server";
import { AnalyticsIngester } from "~/features/analytics/ingester.server";
import { fetchAnswer } from "../setup/answers";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";

const HOUR = 3600 * 1000;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const pageView = {
  path: "/bots",
  userAgent: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
};
const event = { eventType: "phone_click", eventCategory: "contact", eventLabel: "header", path: "/bots" };

describe.each(databaseKinds())("bot requests counted per hour on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (endpoint: "page-view" | "event", body: unknown, ua: string) =>
    fetchAnswer(`${app.url}/api/analytics/${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": ua, "x-forwarded-for": "73.0.0.1" },
      body: JSON.stringify(body),
    });

  it("counts every beacon answered 202 as a bot, and nothing else, in the hour it came", async () => {
    const before = Date.now();
    const statuses: number[] = [];
    // 6 page views and 5 events from crawlers (one without a User-Agent at all), in parallel.
    const bots = [
      ...Array.from({ length: 5 }, () => post("page-view", pageView, GOOGLEBOT)),
      post("page-view", pageView, ""),
      ...Array.from({ length: 5 }, () => post("event", event, GOOGLEBOT)),
    ];
    for (const res of await Promise.all(bots)) statuses.push(res.status);
    expect(statuses).toEqual(Array(11).fill(202));
    // Not counted: a person's beacons (stored), and a bot's malformed one (400 before the bot check).
    expect((await post("page-view", pageView, CHROME)).status).toBe(201);
    expect((await post("event", event, CHROME)).status).toBe(201);
    expect((await post("page-view", { ...pageView, path: "no-slash" }, GOOGLEBOT)).status).toBe(400);

    // Written within BOT_FLUSH_MS (one statement for all of them); wait for it.
    const deadline = Date.now() + BOT_FLUSH_MS + 5000;
    let rows = await app.database.db.select().from(analyticsBotHits);
    while (rows.reduce((n, r) => n + r.requests, 0) < 11 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await app.database.db.select().from(analyticsBotHits);
    }
    const after = Date.now();
    // One row per UTC hour (two if the test crossed an hour), each keyed by the hour's start.
    for (const row of rows) {
      expect(row.hour.getTime() % HOUR).toBe(0);
      expect(row.hour.getTime()).toBeGreaterThanOrEqual(before - (before % HOUR));
      expect(row.hour.getTime()).toBeLessThanOrEqual(after);
    }
    expect(rows.reduce((n, r) => n + r.requests, 0)).toBe(11);
    const start = new Date(before - (before % HOUR));
    expect(await botRequestsBetween(app.database.db, start, new Date(after + HOUR))).toBe(11);
    expect(await botRequestsBetween(app.database.db, new Date(start.getTime() - HOUR), start)).toBe(0);
    // The bots' beacons left no visit or page view behind; the person's did.
    const stored = await app.database.db.select().from(pageViews);
    expect(stored.filter((v) => v.path === "/bots")).toHaveLength(1);
    expect((await app.database.db.select().from(visits)).filter((v) => v.entryPath === "/bots")).toHaveLength(1);
  });

  it("adds up across hours and writes what is pending when the ingester stops", async () => {
    const h10 = Date.UTC(2031, 4, 6, 10);
    let now = h10 + HOUR - 1; // 10:59:59.999 UTC
    const ingester = new AnalyticsIngester({
      database: app.database,
      rule: { name: "analytics", limit: 1000, windowSeconds: 60 },
      secret: "s".repeat(32),
      publicUrl: "http://127.0.0.1",
      now: () => now,
    });
    for (let i = 0; i < 3; i++) ingester.countBot();
    now = h10 + HOUR; // 11:00 sharp
    for (let i = 0; i < 2; i++) ingester.countBot();
    now = h10 + 3 * HOUR + 59 * 60_000; // 13:59
    ingester.countBot();
    await ingester.stop(); // long before BOT_FLUSH_MS: only stop() wrote them
    ingester.countBot(); // after stop: ignored

    const between = (from: number, to: number) => botRequestsBetween(app.database.db, new Date(from), new Date(to));
    expect(await between(h10, h10 + HOUR)).toBe(3);
    expect(await between(h10 + HOUR, h10 + 2 * HOUR)).toBe(2);
    expect(await between(h10, h10 + 4 * HOUR)).toBe(6);
    expect(await between(h10 + 2 * HOUR, h10 + 3 * HOUR)).toBe(0);
    expect(await between(h10 + 3 * HOUR, h10 + 4 * HOUR)).toBe(1);

    // A second instance's counts for the same hour are added, not overwritten.
    const other = new AnalyticsIngester({
      database: app.database,
      rule: { name: "analytics", limit: 1000, windowSeconds: 60 },
      secret: "s".repeat(32),
      publicUrl: "http://127.0.0.1",
      now: () => h10 + 30 * 60_000,
    });
    for (let i = 0; i < 4; i++) other.countBot();
    await other.stop();
    expect(await between(h10, h10 + HOUR)).toBe(7);
  });
});
