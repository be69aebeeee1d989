import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { DESKTOP, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const REDIRECTS = "/admin/seo/redirects";
const MONITOR = "/admin/seo/not-found";
const MARKETING = { name: "Mara Search", email: "mara.search@clinic.example", roles: ["marketing"] as const };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * Redirects and the 404 monitor against the production build, one server for
 * the file: a redirect answers before the page cache (a cached page stops
 * being served the moment its path redirects), 308 for a POST, hits appear;
 * a visitor's 404 appears in the monitor without its query string, a bot's
 * not at all; one click turns it into a redirect; axe finds nothing.
 */
describe.each(browserDatabaseKinds("postgres"))("redirects and the 404 monitor on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`seo-redirects-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [MARKETING]);
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    cookie = await signInCookie(server.url, MARKETING.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const visit = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${path}`, { redirect: "manual", ...init, headers: { "user-agent": FIREFOX, ...init.headers } });
  const staffHtml = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
  /** The redirect form as a browser without JavaScript posts it. */
  const postRedirect = (fields: Record<string, string>) =>
    fetch(`${server.url}${REDIRECTS}`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", status: "301", ...fields }),
    });

  it("answers a new redirect before the page cache: 301 with Location, 308 for a POST, and counts the hits", async () => {
    await visit("/insurance");
    const cached = await visit("/insurance");
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-cache")).toBe("HIT");

    const saved = await postRedirect({ fromPath: "/insurance", toTarget: "/services" });
    expect(saved.status).toBe(200);

    const moved = await visit("/insurance/?utm_source=mail");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/services?utm_source=mail");
    expect(moved.headers.get("x-cache")).toBeNull();
    expect(await moved.text()).toBe("");
    const posted = await visit("/insurance", { method: "POST", body: "a=1" });
    expect(posted.status).toBe(308);
    expect(posted.headers.get("location")).toBe("/services");

    // A chain is refused with 400 and a sentence naming the other redirect; nothing changes.
    const chain = await postRedirect({ fromPath: "/old-insurance", toTarget: "/insurance" });
    expect(chain.status).toBe(400);
    expect(await chain.text()).toContain("the redirect from /insurance to /services");
    expect((await visit("/old-insurance")).status).toBe(404);

    // A link followed in the browser (React Router asks /insurance.data) is redirected too.
    const { page } = await browser.open({ viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    await page.getByRole("link", { name: "Insurance", exact: true }).first().click();
    await page.waitForURL(`${server.url}/services`);

    // Hits are written in the background within seconds: three so far.
    await expect
      .poll(async () => /<td[^>]*>3<\/td>/.test(await staffHtml(REDIRECTS)), { timeout: 15_000, interval: 500 })
      .toBe(true);
  });

  it("keeps a visitor's 404 without its query string, not a bot's; one click makes it a redirect", async () => {
    const missing = await visit("/old-adhd-page?email=someone%40example.com", {
      headers: { referer: "https://www.google.com/search?q=private+words" },
    });
    expect(missing.status).toBe(404);
    expect((await visit("/bot-only-path", { headers: { "user-agent": GOOGLEBOT } })).status).toBe(404);
    await expect
      .poll(async () => (await staffHtml(MONITOR)).includes("/old-adhd-page"), { timeout: 15_000, interval: 500 })
      .toBe(true);
    const monitor = await staffHtml(MONITOR);
    expect(monitor).toContain("www.google.com");
    expect(monitor).not.toMatch(/someone|private|bot-only-path/);
    expect(server.output()).not.toMatch(/someone|private words/);

    const { page } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(page.context(), server.url, cookie);
    await page.goto(`${server.url}${MONITOR}?sort=last-seen`);
    await hydrated(page);
    await look(page.getByRole("heading", { level: 1 })).text("404 monitor");
    await expectAxeCleanAtBothWidths(page);
    await page.setViewportSize(DESKTOP);

    // The keyboard's one "click": the row's Redirect link opens the form with the path filled in.
    await page.getByRole("link", { name: "Redirect /old-adhd-page" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/seo\/redirects\?from=/);
    const from = page.getByRole("textbox", { name: "Old address" });
    await expect.poll(() => from.inputValue()).toBe("/old-adhd-page");
    // A target that is itself redirected is refused under its field, which gets the focus.
    await page.getByRole("textbox", { name: "Send visitors to" }).fill("/insurance");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await look(page.getByText(/This would make a chain: \/insurance is itself redirected/)).visible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("redirect-to");
    await expectAxeCleanAtBothWidths(page);
    await page.setViewportSize(DESKTOP);
    await page.getByRole("textbox", { name: "Send visitors to" }).fill("/services");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await look(page.getByText("/old-adhd-page now sends visitors to /services (permanent).")).visible();
    await look(page.getByRole("rowheader", { name: "/old-adhd-page" })).visible();

    const now = await visit("/old-adhd-page");
    expect(now.status).toBe(301);
    expect(now.headers.get("location")).toBe("/services");
    // It redirects now: it has left the monitor.
    expect(await staffHtml(MONITOR)).not.toContain("/old-adhd-page");
  });

  it("ignoring a row hides it; the staff navigation leads to the pages", async () => {
    expect((await visit("/wp-login.php")).status).toBe(404);
    await expect
      .poll(async () => (await staffHtml(MONITOR)).includes("/wp-login.php"), { timeout: 15_000, interval: 500 })
      .toBe(true);
    const ignored = await fetch(`${server.url}${MONITOR}`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "ignore", path: "/wp-login.php" }),
    });
    expect(ignored.status).toBe(200);
    expect(await staffHtml(MONITOR)).not.toContain("/wp-login.php");
    // The staff navigation's one "Search" entry leads to the section; its tabs lead here.
    expect((await staffHtml("/admin")).includes('href="/admin/seo"')).toBe(true);
    expect((await staffHtml("/admin/seo")).includes('href="/admin/seo/redirects"')).toBe(true);

    // The ignored rows have their own view, where a path can be counted again.
    const ignoredView = await staffHtml(`${MONITOR}?show=ignored`);
    expect(ignoredView).toContain("/wp-login.php");
    expect(ignoredView).toContain("Count again");
    const counted = await fetch(`${server.url}${MONITOR}?show=ignored`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "unignore", path: "/wp-login.php" }),
    });
    expect(counted.status).toBe(200);
    expect(await staffHtml(`${MONITOR}?q=wp-login`)).toContain("/wp-login.php");
    expect(await staffHtml(`${MONITOR}?q=no-such-thing`)).not.toContain("/wp-login.php");
    // The CSV holds the view's rows (paths and counts only).
    const csv = await fetch(`${server.url}${MONITOR}/export.csv?q=wp-login`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(await csv.text()).toMatch(
      /^\uFEFF?Path,Count,First seen \(UTC\),Last seen \(UTC\),Came from\r\n\/wp-login\.php,1,/,
    );
  });
});
