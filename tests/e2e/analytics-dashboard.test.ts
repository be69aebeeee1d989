import { describe, expect, it } from "vitest";
import { DST_VISITS } from "../setup/analytics-fixture";
import { useAnalyticsServer, type AnalyticsReader } from "../setup/analytics-server";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { browserDatabaseKinds } from "../setup/database";
import { hydrated } from "../setup/page-assertions";
import { addSessionCookie } from "../setup/staff";

// The three days of the fixture (Sat Oct 31 – Mon Nov 2, 2026): 8 visits, 7 visitors.
const RANGE = "from=2026-10-31&to=2026-11-02";
const PATH = "/admin/analytics";

/** The words of a page as a person reads them. */
const words = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&#x2F;/g, "/")
    .replace(/\s+/g, " ");

/**
 * The analytics dashboard against the production build, on visits recorded through the real
 * ingester: the figures a person reads, filters and tabs in the address, the full lists, the
 * funnel, the CSV downloads; in a browser, filtering by a click and going back, and axe at phone
 * and desktop widths.
 */
describe.each(browserDatabaseKinds("postgres"))("analytics dashboard on %s", (kind) => {
  const browser = useBrowser();
  const app = useAnalyticsServer(kind, "analytics-dashboard", DST_VISITS);
  const { get } = app;
  const text = app.textOf(words);

  it.each(["marketing", "admin"] as const)(
    "shows %s the top figures of the range, worked out by hand",
    async (role) => {
      const page = await text(`${PATH}?${RANGE}`, role);
      expect(page).toMatch(/Unique visitors 7 /);
      expect(page).toMatch(/Visits 8 /);
      expect(page).toMatch(/Page views 12 /);
      expect(page).toMatch(/Views per visit 1\.5 /);
      expect(page).toMatch(/Bounce rate 37\.5% /);
      expect(page).toMatch(/Median visit duration 40s /);
      expect(page).toMatch(/Mean visit duration 1m 06s /);
      expect(page).toMatch(/Requests sent 3 /);
      expect(page).toMatch(/Request conversion rate 37\.5% /);
      // Nothing before Oct 31 to compare with: said, not shown as a fall to zero.
      expect(page).toContain("No earlier data to compare with");
      expect(page).toContain("0 requests from bots and crawlers were left out");
    },
  );

  it("filters every figure by what the address holds, and lists the filters as removable chips", async () => {
    const page = await text(`${PATH}?${RANGE}&channel=Direct&device=mobile`);
    // B and H: Direct, on a phone.
    expect(page).toMatch(/Visits 2 /);
    expect(page).toContain(
      "Showing only visits where : Channel is Direct (remove this filter) Device is mobile (remove this filter)",
    );
    const html = await (await get(`${PATH}?${RANGE}&channel=Direct&device=mobile`)).text();
    // Each chip takes its own filter off and keeps the other and the range.
    expect(html).toContain(`href="${PATH}?from=2026-10-31&amp;to=2026-11-02&amp;device=mobile"`);
    expect(html).toContain(`href="${PATH}?from=2026-10-31&amp;to=2026-11-02&amp;channel=Direct"`);

    const converted = await text(`${PATH}?${RANGE}&goal=lead`);
    expect(converted).toMatch(/Visits 3 /);
    expect(converted).toContain("Completed requests sent");
    const onAdhd = await text(`${PATH}?${RANGE}&page=/adhd`);
    expect(onAdhd).toMatch(/Visits 2 /);
  });

  it("switches a card's tab by the address, and draws the figure chosen", async () => {
    const page = await text(`${PATH}?${RANGE}&sources=source&metric=bounce_rate`);
    expect(page).toContain("Bounce rate by day");
    // The sources tab: Google (A), ChatGPT (D), Facebook (F), Google Ads (C), and the direct visits.
    expect(page).toMatch(/Direct \/ none 4 4/);
    expect(page).toMatch(/ChatGPT 1 1/);
  });

  it("lists every value in full, sorted and searched as asked", async () => {
    const byName = await text(`/admin/analytics/details/page?${RANGE}&sort=value`);
    const order = [
      "/",
      "/adhd",
      "/anxiety-therapy",
      "/blog",
      "/depression-counseling",
      "/get-started",
      "/request-appointment",
    ];
    const positions = order.map((p) => byName.indexOf(` ${p} `));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(byName).toContain("7 pages.");
    const found = await text(`/admin/analytics/details/page?${RANGE}&q=ADHD`);
    expect(found).toContain("1 page.");
    expect(found).toMatch(/\/adhd 2 2 2 /);
    const exits = await text(`/admin/analytics/details/exit?${RANGE}`);
    // "/" ended E and H, and A's first view did not: 2 of its 3 views.
    // E (5 s) and H (0 s): a mean of 2.5 s, shown rounded.
    expect(exits).toMatch(/ \/ 2 2 2 100\.0% 3s 66\.7%/);
    expect((await get(`/admin/analytics/details/not-a-report?${RANGE}`)).status).toBe(404);
  });

  it("breaks a goal down by channel, source, campaign and landing page", async () => {
    const page = await text(`/admin/analytics/details/goals?${RANGE}&for=lead`);
    // Requests from A (Organic Search), F (Organic Social), G (Direct, 1 of 4 direct visits).
    expect(page).toMatch(/Direct 1 4 25\.0%/);
    expect(page).toMatch(/Organic Search 1 1 100\.0%/);
  });

  it("follows visits through the request funnel", async () => {
    const page = await text(`/admin/analytics/funnel?${RANGE}`);
    expect(page).toMatch(/Step 1 Visited the website 8 100\.0% of all visits/);
    expect(page).toMatch(/Step 2 Viewed a service or condition page 5 62\.5% of all visits 3 left/);
    expect(page).toMatch(/Step 4 Then sent a request 2 25\.0% of all visits 0 left/);
  });

  it("downloads a breakdown, the top figures and the funnel as CSV", async () => {
    const channels = await get(`/admin/analytics/export.csv?${RANGE}&report=channel`);
    expect(channels.status).toBe(200);
    expect(channels.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(channels.headers.get("content-disposition")).toBe(
      'attachment; filename="analytics-channel-2026-10-31-to-2026-11-02.csv"',
    );
    const lines = (await channels.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Channel,Visitors,Visits,Page views,Bounces,Total visit seconds,Visits with a request");
    // B 0 s, E 5 s, G 60 s, H 0 s; G sent a request.
    expect(lines).toContain("Direct,4,4,4,3,65,1");
    const overview = (await (await get(`/admin/analytics/export.csv?${RANGE}&report=overview`)).text()).split("\r\n");
    // Nothing recorded in the three days before: no figure to compare with, an empty cell.
    expect(overview).toContain("Unique visitors,7,");
    expect(overview).toContain("Bounce rate,0.375,");
    const funnel = (await (await get(`/admin/analytics/export.csv?${RANGE}&report=funnel`)).text()).split("\r\n");
    expect(funnel).toContain("Then sent a request,2,0.25,0");
    const unknown = await get(`/admin/analytics/export.csv?${RANGE}&report=people`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose what to download");
  });

  it("lets an administrator change how long analytics are kept and the days' time zone, refusing what cannot be, and no one else", async () => {
    const page = await text("/admin/analytics/settings", "admin");
    expect(page).toContain("Keep analytics for (months)");
    expect(page).toContain("Time zone of the days");
    const html = await (await get("/admin/analytics/settings", "admin")).text();
    expect(html).toContain('<option value="America/New_York" selected="">America/New York</option>');
    expect(page).toMatch(/days? (is|are) summarised for the dashboard/);
    const post = (retentionMonths: string, role: AnalyticsReader = "admin", more: Record<string, string> = {}) =>
      fetch(`${app.url()}/admin/analytics/settings`, {
        method: "POST",
        headers: { cookie: app.cookie(role), origin: app.url(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "save-analytics-settings", retentionMonths, ...more }),
        redirect: "manual",
      });
    const refused = await post("0");
    expect(refused.status).toBe(400);
    expect(words(await refused.text())).toContain(
      "How long analytics are kept must be a whole number of months between 1 and 120.",
    );
    const saved = await post("13");
    expect(saved.status).toBe(200);
    expect(words(await saved.text())).toContain("Saved. Analytics are now kept 13 months (they were kept 25).");
    expect(await text("/admin/analytics/settings", "admin")).toMatch(/value="13"|13/);
    const nowhere = await post("13", "admin", { timeZone: "Mars/Olympus_Mons" });
    expect(nowhere.status).toBe(400);
    expect(words(await nowhere.text())).toContain("Choose a time zone from the list, such as America/New_York.");
    const chicago = await post("13", "admin", { timeZone: "America/Chicago" });
    expect(chicago.status).toBe(200);
    expect(words(await chicago.text())).toContain(
      "Days now begin at midnight in America/Chicago (they began in America/New York)",
    );
    expect(words(await text("/admin/analytics/settings", "admin"))).toContain(
      "Days begin at midnight in America/Chicago",
    );
    expect((await post("13", "admin", { timeZone: "America/New_York" })).status).toBe(200);
    const trail = await text("/admin/audit", "admin");
    expect(trail).toContain("analytics_retention_months");
    expect(trail).toContain("analytics_time_zone");
    expect((await get("/admin/analytics/settings", "marketing")).status).toBe(403);
    expect((await post("12", "marketing")).status).toBe(403);
  });

  it("says why a range cannot be shown (400), and when there is nothing in it", async () => {
    const refused = await get(`${PATH}?from=2026-11-02&to=2026-10-31`);
    expect(refused.status).toBe(400);
    expect(words(await refused.text())).toContain("The last day (Oct 31, 2026) is before the first day (Nov 2, 2026).");
    const quiet = await text(`${PATH}?from=2025-01-01&to=2025-01-31`);
    expect(quiet).toContain("No visits in this range");
    expect(quiet).toMatch(/Bounce rate Not enough data|Bounce rate — /);
  });

  it("filters by a click on a row, and goes back with the back button", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, app.url(), app.cookie("marketing"));
    await page.goto(`${app.url()}${PATH}?${RANGE}`);
    await hydrated(page);
    await page.getByRole("link", { name: "Show only visits where channel is Paid Search" }).click();
    await page.waitForURL(/channel=Paid\+Search/);
    await expect.poll(() => page.locator("main").innerText()).toMatch(/Visits\s+1\s/);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("channel"));
    await expect.poll(() => page.locator("main").innerText()).toMatch(/Visits\s+8\s/);
  });

  it.each([
    ["phone", MOBILE],
    ["desktop", DESKTOP],
  ] as const)("passes axe on the overview, a full list, the funnel and the settings on a %s", async (_, viewport) => {
    const { page, context } = await browser.open({ viewport });
    await addSessionCookie(context, app.url(), app.cookie("admin"));
    for (const path of [
      `${PATH}?${RANGE}`,
      `/admin/analytics/details/page?${RANGE}`,
      `/admin/analytics/funnel?${RANGE}`,
      "/admin/analytics/settings",
    ]) {
      await page.goto(`${app.url()}${path}`);
      await hydrated(page);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});
