import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageFacts } from "~/features/seo-text/page-facts.server";
import { startTwoApiApps, type ApiApp } from "../setup/api-app";
import { addStaff, signInCookie } from "../setup/staff";

const MARKETING = { name: "Mara Search", email: "mara.search@clinic.example", roles: ["marketing"] as const };
const TITLE = "Depression Counseling That Fits Your Week | Cypress Lane";

/**
 * A page's settings saved through one instance: that instance serves them at
 * once; another instance on the same PostgreSQL, whose page cache holds the
 * old page, serves them within its content-version poll (2 s). So do a reset.
 * Without TEST_DATABASE_URL this block is reported as skipped.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "page settings across two app instances on one PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    let one: ApiApp;
    let two: ApiApp;
    let cookie: string;
    beforeAll(async () => {
      [one, two] = await startTwoApiApps({ PAGE_CACHE_ENTRIES: "100" });
      await addStaff(one.database, [MARKETING]);
      cookie = await signInCookie(one.url, MARKETING.email);
    });
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()]);
    });

    const titleOn = async (app: ApiApp) => {
      const html = await (await fetch(`${app.url}/depression`)).text();
      return readPageFacts(html, "http://127.0.0.1/depression").titles[0];
    };
    const post = (fields: Record<string, string>) =>
      fetch(`${one.url}/admin/seo/page?path=%2Fdepression`, {
        method: "POST",
        headers: { cookie, origin: one.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ path: "/depression", ...fields }),
      });

    it("holds at once where it was saved and within a couple of seconds on the other, and so does a reset", async () => {
      const own = await titleOn(two);
      expect(own).not.toBe(TITLE);
      // Both instances have the page in their cache.
      for (const app of [one, two]) {
        await titleOn(app);
        expect((await fetch(`${app.url}/depression`)).headers.get("x-cache")).toBe("HIT");
      }

      expect((await post({ intent: "save", title: TITLE })).status).toBe(200);
      // Where it was saved: at once. On the other: its next poll of the version row (every 2 s).
      expect(await titleOn(one)).toBe(TITLE);
      await expect.poll(() => titleOn(two), { timeout: 4000, interval: 100 }).toBe(TITLE);

      expect((await post({ intent: "reset" })).status).toBe(200);
      expect(await titleOn(one)).toBe(own);
      await expect.poll(() => titleOn(two), { timeout: 4000, interval: 100 }).toBe(own);
    });
  },
);
