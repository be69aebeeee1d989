import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { LOCKED_OUT_MESSAGE, THROTTLE } from "~/features/auth/login-throttle.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { clonePostgresTemplate } from "../setup/database";
import { addStaff, signInCookie, STAFF_PASSWORD } from "../setup/staff";

/**
 * Sessions and lockouts live in the database, so a second instance behind
 * the same load balancer must see exactly what the first one does. Only
 * PostgreSQL can be shared between processes; without TEST_DATABASE_URL
 * this block is reported as skipped.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "staff sign-in across two app instances on one PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    let one: ApiApp;
    let two: ApiApp;
    beforeAll(async () => {
      const databaseUrl = await clonePostgresTemplate();
      // Two pools, two Express apps: nothing shared but the database.
      [one, two] = await Promise.all([
        openDatabase({ databaseUrl }).then((db) => startApiApp(db)),
        openDatabase({ databaseUrl }).then((db) => startApiApp(db)),
      ]);
      await addStaff(one.database, [
        { name: "Robin Roaming", email: "robin@clinic.example", roles: ["intake"] },
        { name: "Lee Locked", email: "lee@clinic.example", roles: ["intake"] },
        { name: "Kim Other", email: "kim@clinic.example", roles: ["admin"] },
      ]);
    });
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()]);
    });

    const user = (app: ApiApp, cookie: string) => fetch(`${app.url}/api/user`, { headers: { cookie } });
    const login = (app: ApiApp, email: string, password: string, ip: string) =>
      app.postJson("/api/login", { email, password }, { "x-forwarded-for": ip });

    it("a session started on one instance is valid on the other, and signing out on either ends it on both", async () => {
      const cookie = await signInCookie(one.url, "robin@clinic.example");
      const [onOne, onTwo] = await Promise.all([user(one, cookie), user(two, cookie)]);
      expect([onOne.status, onTwo.status]).toEqual([200, 200]);
      expect((await onTwo.json()).email).toBe("robin@clinic.example");

      const out = await fetch(`${two.url}/api/logout`, { method: "POST", headers: { cookie } });
      expect(out.status).toBe(200);
      expect((await user(one, cookie)).status).toBe(401);
      expect((await user(two, cookie)).status).toBe(401);

      // And the other way round.
      const again = await signInCookie(two.url, "robin@clinic.example");
      expect((await user(one, again)).status).toBe(200);
      await fetch(`${one.url}/api/logout`, { method: "POST", headers: { cookie: again } });
      expect((await user(two, again)).status).toBe(401);
    });

    it("failures on both instances add up, and a lockout started on one holds on the other", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < THROTTLE.accountFailures; i++) {
        // Alternating instances, as a load balancer would send them.
        const app = i % 2 === 0 ? one : two;
        statuses.push((await login(app, "lee@clinic.example", "wrong-password-guess", `203.0.113.${i + 1}`)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      for (const app of [one, two]) {
        const res = await login(app, "lee@clinic.example", STAFF_PASSWORD, "203.0.113.50");
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
        expect(await res.json()).toEqual({ error: LOCKED_OUT_MESSAGE });
      }
      // Nobody else is locked out, on either.
      expect((await login(two, "kim@clinic.example", STAFF_PASSWORD, "203.0.113.50")).status).toBe(200);
    });

    it("guesses sent at once to both instances still get only 5 passwords checked in all", async () => {
      await addStaff(one.database, [{ name: "Pat Parallel", email: "pat@clinic.example", roles: ["intake"] }]);
      const checked = async () =>
        (
          await one.database.db
            .select()
            .from(auditLog)
            .where(sql`${auditLog.actorEmail} = 'pat@clinic.example' and ${auditLog.action} = 'sign_in_failed'`)
        ).length;
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          login(i % 2 ? one : two, "pat@clinic.example", "wrong-password-guess", `192.0.2.${i + 1}`).then(
            (r) => r.status,
          ),
        ),
      );
      expect(answers.filter((s) => s === 401).length).toBeLessThan(THROTTLE.accountFailures);
      const checkedAtOnce = await checked();
      expect(checkedAtOnce).toBeLessThanOrEqual(THROTTLE.accountFailures);
      for (let i = checkedAtOnce; i < THROTTLE.accountFailures; i++) {
        await login(i % 2 ? one : two, "pat@clinic.example", "wrong-password-guess", "192.0.2.99");
      }
      expect(await checked()).toBe(THROTTLE.accountFailures);
      expect((await login(one, "pat@clinic.example", STAFF_PASSWORD, "192.0.2.100")).status).toBe(429);
      expect((await login(two, "pat@clinic.example", STAFF_PASSWORD, "192.0.2.100")).status).toBe(429);
    });
  },
);
