import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { analyticsEvents, analyticsSalts, pageViews, rateLimits, visits } from "~/db/schema";
import { AnalyticsIngester } from "~/features/analytics/ingester.server";
import { deleteOldSalts, SaltStore } from "~/features/analytics/visitor-id.server";
import { ANSWER_SAFETY_MS, fetchAnswer } from "../setup/answers";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";

const UA = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

const pageView = {
  path: "/anxiety-therapy",
  userAgent: UA.chrome,
  referrer: "https://www.google.com/search?q=anxiety",
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
};

// The app trusts X-Forwarded-For from loopback (TRUST_PROXY's default), so
// each test can be its own client address: its own visitor and rate counter.
let nextClient = 1;
const newClient = () => `203.0.113.${nextClient++}`;

/**
 * Posts a beacon. A request still unanswered after ANSWER_SAFETY_MS fails as
 * hung: "answers 503 rather than waiting for the database" is checked by the
 * answer coming at all; how fast it comes is a benchmark's figure.
 */
function poster(app: () => ApiApp) {
  return (kind: "page-view" | "event", body: unknown, options: { ip?: string; ua?: string; headers?: object } = {}) =>
    fetchAnswer(`${app().url}/api/analytics/${kind}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": options.ua ?? UA.chrome,
        ...(options.ip ? { "x-forwarded-for": options.ip } : {}),
        ...options.headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
}

async function visitsOf(database: Database, entryPath: string) {
  return database.db.select().from(visits).where(eq(visits.entryPath, entryPath)).orderBy(visits.id);
}

describe.each(databaseKinds())("analytics API on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind, { RATE_LIMIT_ANALYTICS: "100000" });
  });
  afterAll(async () => {
    await app?.stop();
  });
  const post = poster(() => app);

  it("records a landing page view as a new visit: referrer host, source, channel, UTMs, browser", async () => {
    const ip = newClient();
    const res = await post(
      "page-view",
      {
        ...pageView,
        path: "/landing-utm",
        referrer: "https://l.facebook.com/l.php?u=https%3A%2F%2Fclinic&h=secret",
        utmSource: "facebook",
        utmMedium: "paid_social",
        utmCampaign: "spring",
        utmTerm: "therapy",
        utmContent: "ad-1",
        fbclid: "IwAR0abc",
      },
      { ip, ua: UA.iphone },
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: "recorded" });
    const [visit] = await visitsOf(app.database, "/landing-utm");
    expect(visit).toMatchObject({
      entryPath: "/landing-utm",
      exitPath: "/landing-utm",
      pageviews: 1,
      events: 0,
      isBounce: true,
      referrerHost: "l.facebook.com",
      referrerSource: "Facebook",
      channel: "Paid Social",
      utmSource: "facebook",
      utmMedium: "paid_social",
      utmCampaign: "spring",
      utmTerm: "therapy",
      utmContent: "ad-1",
      clickIdType: "fbclid",
      browser: "Mobile Safari",
      browserVersion: "17",
      os: "iOS",
      deviceType: "mobile",
    });
    const views = await app.database.db.select().from(pageViews).where(eq(pageViews.visitId, visit!.id));
    expect(views.map((v) => v.path)).toEqual(["/landing-utm"]);
  });

  it("stores the country and US state of the client's address on a new visit (DB-IP), never the address", async () => {
    // Places as DB-IP's database in package-lock.json has them (see ip-location.server.test.ts).
    const clients = [
      ["73.0.0.1", "/geo-florida", "US", "US-FL"],
      ["2600:1700::1", "/geo-michigan", "US", "US-MI"],
      ["1.1.1.1", "/geo-sydney", "AU", "AU-NSW"],
      ["10.20.30.40", "/geo-private", null, null],
      ["127.0.0.1", "/geo-loopback", null, null],
    ] as const;
    for (const [ip, path] of clients) {
      expect((await post("page-view", { ...pageView, path }, { ip })).status).toBe(201);
    }
    // The visit's next page view (same address and browser) leaves the place as it was.
    expect((await post("page-view", { ...pageView, path: "/geo-florida-2" }, { ip: "73.0.0.1" })).status).toBe(201);
    for (const [ip, path, country, region] of clients) {
      const found = await visitsOf(app.database, path);
      expect(
        found.map((v) => ({ country: v.country, region: v.region })),
        ip,
      ).toEqual([{ country, region }]);
    }
    expect((await visitsOf(app.database, "/geo-florida"))[0]).toMatchObject({
      pageviews: 2,
      exitPath: "/geo-florida-2",
    });
    for (const [ip] of clients) expect(app.logs()).not.toContain(ip);
  });

  it("classifies search, self-referrals and gclid", async () => {
    await post("page-view", { ...pageView, path: "/landing-google" }, { ip: newClient() });
    await post("page-view", { ...pageView, path: "/landing-self", referrer: `${app.url}/team` }, { ip: newClient() });
    await post(
      "page-view",
      { ...pageView, path: "/landing-gclid", referrer: null, utmSource: "google", utmMedium: "cpc", gclid: "Cj0" },
      { ip: newClient(), ua: UA.ipad },
    );
    expect((await visitsOf(app.database, "/landing-google"))[0]).toMatchObject({
      referrerHost: "google.com",
      referrerSource: "Google",
      channel: "Organic Search",
      browser: "Chrome",
      os: "Windows",
      deviceType: "desktop",
    });
    expect((await visitsOf(app.database, "/landing-self"))[0]).toMatchObject({
      referrerHost: null,
      referrerSource: null,
      channel: "Direct",
    });
    expect((await visitsOf(app.database, "/landing-gclid"))[0]).toMatchObject({
      referrerSource: "Google",
      channel: "Paid Search",
      clickIdType: "gclid",
      deviceType: "tablet",
    });
  });

  it("joins the same visitor's next page views and events to the visit", async () => {
    const ip = newClient();
    expect((await post("page-view", { ...pageView, path: "/join-1" }, { ip })).status).toBe(201);
    expect((await post("event", vital("LCP", 1234.5, "/join-1"), { ip })).status).toBe(201);
    let [visit] = await visitsOf(app.database, "/join-1");
    expect(visit).toMatchObject({ pageviews: 1, events: 1, isBounce: true }); // a web vital is no engagement

    expect(
      (await post("page-view", { ...pageView, path: "/team", referrer: `${app.url}/join-1` }, { ip })).status,
    ).toBe(201);
    expect(
      (
        await post(
          "event",
          { eventType: "phone_click", eventCategory: "contact", eventLabel: "footer", path: "/team" },
          { ip },
        )
      ).status,
    ).toBe(201);
    [visit] = await visitsOf(app.database, "/join-1");
    expect(visit).toMatchObject({
      pageviews: 2,
      events: 2,
      isBounce: false,
      exitPath: "/team",
      channel: "Organic Search",
    });
    expect(visit!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(visit!.startedAt.getTime());
    const events = await app.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitId, visit!.id));
    expect(events.map((e) => [e.eventType, e.eventCategory, e.eventLabel, e.value])).toEqual([
      ["web_vital", "performance", "LCP", 1234.5],
      ["phone_click", "contact", "footer", null],
    ]);
  });

  it("ends a visit after 30 idle minutes: the next page view starts a new one", async () => {
    const ip = newClient();
    await post("page-view", { ...pageView, path: "/idle-1" }, { ip, ua: UA.firefox });
    const [first] = await visitsOf(app.database, "/idle-1");
    // Seen 31 minutes ago.
    await app.database.db
      .update(visits)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'`, startedAt: sql`now() - interval '32 minutes'` })
      .where(eq(visits.id, first!.id));
    await post("page-view", { ...pageView, path: "/idle-2" }, { ip, ua: UA.firefox });
    const [second] = await visitsOf(app.database, "/idle-2");
    expect(second!.id).not.toBe(first!.id);
    expect(second!.visitorId).toBe(first!.visitorId);
    expect((await visitsOf(app.database, "/idle-1"))[0]).toMatchObject({ pageviews: 1, exitPath: "/idle-1" });

    // …while one seen 29 minutes ago is continued.
    await app.database.db
      .update(visits)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` })
      .where(eq(visits.id, second!.id));
    await post("page-view", { ...pageView, path: "/idle-3" }, { ip, ua: UA.firefox });
    expect(await visitsOf(app.database, "/idle-3")).toEqual([]);
    expect((await visitsOf(app.database, "/idle-2"))[0]).toMatchObject({ pageviews: 2, exitPath: "/idle-3" });
  });

  it("keeps an event without an open visit, attached to none, and opens no visit for it", async () => {
    const ip = newClient();
    const before = await app.database.db.select({ n: count() }).from(visits);
    const res = await post("event", { eventType: "get_directions", eventCategory: "contact", path: "/orphan" }, { ip });
    expect(res.status).toBe(201);
    const [row] = await app.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.path, "/orphan"));
    expect(row).toMatchObject({
      visitId: null,
      eventType: "get_directions",
      eventCategory: "contact",
      eventLabel: null,
    });
    expect(await app.database.db.select({ n: count() }).from(visits)).toEqual(before);
  });

  it("defaults eventCategory to general", async () => {
    expect(
      (await post("event", { eventType: "virtual_visit_click", path: "/default-cat" }, { ip: newClient() })).status,
    ).toBe(201);
    const [row] = await app.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.path, "/default-cat"));
    expect(row!.eventCategory).toBe("general");
  });

  it("answers bots 202 ignored and stores nothing, not even a visit", async () => {
    const ip = newClient();
    const view = await post("page-view", { ...pageView, path: "/bot-page" }, { ip, ua: UA.googlebot });
    expect(view.status).toBe(202);
    expect(await view.json()).toEqual({ status: "ignored", reason: "bot" });
    const noAgent = await post("page-view", { ...pageView, path: "/bot-page" }, { ip, ua: "" });
    expect(noAgent.status).toBe(202);
    const event = await post(
      "event",
      { eventType: "phone_click", eventCategory: "contact", eventLabel: "page", path: "/bot-page" },
      { ip, ua: UA.googlebot },
    );
    expect(event.status).toBe(202);
    expect(await visitsOf(app.database, "/bot-page")).toEqual([]);
    expect(await app.database.db.select().from(pageViews).where(eq(pageViews.path, "/bot-page"))).toEqual([]);
    expect(await app.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.path, "/bot-page"))).toEqual(
      [],
    );
  });

  it.each([
    ["page-view", "a path with a query string", { ...pageView, path: "/?email=a@b.c" }, "path"],
    ["page-view", "a path with a fragment", { ...pageView, path: "/faq#x" }, "path"],
    ["page-view", "a full URL as path", { ...pageView, path: "https://x.example/" }, "path"],
    ["page-view", "a missing path", { ...pageView, path: undefined }, "path"],
    ["page-view", "a path over 300 characters", { ...pageView, path: `/${"a".repeat(300)}` }, "path"],
    ["page-view", "a number as referrer", { ...pageView, referrer: 42 }, "referrer"],
    ["page-view", "a utm_source over 200 characters", { ...pageView, utmSource: "s".repeat(201) }, "utmSource"],
    ["page-view", "a gclid over 512 characters", { ...pageView, gclid: "g".repeat(513) }, "gclid"],
    ["page-view", "an unknown field", { ...pageView, email: "a@b.c" }, "email"],
    ["page-view", "a NUL in the path", { ...pageView, path: "/a\u0000b" }, "path"],
    [
      "page-view",
      "a control character in the referrer",
      { ...pageView, referrer: "https://x.example/\u0007" },
      "referrer",
    ],
    ["event", "a NUL in the label", { eventType: "x", eventLabel: "a\u0000", path: "/" }, "eventLabel"],
    ["event", "an eventType that is no slug", { eventType: "Phone Click!", path: "/" }, "eventType"],
    ["event", "an eventType over 40 characters", { eventType: "e".repeat(41), path: "/" }, "eventType"],
    ["event", "a missing eventType", { path: "/" }, "eventType"],
    ["event", "an eventCategory that is no slug", { eventType: "x", eventCategory: "A B", path: "/" }, "eventCategory"],
    [
      "event",
      "an eventLabel over 100 characters",
      { eventType: "x", eventLabel: "l".repeat(101), path: "/" },
      "eventLabel",
    ],
    ["event", "a value that is text", { eventType: "x", value: "12", path: "/" }, "value"],
    ["event", "a path with a query string", { eventType: "x", path: "/a?b=c" }, "path"],
    ["event", "a web vital with an unknown label", { ...vital("LCP", 1, "/"), eventLabel: "FID" }, "eventLabel"],
    ["event", "a web vital without a value", { ...vital("CLS", 0, "/"), value: null }, "value"],
    ["event", "a negative web vital", vital("INP", -5, "/"), "value"],
    [
      "event",
      "a web vital in another category",
      { ...vital("TTFB", 5, "/"), eventCategory: "general" },
      "eventCategory",
    ],
    [
      "event",
      "a phone click from an unknown place",
      { eventType: "phone_click", eventCategory: "contact", eventLabel: "sidebar", path: "/" },
      "eventLabel",
    ],
    [
      "event",
      "a lead_submitted of an unknown form",
      { eventType: "lead_submitted", eventLabel: "survey", path: "/" },
      "eventLabel",
    ],
  ] as const)("%s: answers 400 naming the field for %s", async (endpoint, _label, body, field) => {
    const res = await post(endpoint, body, { ip: newClient() });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.fields).toHaveProperty(field);
    expect(typeof answer.error).toBe("string");
  });

  it("answers 400 for broken JSON or a body that is no object, 415 for a form post, 413 past 4 KB", async () => {
    for (const endpoint of ["page-view", "event"] as const) {
      expect((await post(endpoint, '{"path": ')).status).toBe(400);
      for (const body of ["[]", "42", "null"]) expect((await post(endpoint, body)).status).toBe(400);
      const form = await fetch(`${app.url}/api/analytics/${endpoint}`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": UA.chrome },
        body: "path=/",
      });
      expect(form.status).toBe(415);
      const big = await post(endpoint, { path: "/", eventType: "x", eventLabel: "x".repeat(5000) });
      expect(big.status).toBe(413);
    }
  });

  it("stores 500 parallel events: every one acknowledged is in the database, none twice", async () => {
    const requests = Array.from({ length: 500 }, (_, i) =>
      post(
        "event",
        { eventType: "web_vital", eventCategory: "performance", eventLabel: "TTFB", value: i, path: "/parallel" },
        // 20 clients: the batches hold several visitors and rate counters.
        { ip: `198.51.100.${i % 20}` },
      ),
    );
    const statuses = await Promise.all(requests.map(async (r) => (await r).status));
    const byStatus: Record<number, number> = {};
    for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
    // A batch that outlives the 1.5 s deadline answers 503 (and may commit
    // later): only on a starved machine. Anything else would be a bug.
    expect(Object.keys(byStatus).filter((s) => s !== "201" && s !== "503")).toEqual([]);
    expect(byStatus[201]).toBeGreaterThan(0);
    if (byStatus[503]) console.warn(`parallel events: ${JSON.stringify(byStatus)} (machine too busy?)`);

    const rows = await app.database.db
      .select({ value: analyticsEvents.value })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.path, "/parallel"));
    const stored = rows.map((r) => r.value!);
    expect(new Set(stored).size).toBe(stored.length);
    const acknowledged = statuses.flatMap((status, i) => (status === 201 ? [i] : []));
    const missing = acknowledged.filter((value) => !stored.includes(value));
    expect(missing).toEqual([]);
    if (!byStatus[503]) expect(stored.sort((a, b) => a - b)).toEqual(acknowledged);
  });

  it("never stores or logs a raw IP address", async () => {
    const ip = "192.0.2.231";
    await post("page-view", { ...pageView, path: "/ip-check", referrer: `https://example.org/` }, { ip });
    await post(
      "event",
      { eventType: "phone_click", eventCategory: "contact", eventLabel: "header", path: "/ip-check" },
      { ip },
    );
    expect(await visitsOf(app.database, "/ip-check")).toHaveLength(1);
    // Every text-like column of every table.
    const { rows: columns } = (await app.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'inet', 'bytea')`)) as unknown as {
      rows: { table_name: string; column_name: string }[];
    };
    expect(columns.length).toBeGreaterThan(10);
    for (const { table_name, column_name } of columns) {
      const { rows } = (await app.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like ${`%${ip}%`}`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n, `${table_name}.${column_name}`).toBe(0);
    }
    expect(app.logs()).not.toContain(ip);
    expect(app.logs()).not.toContain("/ip-check?");
  });
});

