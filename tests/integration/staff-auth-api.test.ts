import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffRole, auditLog, staffSessions, users } from "~/db/schema";
import { LOCKED_OUT_MESSAGE, THROTTLE } from "~/features/auth/login-throttle.server";
import { hashToken } from "~/features/auth/session.server";
import { newTotpSecret, totpFor } from "~/features/auth/two-factor.server";
import { WRONG_CREDENTIALS_MESSAGE } from "~/features/auth/sign-in.server";
import { clientKey } from "~/lib/rate-limit.server";
import { CROSS_SITE_MESSAGE } from "../../server/cross-site-guard";
import { NOT_SIGNED_IN_MESSAGE } from "~/features/auth/staff-auth-api.server";
import {
  SIGN_IN_UNAVAILABLE_MESSAGE,
  SIGN_OUT_UNAVAILABLE_MESSAGE,
  USER_UNAVAILABLE_MESSAGE,
} from "~/features/auth/sign-in-status";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds, openTestDatabase } from "../setup/database";
import { addStaff, STAFF_PASSWORD } from "../setup/staff";

const SECRET = "test-secret-test-secret-test-secret!"; // what startApiApp uses
const WRONG_PASSWORD = "Not-the-password-at-all-9";

/** A Set-Cookie header's name=value and its attributes, as a browser reads them. */
function parseSetCookie(header: string | null) {
  expect(header, "a Set-Cookie header").toBeTruthy();
  const [pair, ...rest] = header!.split(";").map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const at = part.indexOf("=");
      return at === -1 ? [part.toLowerCase(), ""] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
    }),
  );
  return { pair: pair!, name: pair!.slice(0, pair!.indexOf("=")), attributes };
}

/** Each test signs in from its own address (X-Forwarded-For from loopback is trusted), so address lockouts stay apart. */
let nextAddress = 10;
const freshAddress = () => `198.51.100.${nextAddress++}`;

