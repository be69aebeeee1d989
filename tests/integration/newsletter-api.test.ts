import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "~/db/schema";
import { subscribe } from "~/features/newsletter/subscribe.server";
import { unsubscribeToken, verifyUnsubscribeToken } from "~/features/newsletter/unsubscribe-token.server";
import { findSubscription, unsubscribe } from "~/features/newsletter/unsubscribe.server";
import { fetchAnswer } from "../setup/answers";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { freePort } from "../setup/server";
import { startSmtpSink } from "../setup/smtp-sink";

const SECRET = "test-secret-test-secret-test-secret!"; // what startApiApp uses

describe.each(databaseKinds())("newsletter on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind, { RATE_LIMIT_FORMS: "1000" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (body: unknown, headers?: Record<string, string>) =>
    app.postJson("/api/newsletter/subscribe", body, headers);
  const rows = (key: string) =>
    app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, key));

  describe("POST /api/newsletter/subscribe", () => {
    it("stores the subscriber with the time and place of consent, committed before the 201", async () => {
      const before = Date.now();
      const res = await post({ email: "  Rowan.Testperson@Example.com ", source: "/anxiety-therapy" });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ status: "subscribed" });
      const [row] = await rows("rowan.testperson@example.com");
      expect(row).toMatchObject({
        email: "Rowan.Testperson@Example.com",
        status: "subscribed",
        consentSource: "/anxiety-therapy",
        unsubscribedAt: null,
      });
      expect(row!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(row!.consentedAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    });

    it("records 'api' as the source when the client does not say", async () => {
      expect((await post({ email: "nosource@example.com" })).status).toBe(201);
      expect((await rows("nosource@example.com"))[0]!.consentSource).toBe("api");
    });

    it("subscribing twice is a success both times, keeps one row and the first consent", async () => {
      const first = await post({ email: "twice@example.com", source: "/" });
      const [original] = await rows("twice@example.com");
      const second = await post({ email: "twice@example.com", source: "/services" });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await second.json()).toEqual({ status: "subscribed" });
      const after = await rows("twice@example.com");
      expect(after).toHaveLength(1);
      expect(after[0]).toEqual(original);
    });

    it("treats case and surrounding spaces as the same mailbox", async () => {
      for (const email of ["Case@Example.com", "case@example.com", "  CASE@EXAMPLE.COM  ", "\tcase@example.COM"]) {
        expect((await post({ email })).status).toBe(201);
      }
      expect(await rows("case@example.com")).toHaveLength(1);
    });

    it("subscribes an unsubscribed address again, with a fresh consent time and source", async () => {
      await post({ email: "again@example.com", source: "/" });
      const [first] = await rows("again@example.com");
      await unsubscribe(app.database.db, first!.id);
      const [gone] = await rows("again@example.com");
      expect(gone).toMatchObject({ status: "unsubscribed" });
      expect(gone!.unsubscribedAt).toBeInstanceOf(Date);

      // The new consent time must be a later one than the first: once the clock has moved on.
      await expect.poll(() => Date.now()).toBeGreaterThan(first!.consentedAt.getTime());
      const res = await post({ email: "Again@example.com", source: "/blog" });
      expect(res.status).toBe(201);
      const after = await rows("again@example.com");
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        id: first!.id,
        email: "Again@example.com",
        status: "subscribed",
        consentSource: "/blog",
        unsubscribedAt: null,
      });
      expect(after[0]!.consentedAt.getTime()).toBeGreaterThan(first!.consentedAt.getTime());
      expect(after[0]!.createdAt).toEqual(first!.createdAt);
    });

    it.each([
      ["no e-mail", {}, "email"],
      ["an empty e-mail", { email: "   " }, "email"],
      ["something that is not an e-mail", { email: "not-an-email" }, "email"],
      ["an e-mail over 254 characters", { email: `${"a".repeat(250)}@example.com` }, "email"],
      ["a number for the e-mail", { email: 42 }, "email"],
      ["null for the e-mail", { email: null }, "email"],
      ["a source that is not a site path", { email: "s@example.com", source: "https://evil.example/" }, "source"],
      ["a source with a query string", { email: "s@example.com", source: "/?email=s@example.com" }, "source"],
      ["a source that is not text", { email: "s@example.com", source: 7 }, "source"],
      ["an unknown field", { email: "s@example.com", name: "Sam" }, "name"],
      ["a filled honeypot", { email: "s@example.com", website: "http://spam.example" }, "website"],
      ["a honeypot that is not text", { email: "s@example.com", website: 1 }, "website"],
    ])("answers 400 naming the field for %s, and stores nothing", async (_label, body, field) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.fields).toHaveProperty(field);
      expect(typeof answer.error).toBe("string");
      expect(await rows("s@example.com")).toEqual([]);
    });

    it("answers 400 for broken JSON and for JSON that is not an object", async () => {
      const broken = await post('{"email": ');
      expect(broken.status).toBe(400);
      expect((await broken.json()).error).toMatch(/not valid JSON/);
      for (const body of ["[]", "42", "null", '"a@example.com"', "true"]) {
        const res = await post(body);
        expect(res.status, body).toBe(400);
        expect(typeof (await res.json()).error).toBe("string");
      }
    });

    it("answers 415 for a body that is not JSON and 413 for an oversized one", async () => {
      for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
        const res = await fetch(`${app.url}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { "content-type": type },
          body: "email=a@example.com",
        });
        expect(res.status).toBe(415);
        expect(typeof (await res.json()).error).toBe("string");
      }
      const big = await post({ email: "big@example.com", source: `/${"x".repeat(10_000)}` });
      expect(big.status).toBe(413);
      expect(await rows("big@example.com")).toEqual([]);
    });

    it("refuses cross-site posts with 403", async () => {
      const body = { email: "cross@example.com" };
      expect((await post(body, { origin: "https://evil.example" })).status).toBe(403);
      expect((await post(body, { "sec-fetch-site": "cross-site" })).status).toBe(403);
      expect(await rows("cross@example.com")).toEqual([]);
      const same = await post(body, { "sec-fetch-site": "same-origin", origin: app.url });
      expect(same.status).toBe(201);
    });
  });

  describe("unsubscribing", () => {
    it("works by the id a verified token names, once; asking again changes nothing", async () => {
      await post({ email: "leave@example.com", source: "/" });
      const [row] = await rows("leave@example.com");
      const token = unsubscribeToken(SECRET, row!.id);
      const id = verifyUnsubscribeToken(SECRET, token);
      expect(id).toBe(row!.id);
      expect(await findSubscription(app.database.db, id!)).toEqual({
        state: "subscribed",
        maskedEmail: "l•••@example.com",
      });
      expect(await unsubscribe(app.database.db, id!)).toEqual({
        state: "unsubscribed",
        maskedEmail: "l•••@example.com",
      });
      const [gone] = await rows("leave@example.com");
      expect(gone!.status).toBe("unsubscribed");
      expect(await unsubscribe(app.database.db, id!)).toMatchObject({ state: "unsubscribed" });
      expect((await rows("leave@example.com"))[0]!.unsubscribedAt).toEqual(gone!.unsubscribedAt);
    });

    it("refuses a tampered token before touching the database", async () => {
      await post({ email: "tamper@example.com" });
      const [row] = await rows("tamper@example.com");
      const token = unsubscribeToken(SECRET, row!.id);
      const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BA" : "AA");
      expect(verifyUnsubscribeToken(SECRET, tampered)).toBeNull();
      expect(verifyUnsubscribeToken("another-secret-another-secret-000", token)).toBeNull();
    });

    it("says 'unknown' for an id that is not on the list", async () => {
      expect(await findSubscription(app.database.db, crypto.randomUUID())).toEqual({ state: "unknown" });
      expect(await unsubscribe(app.database.db, crypto.randomUUID())).toEqual({ state: "unknown" });
    });
  });

  it("outcomes of the service: created, existing, resubscribed", async () => {
    const db = app.database.db;
    const created = await subscribe(db, { email: "svc@example.com", source: "/" });
    expect(created.outcome).toBe("created");
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await subscribe(db, { email: "SVC@example.com" })).toEqual({ outcome: "existing" });
    await unsubscribe(db, created.id!);
    expect(await subscribe(db, { email: "svc@example.com", source: "/x" })).toEqual({
      outcome: "resubscribed",
      id: created.id,
    });
  });

  it("never writes an e-mail address to the log", async () => {
    const logs = app.logs();
    expect(logs).toContain("newsletter subscription");
    expect(logs).not.toMatch(/@example\.com/i);
    expect(logs).not.toMatch(/rowan|testperson/i);
  });
});

describe("newsletter rate limit", () => {
  it("answers 429 with Retry-After past the form limit, and stores nothing more", async () => {
    // A window far longer than the test, so that no window boundary falls inside it.
    const app = await startApiApp("pglite", { RATE_LIMIT_FORMS: "3", RATE_LIMIT_FORMS_WINDOW_SECONDS: "1000000000" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${app.url}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: `rate${i}@example.com` }),
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect((await res.json()).error).toMatch(/try again/);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect(await app.database.db.select().from(newsletterSubscribers)).toHaveLength(3);
    } finally {
      await app.stop();
    }
  });
});

describe("newsletter without a database", () => {
  it("answers 503 without waiting, naming no address in the log", async () => {
    const app = await startApiApp("pglite");
    try {
      await app.database.close();
      const res = await fetchAnswer(`${app.url}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "away@example.com" }),
      });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/try again/);
      expect(app.logs()).not.toContain("away@example.com");
    } finally {
      await app.stop().catch(() => {});
    }
  });
});