function vital(label: string, value: number, path: string) {
  return { eventType: "web_vital", eventCategory: "performance", eventLabel: label, value, path };
}

describe.each(databaseKinds())("analytics rate limit on %s", (kind) => {
  it("answers 429 with Retry-After past the limit, per client, and stores none of those", async () => {
    // A window far longer than the test, so that no window boundary falls inside it.
    const app = await startApiApp(kind, {
      RATE_LIMIT_ANALYTICS: "3",
      RATE_LIMIT_ANALYTICS_WINDOW_SECONDS: "1000000000",
    });
    const post = poster(() => app);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await post("event", { eventType: "get_directions", path: "/limited" }, { ip: "198.18.0.1" });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      // In one batch: exactly the limit fits.
      const parallel = await Promise.all(
        Array.from({ length: 10 }, () =>
          post("event", { eventType: "get_directions", path: "/limited-parallel" }, { ip: "198.18.0.2" }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(parallel.filter((s) => s === 201)).toHaveLength(3);
      expect(parallel.filter((s) => s === 429)).toHaveLength(7);
      // Another client is not affected.
      expect((await post("page-view", { ...pageView, path: "/limited" }, { ip: "198.18.0.3" })).status).toBe(201);

      const stored = (path: string) =>
        app.database.db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.path, path));
      expect(await stored("/limited")).toEqual([{ n: 3 }]);
      expect(await stored("/limited-parallel")).toEqual([{ n: 3 }]);
      // On PostgreSQL the counters live where app/lib/rate-limit.server.ts keeps them (shared by
      // instances), keyed without the address; on PGlite, in the one process that holds the data.
      const counters = await app.database.db
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.key} like 'analytics:%'`);
      expect(counters.map((c) => c.count).sort()).toEqual(kind === "postgres" ? [1, 10, 5] : []);
    } finally {
      await app.stop();
    }
  });
  it("counts a client's requests per window: the next window lets it in again", async () => {
    const app = await startApiApp(kind);
    const windowStart = Date.UTC(2031, 4, 1, 12, 0);
    let now = windowStart + 50_000;
    const ingester = new AnalyticsIngester({
      database: app.database,
      rule: { name: "analytics", limit: 2, windowSeconds: 60 },
      secret: "w".repeat(32),
      publicUrl: "http://127.0.0.1",
      now: () => now,
    });
    const client = { ip: "198.18.3.1", userAgent: UA.chrome, host: "127.0.0.1" };
    const send = () =>
      ingester.recordEvent(
        { eventType: "get_directions", eventCategory: "contact", eventLabel: null, value: null, path: "/windows" },
        client,
      );
    try {
      const first = [await send(), await send(), await send()];
      expect(first).toEqual([
        { status: "recorded" },
        { status: "recorded" },
        { status: "rate_limited", retryAfterSeconds: 10 },
      ]);
      now = windowStart + 61_000; // the next window
      expect([await send(), await send(), await send()]).toEqual([
        { status: "recorded" },
        { status: "recorded" },
        { status: "rate_limited", retryAfterSeconds: 59 },
      ]);
      // Another client in the same window is not affected.
      expect(
        await ingester.recordEvent(
          { eventType: "get_directions", eventCategory: "contact", eventLabel: null, value: null, path: "/windows" },
          { ...client, ip: "198.18.3.2" },
        ),
      ).toEqual({ status: "recorded" });
      const [stored] = await app.database.db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.path, "/windows"));
      expect(stored!.n).toBe(5);
    } finally {
      await ingester.stop();
      await app.stop();
    }
  });
});

describe.each(databaseKinds())("visitor ids and salts on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const DAY = 24 * 3600 * 1000;
  const day1 = Date.UTC(2031, 0, 10, 23, 58);
  const client = { ip: "192.0.2.10", userAgent: UA.chrome, host: "127.0.0.1" };
  const rule = { name: "analytics", limit: 1000, windowSeconds: 60 };

  it("gives the same IP and user agent different visitor ids on different days, one salt per day", async () => {
    let now = day1;
    const ingester = new AnalyticsIngester({
      database: app.database,
      rule,
      secret: "s".repeat(32),
      publicUrl: "http://127.0.0.1",
      now: () => now,
    });
    try {
      expect(await ingester.recordPageView({ ...parse(pageView), path: "/salt-day-1" }, client)).toEqual({
        status: "recorded",
      });
      now = day1 + 5 * 60_000; // five minutes later, past midnight UTC
      await ingester.recordPageView({ ...parse(pageView), path: "/salt-day-2" }, client);
      now = day1 + 6 * 60_000;
      await ingester.recordPageView({ ...parse(pageView), path: "/salt-day-2b" }, client);
    } finally {
      await ingester.stop();
    }
    const [first] = await visitsOf(app.database, "/salt-day-1");
    const [second] = await visitsOf(app.database, "/salt-day-2");
    expect(first!.visitorId).not.toBe(second!.visitorId);
    // The new day's visitor is a new visit; within the day the visit continues.
    expect(second).toMatchObject({ pageviews: 2, exitPath: "/salt-day-2b" });
    const salts = await app.database.db
      .select()
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} in ('2031-01-10', '2031-01-11')`)
      .orderBy(analyticsSalts.day);
    expect(salts.map((s) => s.day)).toEqual(["2031-01-10", "2031-01-11"]);
    expect(salts[0]!.salt).not.toBe(salts[1]!.salt);
    expect(Buffer.from(salts[0]!.salt, "base64")).toHaveLength(32);
  });

  it("creates a day's salt once, however many instances ask at the same moment", async () => {
    const stores = Array.from({ length: 5 }, () => new SaltStore(app.database.db));
    const salts = await Promise.all(stores.map((s) => s.saltFor("2031-02-01")));
    for (const salt of salts) expect(salt.equals(salts[0]!)).toBe(true);
    const rows = await app.database.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, "2031-02-01"));
    expect(rows).toHaveLength(1);
  });

  it("deletes salts once their day began more than 48 hours ago (today's and yesterday's stay)", async () => {
    const store = new SaltStore(app.database.db);
    for (const day of ["2031-03-01", "2031-03-02", "2031-03-03", "2031-03-04"]) await store.saltFor(day);
    const now = Date.UTC(2031, 2, 4, 0, 30); // 48.5 h after 2031-03-02 began
    const deleted = await deleteOldSalts(app.database.db, now);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = await app.database.db
      .select({ day: analyticsSalts.day })
      .from(analyticsSalts)
      .orderBy(analyticsSalts.day);
    expect(left.map((r) => r.day)).toEqual(["2031-03-03", "2031-03-04"]);
    expect(now - Date.parse("2031-03-03")).toBeLessThan(2 * DAY);
  });

  it("writes what is queued when stopped, before the database closes", async () => {
    const ingester = new AnalyticsIngester({
      database: app.database,
      rule,
      secret: "s".repeat(32),
      publicUrl: "http://127.0.0.1",
      maxWaitMs: 10_000, // nothing would be written for 10 s but for stop()
    });
    const pending = Array.from({ length: 30 }, (_, i) =>
      ingester.recordEvent(
        { eventType: "get_directions", eventCategory: "contact", eventLabel: null, value: i, path: "/flush" },
        { ...client, ip: `192.0.2.${100 + i}` },
      ),
    );
    await ingester.stop();
    expect(await Promise.all(pending)).toEqual(Array(30).fill({ status: "recorded" }));
    const [stored] = await app.database.db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.path, "/flush"), eq(analyticsEvents.eventType, "get_directions")));
    expect(stored!.n).toBe(30);
    await expect(
      ingester.recordEvent(
        { eventType: "x", eventCategory: "general", eventLabel: null, value: null, path: "/" },
        client,
      ),
    ).rejects.toThrow();
  });
});