describe.each(databaseKinds())("staff sign-in API on %s", (kind) => {
  let app: ApiApp;
  let counter = 0;
  beforeAll(async () => {
    app = await startApiApp(kind);
    await addStaff(app.database, [
      { name: "Avery Admin", email: "avery.admin@clinic.example", roles: ["admin"] },
      { name: "Sam Staff", email: "sam.staff@clinic.example", roles: ["intake"] },
      { name: "Dana Disabled", email: "dana.disabled@clinic.example", roles: ["intake"] },
    ]);
    await app.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.email, "dana.disabled@clinic.example"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A new staff account of its own, so one test's failures and lockouts never touch another's. */
  async function newAccount(roles: StaffRole[] = ["intake"]) {
    const email = `person${++counter}.${kind}@clinic.example`;
    const [user] = await addStaff(app.database, [{ name: `Person ${counter}`, email, roles }]);
    return user!;
  }

  const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    app.postJson("/api/login", { email, password }, { "x-forwarded-for": ip, ...headers });
  const currentUser = (cookie?: string) => fetch(`${app.url}/api/user`, { headers: cookie ? { cookie } : {} });
  const logout = (cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/logout`, { method: "POST", headers: { ...(cookie ? { cookie } : {}), ...headers } });

  async function signIn(email: string, ip = freshAddress()) {
    const res = await login(email, STAFF_PASSWORD, ip);
    expect(res.status, await res.clone().text()).toBe(200);
    return parseSetCookie(res.headers.get("set-cookie")).pair;
  }

  /** Moves everything the throttle stored for an account (and an address) `minutes` into the past. */
  async function throttleAged(email: string, ip: string, minutes: number) {
    const account = email.toLowerCase();
    const ipKey = clientKey(SECRET, ip);
    const by = sql.raw(`interval '${minutes * 60} seconds'`);
    await app.database.db.execute(
      sql`update login_attempts set at = at - ${by} where account_key = ${account} or ip_key = ${ipKey}`,
    );
    await app.database.db.execute(
      sql`update login_lockouts set locked_at = locked_at - ${by}, until = until - ${by}
          where key in (${`account:${account}`}, ${`ip:${ipKey}`})`,
    );
  }

  const sessionRow = async (cookie: string) => {
    const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
    const value = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as string;
    const [row] = await app.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.idHash, hashToken(value)));
    return row!;
  };

  describe("POST /api/login, GET /api/user, POST /api/logout", () => {
    it("signs in: 200 with the user (and nothing secret), a session cookie, never cached", async () => {
      const ip = freshAddress();
      const res = await login("Sam.Staff@Clinic.example ", STAFF_PASSWORD, ip);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual([
        "email",
        "id",
        "mustChangePassword",
        "name",
        "roles",
        "twoFactorEnabled",
      ]);
      expect(body).toMatchObject({ name: "Sam Staff", email: "sam.staff@clinic.example", roles: ["intake"] });
      expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash|totp/i);

      const cookie = parseSetCookie(res.headers.get("set-cookie"));
      expect(cookie.name).toBe("__session");
      const me = await currentUser(cookie.pair);
      expect(me.status).toBe(200);
      expect(me.headers.get("cache-control")).toBe("no-store");
      expect(await me.json()).toEqual(body);
    });

    it("GET /api/user without a session, or with a made-up one, is 401 with a sentence", async () => {
      for (const cookie of [
        undefined,
        "__session=bm9uc2Vuc2U%3D",
        "__session=garbage",
        `__session=${"x".repeat(500)}`,
      ]) {
        const res = await currentUser(cookie);
        expect(res.status, String(cookie)).toBe(401);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.json()).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
      }
    });

    it("signing out ends the session on the server: the old cookie is refused even when sent again", async () => {
      const user = await newAccount();
      const cookie = await signIn(user.email);
      expect((await currentUser(cookie)).status).toBe(200);

      const out = await logout(cookie);
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ status: "signed_out" });
      const cleared = parseSetCookie(out.headers.get("set-cookie"));
      expect(cleared.name).toBe("__session");
      expect(cleared.attributes.get("max-age")).toBe("0");

      // A copy of the cookie kept by someone else is worth nothing now.
      expect((await currentUser(cookie)).status).toBe(401);
      expect((await sessionRow(cookie)).endedReason).toBe("signed_out");
      // Signing out again (or without a session) is not an error.
      expect((await logout(cookie)).status).toBe(200);
      expect((await logout()).status).toBe(200);
    });

    it("signing in again from the same browser replaces its old session", async () => {
      const user = await newAccount();
      const first = await signIn(user.email);
      const res = await login(user.email, STAFF_PASSWORD, freshAddress(), { cookie: first });
      expect(res.status).toBe(200);
      const second = parseSetCookie(res.headers.get("set-cookie")).pair;
      expect(second).not.toBe(first);
      expect((await currentUser(first)).status).toBe(401);
      expect((await currentUser(second)).status).toBe(200);
    });

    it("never writes the password or the e-mail typed to the log", async () => {
      await login("log.check@clinic.example", "Log-secret-password-55", freshAddress());
      await login("sam.staff@clinic.example", "Log-secret-password-56", freshAddress());
      expect(app.logs()).toContain("staff sign-in");
      expect(app.logs()).not.toContain("Log-secret-password");
      expect(app.logs()).not.toContain("log.check@");
      expect(app.logs()).not.toContain("sam.staff@");
    });
  });

  describe("bodies it cannot use", () => {
    it("415 unless JSON, 413 past 4 KB, 400 for broken JSON or missing fields; no session either way", async () => {
      const text = await fetch(`${app.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ email: "sam.staff@clinic.example", password: STAFF_PASSWORD }),
      });
      expect(text.status).toBe(415);
      expect((await text.json()).error).toMatch(/JSON/);

      const form = await fetch(`${app.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `email=sam.staff%40clinic.example&password=${STAFF_PASSWORD}`,
      });
      expect(form.status).toBe(415);
      expect(form.headers.get("set-cookie")).toBeNull();

      const huge = await app.postJson("/api/login", { email: "sam.staff@clinic.example", password: "x".repeat(5000) });
      expect(huge.status).toBe(413);
      expect((await huge.json()).error).toMatch(/too large/);

      const broken = await app.postJson("/api/login", '{"email": "sam.staff@clinic.example", "password": ');
      expect(broken.status).toBe(400);
      expect((await broken.json()).error).toMatch(/not valid JSON/);

      const missing = await app.postJson("/api/login", { email: "sam.staff@clinic.example" });
      expect(missing.status).toBe(400);
      const missingBody = await missing.json();
      expect(missingBody.fields).toEqual({ password: "Enter your password." });

      for (const body of [[], "null", { email: 5, password: true }, { email: "", password: "" }]) {
        const res = await app.postJson("/api/login", typeof body === "string" ? body : body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.headers.get("set-cookie")).toBeNull();
      }
    });
  });

  describe("refusals that tell a guesser nothing", () => {
    it("answers an unknown e-mail, a wrong password and a disabled account with the same 401 and words", async () => {
      const answers = await Promise.all(
        [
          ["nobody.here@clinic.example", STAFF_PASSWORD],
          ["sam.staff@clinic.example", WRONG_PASSWORD],
          // The right password for a disabled account: still the same answer.
          ["dana.disabled@clinic.example", STAFF_PASSWORD],
          ["dana.disabled@clinic.example", WRONG_PASSWORD],
        ].map(async ([email, password]) => {
          const res = await login(email!, password!, freshAddress());
          return { status: res.status, body: await res.json(), cookie: res.headers.get("set-cookie") };
        }),
      );
      for (const answer of answers) {
        expect(answer).toEqual({ status: 401, body: { error: WRONG_CREDENTIALS_MESSAGE }, cookie: null });
      }
      expect(WRONG_CREDENTIALS_MESSAGE).not.toMatch(/password is wrong|no account|disabled/i);
    });

    it("takes about as long to refuse a real account with an over-long password as an unknown address", async () => {
      // A refusal that skipped the slow hash for real accounts would tell a guesser which addresses have one.
      // No clock bound: the two kinds of refusal are timed against each other, interleaved, and
      // each by its quickest try (a busy machine only ever adds time). A skipped hash makes the
      // known-account refusal a hundred times quicker, far past the 0.4 allowed here.
      const long = "L".repeat(300);
      const time = async (email: string) => {
        const started = performance.now();
        const res = await login(email, long, freshAddress());
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // Three each: a fifth failure would pause the account (see "lockout").
      for (let i = 0; i < 3; i++) {
        known.push(await time("avery.admin@clinic.example"));
        unknown.push(await time(`nobody${i}@clinic.example`));
      }
      expect(Math.min(...known)).toBeGreaterThan(Math.min(...unknown) * 0.4);
    });

    it("writes each failure to the audit trail with its reason, the address typed but no password", async () => {
      const ip = freshAddress();
      await login("audit.unknown@clinic.example", WRONG_PASSWORD, ip);
      const rows = await app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorEmail, "audit.unknown@clinic.example"));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "sign_in_failed", detail: { reason: "unknown_email" } });
      expect(JSON.stringify(rows[0])).not.toContain(WRONG_PASSWORD);
    });
  });

  describe("lockout", () => {
    it("pauses an account after 5 failures: even the right password gets 429, Retry-After and the clear message", async () => {
      const user = await newAccount();
      const statuses: number[] = [];
      let lastAddress = "";
      for (let i = 0; i < THROTTLE.accountFailures; i++) {
        // From different addresses: the account's own count decides.
        lastAddress = freshAddress();
        statuses.push((await login(user.email, WRONG_PASSWORD, lastAddress)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);

      const locked = await login(user.email, STAFF_PASSWORD, freshAddress());
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(locked.headers.get("set-cookie")).toBeNull();
      expect(await locked.json()).toEqual({ error: LOCKED_OUT_MESSAGE });
      expect(LOCKED_OUT_MESSAGE).toMatch(/15 minutes/);
      // Typed another way, it is the same account.
      expect((await login(` ${user.email.toUpperCase()} `, STAFF_PASSWORD, freshAddress())).status).toBe(429);

      // Other accounts sign in as usual, from the same address too.
      expect((await login("avery.admin@clinic.example", STAFF_PASSWORD, lastAddress)).status).toBe(200);
    });

    it("a success before the limit starts the count again", async () => {
      const user = await newAccount();
      const ip = freshAddress();
      for (let i = 0; i < THROTTLE.accountFailures - 1; i++) await login(user.email, WRONG_PASSWORD, ip);
      expect((await login(user.email, STAFF_PASSWORD, ip)).status).toBe(200);
      for (let i = 0; i < THROTTLE.accountFailures - 1; i++) {
        expect((await login(user.email, WRONG_PASSWORD, ip)).status).toBe(401);
      }
    });

    it("refused attempts during a pause neither extend it nor count afterwards", async () => {
      const user = await newAccount();
      const ip = freshAddress();
      for (let i = 0; i < THROTTLE.accountFailures; i++) await login(user.email, WRONG_PASSWORD, ip);
      // Ten minutes later: still paused, with five minutes to go; keep trying (wrong and right).
      await throttleAged(user.email, ip, 10);
      for (const password of [WRONG_PASSWORD, WRONG_PASSWORD, STAFF_PASSWORD, WRONG_PASSWORD, WRONG_PASSWORD]) {
        const res = await login(user.email, password, ip);
        expect(res.status).toBe(429);
        const retryAfter = Number(res.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(4 * 60);
        expect(retryAfter).toBeLessThanOrEqual(5 * 60);
      }
      // Five minutes and a second later the pause is over, whatever was tried meanwhile.
      await throttleAged(user.email, ip, 5 + 1 / 60);
      const wrong = await login(user.email, WRONG_PASSWORD, ip);
      expect(wrong.status, "the attempts during the pause were counted").toBe(401);
      expect((await login(user.email, STAFF_PASSWORD, ip)).status).toBe(200);
    });

    it("failures older than 15 minutes no longer count", async () => {
      const user = await newAccount();
      const ip = freshAddress();
      for (let i = 0; i < THROTTLE.accountFailures - 1; i++) await login(user.email, WRONG_PASSWORD, ip);
      await throttleAged(user.email, ip, 15 + 1 / 60);
      for (let i = 0; i < THROTTLE.accountFailures - 1; i++) {
        expect((await login(user.email, WRONG_PASSWORD, ip)).status).toBe(401);
      }
    });

    it("pauses an address after 20 failures across different e-mails; other addresses are not affected", async () => {
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < THROTTLE.ipFailures; i++) {
        statuses.push((await login(`guess${i}.${kind}@clinic.example`, WRONG_PASSWORD, ip)).status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);

      const fromThere = await login("avery.admin@clinic.example", STAFF_PASSWORD, ip);
      expect(fromThere.status).toBe(429);
      expect(Number(fromThere.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
      expect(await fromThere.json()).toEqual({ error: LOCKED_OUT_MESSAGE });
      expect((await login("avery.admin@clinic.example", STAFF_PASSWORD, freshAddress())).status).toBe(200);

      await throttleAged("avery.admin@clinic.example", ip, 15 + 1 / 60);
      expect((await login("avery.admin@clinic.example", STAFF_PASSWORD, ip)).status).toBe(200);
    });

    it("many guesses sent at once still get only 5 passwords checked in all", async () => {
      const user = await newAccount();
      const checked = async () =>
        (
          await app.database.db
            .select()
            .from(auditLog)
            .where(sql`${auditLog.actorEmail} = ${user.email} and ${auditLog.action} = 'sign_in_failed'`)
        ).length;
      const answers = await Promise.all(
        Array.from({ length: 15 }, () => login(user.email, WRONG_PASSWORD, freshAddress()).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 401 || s === 429)).toBe(true);
      const checkedAtOnce = await checked();
      expect(checkedAtOnce).toBeLessThanOrEqual(THROTTLE.accountFailures);
      expect(answers.filter((s) => s === 401).length).toBeLessThan(THROTTLE.accountFailures);
      // Guesses the burst did not use (those refused unchecked) are still there to lose, one by one, up to 5 in all.
      for (let i = checkedAtOnce; i < THROTTLE.accountFailures; i++) {
        await login(user.email, WRONG_PASSWORD, freshAddress());
      }
      expect(await checked()).toBe(THROTTLE.accountFailures);
      expect((await login(user.email, STAFF_PASSWORD, freshAddress())).status).toBe(429);
      expect((await login(user.email, WRONG_PASSWORD, freshAddress())).status).toBe(429);
      expect(await checked()).toBe(THROTTLE.accountFailures);
    });

    it("a right password still waiting for its two-factor code is not counted as a failure", async () => {
      const user = await newAccount();
      const secret = newTotpSecret();
      await app.database.db
        .update(users)
        .set({ totpSecret: secret, totpEnabledAt: new Date() })
        .where(eq(users.id, user.id));
      const ip = freshAddress();
      for (let i = 0; i < THROTTLE.accountFailures + 1; i++) {
        const res = await login(user.email, STAFF_PASSWORD, ip);
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ twoFactorRequired: true });
      }
      const res = await app.postJson(
        "/api/login",
        { email: user.email, password: STAFF_PASSWORD, code: totpFor(secret).generate() },
        { "x-forwarded-for": ip },
      );
      expect(res.status).toBe(200);
    });
  });

  describe("session lifetime", () => {
    it("ends a session after 30 idle minutes, not before", async () => {
      const user = await newAccount();
      const cookie = await signIn(user.email);
      const row = await sessionRow(cookie);
      const setIdle = (minutes: number) =>
        app.database.db
          .update(staffSessions)
          .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
          .where(eq(staffSessions.idHash, row.idHash));

      await setIdle(29);
      const before = Date.now();
      expect((await currentUser(cookie)).status).toBe(200);
      // That request counted as activity: the idle clock started again, at the request.
      expect((await sessionRow(cookie)).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);

      await setIdle(31);
      const res = await currentUser(cookie);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
      // Once over, it stays over: a later request does not bring it back.
      expect((await currentUser(cookie)).status).toBe(401);
    });

    it("ends a session 12 hours after sign-in, however active", async () => {
      const user = await newAccount();
      const cookie = await signIn(user.email);
      const row = await sessionRow(cookie);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 3600_000);
      const signedInAgo = async (ms: number) =>
        app.database.db
          .update(staffSessions)
          .set({ createdAt: new Date(Date.now() - ms), expiresAt: new Date(Date.now() - ms + 12 * 3600_000) })
          .where(eq(staffSessions.idHash, row.idHash));

      await signedInAgo(12 * 3600_000 - 60_000);
      expect((await currentUser(cookie)).status).toBe(200);
      await signedInAgo(12 * 3600_000 + 1000);
      expect((await currentUser(cookie)).status).toBe(401);
    });

    it("ends every session of an account that is disabled", async () => {
      const user = await newAccount();
      const cookie = await signIn(user.email);
      await app.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
      expect((await currentUser(cookie)).status).toBe(401);
    });

    it("stores only a hash of the token: the cookie's value is nowhere in the database", async () => {
      const user = await newAccount();
      const cookie = await signIn(user.email);
      const token = JSON.parse(
        Buffer.from(decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)), "base64").toString("utf8"),
      ) as string;
      expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes
      const rows = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id));
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe("writes from other sites", () => {
    it.each([
      ["Origin", { origin: "https://evil.example" }],
      ["Sec-Fetch-Site", { "sec-fetch-site": "cross-site" }],
    ])("refuses a cross-site sign-in (%s) with 403, before checking anything", async (_name, headers) => {
      const res = await login("sam.staff@clinic.example", STAFF_PASSWORD, freshAddress(), headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: CROSS_SITE_MESSAGE });
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    it.each([
      ["Origin", { origin: "https://evil.example" }],
      ["Sec-Fetch-Site", { "sec-fetch-site": "cross-site" }],
    ])("refuses a cross-site sign-out (%s) with 403 and the session lives on", async (_name, headers) => {
      const user = await newAccount();
      const cookie = await signIn(user.email);
      const res = await logout(cookie, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect((await currentUser(cookie)).status).toBe(200);
    });

    it("accepts its own origin and same-origin fetches", async () => {
      const res = await login("sam.staff@clinic.example", STAFF_PASSWORD, freshAddress(), {
        origin: app.url,
        "sec-fetch-site": "same-origin",
      });
      expect(res.status).toBe(200);
    });
  });

  describe("the session cookie", () => {
    it("is HttpOnly, SameSite=Lax, Path=/, a browser-session cookie, and not Secure over plain http in tests", async () => {
      const res = await login("sam.staff@clinic.example", STAFF_PASSWORD, freshAddress());
      const { attributes } = parseSetCookie(res.headers.get("set-cookie"));
      expect(attributes.has("httponly")).toBe(true);
      expect(attributes.get("samesite")?.toLowerCase()).toBe("lax");
      expect(attributes.get("path")).toBe("/");
      expect(attributes.has("secure")).toBe(false);
      expect(attributes.has("max-age")).toBe(false);
      expect(attributes.has("expires")).toBe(false);
      expect(attributes.has("domain")).toBe(false);
    });

    it("is Secure when the request came over https through a trusted proxy", async () => {
      const res = await login("sam.staff@clinic.example", STAFF_PASSWORD, freshAddress(), {
        "x-forwarded-proto": "https",
      });
      expect(res.status).toBe(200);
      const cookie = parseSetCookie(res.headers.get("set-cookie"));
      expect(cookie.attributes.has("secure")).toBe(true);
      expect(cookie.attributes.has("httponly")).toBe(true);
      const out = await logout(cookie.pair, { "x-forwarded-proto": "https" });
      expect(parseSetCookie(out.headers.get("set-cookie")).attributes.has("secure")).toBe(true);
    });
  });
});

describe("the session cookie in production", () => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp("pglite", { NODE_ENV: "production", PUBLIC_URL: "https://clinic.example" });
    await addStaff(app.database, [{ name: "Pat Prod", email: "pat@clinic.example", roles: ["intake"] }]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("is Secure even when a TLS proxy hands the request over as plain http", async () => {
    const res = await app.postJson("/api/login", { email: "pat@clinic.example", password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = parseSetCookie(res.headers.get("set-cookie"));
    expect(cookie.attributes.has("secure")).toBe(true);
    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    const out = await fetch(`${app.url}/api/logout`, { method: "POST", headers: { cookie: cookie.pair } });
    expect(parseSetCookie(out.headers.get("set-cookie")).attributes.has("secure")).toBe(true);
  });
});

describe("the staff sign-in API with the database away", () => {
  it("answers 503 in each endpoint's own words, never 500, and never pretends to have signed anyone out", async () => {
    const database = await openTestDatabase("pglite");
    const app = await startApiApp(database);
    try {
      await addStaff(database, [{ name: "Away Person", email: "away@clinic.example", roles: ["intake"] }]);
      const signedIn = await app.postJson("/api/login", { email: "away@clinic.example", password: STAFF_PASSWORD });
      const cookie = parseSetCookie(signedIn.headers.get("set-cookie")).pair;
      await database.close();

      const login = await app.postJson("/api/login", { email: "away@clinic.example", password: STAFF_PASSWORD });
      expect(login.status).toBe(503);
      expect(login.headers.get("cache-control")).toBe("no-store");
      expect(await login.json()).toEqual({ error: SIGN_IN_UNAVAILABLE_MESSAGE });

      const logout = await fetch(`${app.url}/api/logout`, { method: "POST", headers: { cookie } });
      expect(logout.status).toBe(503);
      expect(logout.headers.get("set-cookie")).toBeNull();
      expect(await logout.json()).toEqual({ error: SIGN_OUT_UNAVAILABLE_MESSAGE });

      const user = await fetch(`${app.url}/api/user`, { headers: { cookie } });
      expect(user.status).toBe(503);
      expect(await user.json()).toEqual({ error: USER_UNAVAILABLE_MESSAGE });
    } finally {
      await app.stop().catch(() => {});
    }
  });
});