describe("welcome e-mail", () => {
  const post = (app: ApiApp, email: string) =>
    fetch(`${app.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, source: "/" }),
    });

  it("goes to a new or returning subscriber through SMTP, with a one-click link that verifies", async () => {
    const smtp = await startSmtpSink();
    const app = await startApiApp("pglite", { SMTP_URL: smtp.url, PUBLIC_URL: "https://clinic.example" });
    try {
      expect((await post(app, "welcome@example.com")).status).toBe(201);
      const mail = await smtp.waitFor("welcome@example.com");
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const link = new URL(/^<([^>]+)>$/.exec(mail.headers["list-unsubscribe"]!)![1]!);
      expect(link.origin + link.pathname).toBe("https://clinic.example/newsletter/unsubscribe");
      const id = verifyUnsubscribeToken(SECRET, link.searchParams.get("token"));
      const [row] = await app.database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.emailKey, "welcome@example.com"));
      expect(id).toBe(row!.id);
      expect(mail.text).toContain(link.href);

      // Signing up again while subscribed sends nothing; after unsubscribing, it does.
      expect((await post(app, "Welcome@example.com")).status).toBe(201);
      // Proving a negative: no second e-mail comes in this time (a wrong one is sent at once).
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mails).toHaveLength(1);
      await unsubscribe(app.database.db, row!.id);
      expect((await post(app, "welcome@example.com")).status).toBe(201);
      await expect.poll(() => smtp.mails.length).toBe(2);
    } finally {
      await app.stop();
      await smtp.stop();
    }
  });

  it("never holds up or fails the sign-up when the mail server is away", async () => {
    const port = await freePort();
    const app = await startApiApp("pglite", { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      expect((await post(app, "nomail@example.com")).status).toBe(201);
      await expect.poll(() => app.logs()).toContain("newsletter welcome e-mail not sent");
      expect(app.logs()).not.toContain("nomail");
    } finally {
      await app.stop();
    }
  });
});
