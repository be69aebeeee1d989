import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { notFoundPaths } from "~/db/schema";
import { deleteRedirect, saveRedirect } from "~/features/seo-redirects/redirects.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { clonePostgresTemplate } from "../setup/database";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/**
 * A redirect saved through one instance reaches another on the same
 * PostgreSQL within seconds, without a restart (the redirects_version row);
 * 404s counted by both add up. Without TEST_DATABASE_URL this block is
 * reported as skipped.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "redirects across two app instances on one PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    let one: ApiApp;
    let two: ApiApp;
    beforeAll(async () => {
      const databaseUrl = await clonePostgresTemplate();
      [one, two] = await Promise.all([
        openDatabase({ databaseUrl }).then((db) => startApiApp(db)),
        openDatabase({ databaseUrl }).then((db) => startApiApp(db)),
      ]);
    });
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()]);
    });

    const get = (app: ApiApp, path: string) =>
      fetch(`${app.url}${path}`, { redirect: "manual", headers: { "user-agent": FIREFOX } });
    const locationOn = async (app: ApiApp, path: string) => (await get(app, path)).headers.get("location");

    it("a change made through one instance holds on the other within seconds, and so does its removal", async () => {
      const saved = await saveRedirect(one.database.db, "http://localhost", null, {
        fromPath: "/moved-away",
        toTarget: "/services",
        status: 301,
      });
      expect(saved.ok).toBe(true);
      for (const app of [one, two]) {
        await expect.poll(() => locationOn(app, "/moved-away"), { timeout: 8000, interval: 200 }).toBe("/services");
      }
      await deleteRedirect(two.database.db, saved.ok ? saved.redirect.id : 0);
      for (const app of [one, two]) {
        await expect.poll(() => locationOn(app, "/moved-away"), { timeout: 8000, interval: 200 }).toBeNull();
      }
    });

    it("404s counted by both instances add up in one row", async () => {
      expect((await get(one, "/api/not-here")).status).toBe(404);
      for (const app of [one, two, two]) await get(app, "/healthz-nope?token=secret");
      // (This in-process app serves no pages: unknown paths fall through to its 404.)
      await expect
        .poll(
          async () => {
            const [row] = await one.database.db
              .select()
              .from(notFoundPaths)
              .where(eq(notFoundPaths.path, "/healthz-nope"));
            return row?.hits ?? 0;
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBe(3);
      const all = await one.database.db.select().from(notFoundPaths);
      expect(JSON.stringify(all)).not.toMatch(/secret|api\/not-here/);
    });
  },
);
