import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAnswer } from "../setup/answers";
import { MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate } from "../setup/database";
import { HERO_LEAD, postLead } from "../setup/leads";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addStaffTo, signInCookie } from "../setup/staff";
import { startTcpProxy } from "../setup/tcp-proxy";

/*
 * Issue 21 with a real fault: the production build on PostgreSQL, reached
 * through a loopback proxy the test cuts and restores. One server process
 * at a time, one proxy, one journey: the copies are made, the database goes,
 * the running process and then a fresh one started while it is gone answer
 * what a visitor and a staff member need, and everything comes back alone.
 */
const STAFF = { name: "Dana Outage", email: "dana.outage@example.com", roles: ["admin"] as const };
// The last good copies are what this file tests (the harness leaves them off elsewhere).
const ENV = { RATE_LIMIT_FORMS: "1000", PAGE_COPIES: "on" };

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const get = (url: string, init: RequestInit = {}) => fetchAnswer(url, { redirect: "manual", ...init });

// A PostgreSQL server to cut away is what this file is about: it runs where TEST_DATABASE_URL names one (CI does).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("the site while its PostgreSQL database is away", () => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let copyDir: string;
  let env: Record<string, string>;
  const browser = useBrowser();

  beforeAll(async () => {
    const databaseUrl = new URL(await clonePostgresTemplate());
    await addStaffTo({ databaseUrl: databaseUrl.toString() }, [STAFF]);
    proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    databaseUrl.hostname = "127.0.0.1";
    databaseUrl.port = String(proxy.port);
    copyDir = fs.mkdtempSync(path.join(fs.realpathSync("/tmp"), "page-copies-"));
    env = { ...ENV, DATABASE_URL: databaseUrl.toString(), PAGE_COPY_DIR: copyDir };
    server = await startServer({ env });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.cut().catch(() => {});
    fs.rmSync(copyDir, { recursive: true, force: true });
  });

  it("serves last good copies, refuses writes with 503, keeps staff out without a sign-in loop, and recovers", async () => {
    // The copies are made in the background once the server listens: the sitemap's pages, 404, thank-you.
    const sitemap = await (await get(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
    expect(pages).toContain("/adhd");
    await waitFor("the copies on disk", async () =>
      fs.readdirSync(copyDir).filter((f) => f.endsWith(".json")).length >= pages.length + 2 ? true : undefined,
    );
    const cookie = await signInCookie(server.url, STAFF.email);
    const before = await (await get(`${server.url}/adhd`)).text();

    // A visitor fills the short form with JavaScript while the database is there…
    const { page, errors } = await browser.open({ viewport: MOBILE });
    await page.goto(`${server.url}/get-started`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Get started with a call back" });
    await form.getByLabel("Full name").fill("Sam Outage");
    await form.getByLabel("Email address").fill("sam.outage@example.com");
    await form.getByLabel("Phone number").fill("407.555.0177");
    await form.getByRole("checkbox", { name: /may contact me by phone or email/ }).check();

    // …and then the database goes away.
    await proxy.cut();

    // Sending: refused with a way forward; everything typed stays.
    await form.getByRole("button", { name: "Request a call back" }).click();
    await look(form.getByRole("alert").filter({ hasText: "Submission Failed" })).contains("call us at");
    await look(form.getByLabel("Full name")).value("Sam Outage");
    await look(form.getByLabel("Email address")).value("sam.outage@example.com");
    await look(form.getByRole("button", { name: "Request a call back" })).enabled();

    // The JSON API: 503 with Retry-After, at once.
    const lead = await fetchAnswer(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...HERO_LEAD, email: "away@example.com" }),
    });
    expect(lead.status).toBe(503);
    expect(lead.headers.get("retry-after")).toMatch(/^\d+$/);
    // The number as the site last showed it: the database that holds it is away.
    expect(((await lead.json()) as { error: string }).error).toMatch(/call the clinic at \(407\) 555-01\d\d\./);
    const newsletter = await fetchAnswer(`${server.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "reader.away@example.com", source: "/" }),
    });
    expect(newsletter.status).toBe(503);
    expect(newsletter.headers.get("retry-after")).toMatch(/^\d+$/);

    // Public pages: a path that matches no page gets the kept 404 page; a page of the sitemap reads as before.
    // (A one-segment path could be a page in the database: without it, that is a 503, below.)
    const missing = await get(`${server.url}/no/such-page-during-an-outage`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
    const adhd = await get(`${server.url}/adhd`);
    expect(adhd.status).toBe(200);
    expect(await adhd.text()).toBe(before);

    // The staff area: a clear 503, not the sign-in page.
    const staff = await get(`${server.url}/admin`, { headers: { cookie } });
    expect(staff.status).toBe(503);
    expect(staff.headers.get("location")).toBeNull();
    expect(await staff.text()).toContain("The staff area cannot reach its database right now");
    const ready = await get(`${server.url}/readyz`);
    expect(ready.status).toBe(503);

    // The database returns: this process notices by itself; the visitor's retry goes through.
    await proxy.restore();
    await waitFor("readiness", async () => ((await get(`${server.url}/readyz`)).status === 200 ? true : undefined));
    await form.getByRole("button", { name: "Request a call back" }).click();
    await page.waitForURL(`${server.url}/thank-you`);
    expect(errors).toEqual([]);
    expect((await get(`${server.url}/admin`, { headers: { cookie } })).status).toBe(200);
    // One line when the database went away, one when it came back: not one per request.
    expect(server.output().match(/database unreachable/g)).toHaveLength(1);
    expect(server.output().match(/database reachable again/g)).toHaveLength(1);
    await browser.closeAll();

    // A fresh process started while the database is away serves the copies it finds on disk.
    await proxy.cut();
    await server.stop();
    server = await startServer({ env });
    for (const pathname of ["/", "/adhd", "/request-appointment", "/thank-you"]) {
      const res = await get(`${server.url}${pathname}`);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get("x-page-copy"), pathname).toMatch(/^stale; saved=/);
      expect(res.headers.get("cache-control"), pathname).toBe("no-store");
    }
    expect(await (await get(`${server.url}/adhd`)).text()).toBe(before);
    // A page it has no copy of: 503, Retry-After, the phone, 988 and 911.
    const uncopied = await get(`${server.url}/blog/a-post-that-was-never-copied`);
    expect(uncopied.status).toBe(503);
    expect(uncopied.headers.get("retry-after")).toMatch(/^\d+$/);
    const friendly = await uncopied.text();
    for (const words of ["988", "911", "555-01"]) expect(friendly).toContain(words);
    expect((await get(`${server.url}/admin`, { headers: { cookie } })).status).toBe(503);
    // Without JavaScript the form comes back filled in, with the same message.
    const noJs = await fetchAnswer(`${server.url}/get-started`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Robin Native",
        email: "robin.native@example.com",
        phone: "407-555-0133",
        contactConsent: "on",
      }).toString(),
    });
    const noJsPage = await noJs.text();
    expect(noJsPage).toMatch(/could not save this right now/i);
    expect(noJsPage).toContain('value="Robin Native"');
    expect(noJs.status).toBe(503);
    expect(noJs.headers.get("retry-after")).toMatch(/^\d+$/);

    // The database returns: the fresh process finishes its start and answers as before, by itself.
    await proxy.restore();
    await waitFor("readiness", async () => ((await get(`${server.url}/readyz`)).status === 200 ? true : undefined));
    const fresh = await get(`${server.url}/adhd`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-page-copy")).toBeNull();
    expect((await get(`${server.url}/admin`, { headers: { cookie } })).status).toBe(200);
    expect((await postLead(server.url, { ...HERO_LEAD, email: "back@example.com" })).status).toBe(201);
    expect(server.output().match(/database unreachable/g)).toHaveLength(1);
    expect(server.output().match(/database reachable again/g)).toHaveLength(1);

    // A content change, as /admin/content commits one (the row and a new content version): the copies follow it,
    // so a process started in the next outage serves the changed page, not the one before.
    const promise = "within one business day";
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      await db.query("update site_content set reply_promise = $1", [promise]);
      await db.query(
        `insert into app_meta (key, value) values ('content_version', '1') on conflict (key)
         do update set value = (app_meta.value::bigint + 1)::text, updated_at = now()`,
      );
    } finally {
      await db.end();
    }
    // The appointment form states the reply promise (decision 0038).
    await waitFor("the copy of the changed appointment page", async () =>
      copiedPage(copyDir, "/request-appointment")?.includes(promise) ? true : undefined,
    );
    await proxy.cut();
    await server.stop();
    server = await startServer({ env });
    const home = await get(`${server.url}/request-appointment`);
    expect(home.status).toBe(200);
    expect(home.headers.get("x-page-copy")).toMatch(/^stale; saved=/);
    expect(await home.text()).toContain(promise);
    await proxy.restore();
  }, 180_000);

  it("keeps and serves no copies with PAGE_COPIES=off: a page then answers 503 while the database is away", async () => {
    await server.stop();
    await proxy.cut();
    // The same copy directory still holds the home page's copy from the journeys above.
    expect(copiedBodies(copyDir).length).toBeGreaterThan(0);
    server = await startServer({ env: { ...env, PAGE_COPIES: "off" } });
    const home = await get(`${server.url}/`);
    expect(home.status).toBe(503);
    expect(home.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(home.headers.get("x-page-copy")).toBeNull();
    await proxy.restore();
  }, 60_000);
});

/** The body of one page's copy on disk, or undefined. */
function copiedPage(dir: string, pagePath: string): string | undefined {
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    try {
      const file = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as { path: string; body: string };
      if (file.path === pagePath) return Buffer.from(file.body, "base64").toString("utf8");
    } catch {
      // a copy being replaced at this moment
    }
  }
  return undefined;
}

/** The bodies of the copies kept on disk (one JSON file per page, its body in base64). */
function copiedBodies(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      try {
        return Buffer.from(
          (JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as { body: string }).body,
          "base64",
        ).toString("utf8");
      } catch {
        return ""; // a copy being replaced at this moment
      }
    });
}