describe("analytics batches with an item the database refuses", () => {
  it("still stores the others: the failing batch is halved until the item is alone", async () => {
    const app = await startApiApp("pglite");
    const ingester = new AnalyticsIngester({
      database: app.database,
      rule: { name: "analytics", limit: 1000, windowSeconds: 60 },
      secret: "s".repeat(32),
      publicUrl: "http://127.0.0.1",
      maxWaitMs: 50,
    });
    try {
      const client = { ip: "192.0.2.50", userAgent: UA.chrome, host: "127.0.0.1" };
      // The schema refuses a NUL; written anyway, PostgreSQL refuses it.
      const paths = ["/poison-ok-1", "/poison-ok-2", "/poison\u0000", "/poison-ok-3", "/poison-ok-4"];
      const outcomes = await Promise.allSettled(
        paths.map((path) =>
          ingester.recordEvent(
            { eventType: "get_directions", eventCategory: "general", eventLabel: null, value: null, path },
            client,
          ),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
      const stored = await app.database.db
        .select({ path: analyticsEvents.path })
        .from(analyticsEvents)
        .where(sql`${analyticsEvents.path} like '/poison-ok-%'`)
        .orderBy(analyticsEvents.path);
      expect(stored.map((r) => r.path)).toEqual(["/poison-ok-1", "/poison-ok-2", "/poison-ok-3", "/poison-ok-4"]);
    } finally {
      await ingester.stop();
      await app.stop();
    }
  });
});

function parse(body: typeof pageView) {
  return { ...body, gclid: null, gbraid: null, wbraid: null, fbclid: null };
}

describe.each(databaseKinds())("analytics when the database does not answer, on %s", (kind) => {
  it("answers 503 to every waiting beacon while the database is still held up, then records again", async () => {
    const app = await startApiApp(kind);
    const post = poster(() => app);
    try {
      expect((await post("page-view", { ...pageView, path: "/stall-before" }, { ip: newClient() })).status).toBe(201);
      // Another session holds the counters' table until every beacon has its answer (or the
      // safety time has passed): our batch waits on it.
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let stillLocked = false;
      const holder = app.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table rate_limits in access exclusive mode`);
        stillLocked = true;
        locked();
        await Promise.race([released, new Promise((resolve) => setTimeout(resolve, ANSWER_SAFETY_MS))]);
        stillLocked = false;
      });
      await isLocked;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post("event", { eventType: "get_directions", path: "/stall" }, { ip: `198.18.2.${i}` }).then((r) => ({
            status: r.status,
            whileHeldUp: stillLocked,
          })),
        ),
      ).finally(release);
      await holder;
      for (const answer of answers) expect(answer).toEqual({ status: 503, whileHeldUp: true });
      expect(
        (await post("event", { eventType: "get_directions", path: "/stall-after" }, { ip: newClient() })).status,
      ).toBe(201);
    } finally {
      await app.stop();
    }
  });
});

describe("analytics when the database is away", () => {
  it("answers 503 with Retry-After, without waiting", async () => {
    const app = await startApiApp("pglite");
    const post = poster(() => app);
    try {
      expect((await post("page-view", { ...pageView, path: "/before" }, { ip: newClient() })).status).toBe(201);
      await app.database.close();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post("event", { eventType: "get_directions", path: "/away" }, { ip: `198.18.1.${i}` }),
        ),
      );
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
      }
    } finally {
      await app.stop().catch(() => {});
    }
  });
});
