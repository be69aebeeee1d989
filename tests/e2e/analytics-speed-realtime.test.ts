import { describe, expect, it } from "vitest";
import { useAnalyticsServer } from "../setup/analytics-server";
import { AGENTS } from "../setup/analytics-visits";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { databaseKinds, browserDatabaseKinds } from "../setup/database";
import { hydrated } from "../setup/page-assertions";
import { SPEED_VISITS } from "../setup/speed-fixture";
import { addSessionCookie } from "../setup/staff";

const SPEED = "/admin/analytics/speed";
const REALTIME = "/admin/analytics/realtime";
// The speed fixture's three days (Mar 10 – 12, 2026).
const RANGE = "from=2026-03-10&to=2026-03-12";

/** The words of a page as a person reads them. */
const words = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&#x2F;/g, "/")
    .replace(/\s+/g, " ")
    // Inline elements read as one phrase: "(LCP)", "2.50 s;".
    .replace(/\( /g, "(")
    .replace(/ ([).;:,])/g, "$1");

/**
 * The site speed and realtime pages against the production build: web vitals recorded through the
 * real ingester at known times, and visitors sent through the beacon API while the test runs (the
 * realtime page reads the real clock). Access per role is walked by staff-access.test.ts.
 */
describe.each(databaseKinds())("analytics speed and realtime pages on %s", (kind) => {
  const browser = useBrowser();
  const app = useAnalyticsServer(kind, "analytics-speed-realtime", SPEED_VISITS);
  const { get } = app;
  const text = app.textOf(words);
  /** A page view from a visitor (an address and a browser) through the beacon API, now. */
  const view = async (visitor: number, path: string, ua: string = AGENTS.chrome) => {
    const res = await fetch(`${app.url()}/api/analytics/page-view`, {
      method: "POST",
      // Documentation addresses (RFC 5737); the server trusts X-Forwarded-For from loopback.
      headers: { "content-type": "application/json", "user-agent": ua, "x-forwarded-for": `192.0.2.${visitor}` },
      body: JSON.stringify({ path }),
    });
    expect(res.status).toBe(201);
  };

  it.each(["marketing", "admin"] as const)("shows %s each metric's 75th percentile and its shares", async (role) => {
    const page = await text(`${SPEED}?${RANGE}`, role);
    expect(page).toContain(
      "Largest Contentful Paint (LCP) 2.60 s Needs improvement 75th percentile of 8 measurements Good 62.5% Needs improvement 25.0% Poor 12.5%",
    );
    expect(page).toContain("Interaction to Next Paint (INP) 600 ms Poor 75th percentile of 2 measurements");
    expect(page).toContain("Cumulative Layout Shift (CLS) 0.30 Poor");
    expect(page).toContain("the smallest measured value that at least 75% of them are at or below");
    expect(page).toContain("It is rounded up to the next 10 ms (for CLS, the next 0.01)");
    // By device: phones' LCP 2600, 3000, 4500; the tablet measured nothing but LCP.
    expect(page).toContain("Mobile: 5 measurements Metric 75th percentile Good Needs improvement Poor Measurements");
    expect(page).toMatch(/Mobile: 5 measurements .*? LCP 4\.50 s Poor 0\.0% 66\.7% 33\.3% 3 /);
    expect(page).toMatch(/Tablet: 1 measurement .*? INP No measurements — — — 0 /);
    // By page, the most measured first.
    expect(page).toMatch(
      /Every page measured \(3\)\..*? \/ 10 2\.20 s Good 600 ms Poor .*? \/adhd 3 2\.60 s Needs improvement/,
    );
    // The trend, as a table: LCP by day.
    expect(page).toMatch(/Day LCP, 75th percentile Mar 10, 2026 2\.60 s Mar 11, 2026 4\.50 s Mar 12, 2026 3\.00 s/);
  });

  it("sorts the pages by a column, keeps the range and filters, and applies the filters", async () => {
    const html = await (await get(`${SPEED}?${RANGE}&device=mobile`)).text();
    // The LCP heading sorts slowest first; the range and filter come along.
    expect(html).toContain(`href="${SPEED}?from=2026-03-10&amp;to=2026-03-12&amp;device=mobile&amp;sort=LCP"`);
    const mobile = words(html);
    expect(mobile).toContain("Largest Contentful Paint (LCP) 4.50 s Poor 75th percentile of 3 measurements");
    expect(mobile).toContain("Showing only visits where: Device is mobile");
    const sorted = await text(`${SPEED}?${RANGE}&sort=LCP`);
    const order = ["/blog", "/adhd", "/"].map((p) => sorted.indexOf(` ${p} `, sorted.indexOf("By page")));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("says when there are no measurements, never a 0, and refuses a range it cannot show", async () => {
    const quiet = await text(`${SPEED}?from=2026-02-01&to=2026-02-28`);
    expect(quiet).toContain("No measurements in this range");
    expect(quiet).toContain("Largest Contentful Paint (LCP) No measurements in this range");
    expect(quiet).not.toMatch(/ 0 ms| 0\.00 s| 0\.00 /);
    const refused = await get(`${SPEED}?from=2026-03-12&to=2026-03-10`);
    expect(refused.status).toBe(400);
  });

  it("shows who is on the site now, where, with the dashboard's filters, or that nobody is", async () => {
    await view(1, "/", AGENTS.iphone);
    await view(1, "/adhd", AGENTS.iphone);
    await view(2, "/adhd", AGENTS.chrome);
    await view(3, "/blog", AGENTS.iphone);
    const now = await text(REALTIME);
    expect(now).toMatch(/Visitors in the last 5 minutes 3 /);
    expect(now).toContain("Page Visitors on it /adhd 2 /blog 1");
    expect(now).toMatch(/4 page views in all/);
    expect(now).toContain("Choose Refresh to see the latest figures.");
    const phones = await text(`${REALTIME}?device=mobile`);
    expect(phones).toMatch(/Visitors in the last 5 minutes 2 /);
    const html = await (await get(`${REALTIME}?device=mobile`)).text();
    // Without JavaScript, Refresh is a link to the same view.
    expect(html).toMatch(new RegExp(`href="${REALTIME}\\?device=mobile"[^>]*>(<svg[\\s\\S]*?</svg>)?Refresh`));
    const none = await text(`${REALTIME}?channel=Paid+Search`);
    expect(none).toContain("Nobody is on the site right now");
    expect(none).toMatch(/Visitors in the last 5 minutes 0 /);
  });

  if (browserDatabaseKinds("postgres").includes(kind)) {
    it("refreshes the realtime figures by itself while the tab is visible", async () => {
      await view(10, "/");
      const { page, context } = await browser.open({ viewport: DESKTOP });
      await addSessionCookie(context, app.url(), app.cookie("marketing"));
      await page.goto(`${app.url()}${REALTIME}`);
      await hydrated(page);
      await expect.poll(() => page.locator("main").innerText()).toContain("refresh themselves every 15 seconds");
      const before = Number(/Visitors in the last 5 minutes\s+(\d+)/.exec(await page.locator("main").innerText())![1]);
      const updated = await page.locator("time").innerText();
      await view(11, "/get-started");
      await expect
        .poll(() => page.locator("main").innerText(), { timeout: 25_000, interval: 1_000 })
        .toMatch(new RegExp(`Visitors in the last 5 minutes\\s+${before + 1}\\s`));
      expect(await page.locator("time").innerText()).not.toBe(updated);
    });

    it.each([
      ["phone", MOBILE],
      ["desktop", DESKTOP],
    ] as const)("passes axe on site speed and realtime on a %s, with figures on them", async (_, viewport) => {
      await view(20, "/");
      const { page, context } = await browser.open({ viewport });
      await addSessionCookie(context, app.url(), app.cookie("marketing"));
      for (const path of [`${SPEED}?${RANGE}`, REALTIME]) {
        await page.goto(`${app.url()}${path}`);
        await hydrated(page);
        await expect.poll(() => page.locator("main").innerText()).not.toContain("Nobody is on the site right now");
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  }
});
