import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { campaignReport, googleAdsFixture } from "../setup/google-ads-report";
import { hydrated, look, routerIdle } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const ADS = "/admin/google-ads";
const IMPORT = "/admin/google-ads/import";
const SETUP = "/admin/google-ads-setup";
const MARKETING = { name: "Mara Ads", email: "mara.ads@clinic.example", roles: ["marketing"] as const };
/** One account per other role: only admin and marketing may open the ads pages. */
const OTHERS = [
  { name: "Ada Admin", email: "ada.admin@clinic.example", roles: ["admin"] as const },
  { name: "Ian Intake", email: "ian.intake@clinic.example", roles: ["intake"] as const },
  { name: "Cleo Clinician", email: "cleo.clinician@clinic.example", roles: ["clinician"] as const },
];
const WEEK = `${ADS}?from=2026-03-01&to=2026-03-07`;

const fixture = (name: "campaigns-daily-excel.csv" | "search-terms.csv", as: string = name) => ({
  name: as,
  mimeType: "text/csv",
  buffer: Buffer.from(googleAdsFixture(name)),
});

/**
 * The Google Ads pages in Chromium against the production build, one server
 * per database: upload a report as Google Ads downloads it (with and without
 * JavaScript), read the preview, save, read the report and its campaigns,
 * all by keyboard; a bad file's lines are listed and focused; budgets and the
 * offline conversion file without JavaScript; axe finds nothing at 375 and
 * 1280 px on every page.
 */
describe.each(browserDatabaseKinds("postgres"))("Google Ads pages in the browser on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`google-ads-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [MARKETING, ...OTHERS]);
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    cookie = await signInCookie(server.url, MARKETING.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function signedIn(options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {}) {
    const opened = await browser.open(options);
    await addSessionCookie(opened.context, server.url, cookie);
    return opened.page;
  }

  /** Presses a control from the keyboard, as a person without a mouse would. */
  async function press(page: Page, locator: ReturnType<Page["getByRole"]>) {
    // As a person would after reading the last answer: once the page has finished updating (see routerIdle).
    await routerIdle(page);
    await locator.focus();
    await page.keyboard.press("Enter");
  }

  // One journey with ten axe runs: ~40 s on a quiet machine, past the default minute at a load of 8.
  it("imports the Excel .csv by keyboard, previews and saves it, then reads the week's report; axe-clean at 375 and 1280 px", async () => {
    const page = await signedIn();
    await page.goto(`${server.url}${ADS}`);
    await hydrated(page);
    await look(page.getByRole("heading", { level: 1 })).text("Google Ads");
    await look(page.getByText("No Google Ads figures yet")).visible();
    await expectAxeCleanAtBothWidths(page);
    // The navigation has the section, and its views.
    await look(page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Ads" })).visible();
    await press(page, page.getByRole("link", { name: "Import a report" }));
    await page.waitForURL(`${server.url}${IMPORT}`);
    await look(page.getByRole("heading", { level: 1 })).text("Import from Google Ads");
    await expectAxeCleanAtBothWidths(page);

    await page.getByLabel("Report file").setInputFiles(fixture("campaigns-daily-excel.csv", "Campaign report.csv"));
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    await look(page.getByRole("heading", { name: "Preview: nothing is saved yet" })).visible();
    await look(
      page.getByText("Read 21 campaign days of 3 campaigns, Mar 1 – Mar 7, 2026.", { exact: false }),
    ).focused();
    await look(page.getByText("Read as Excel .csv (UTF-16, tabs)", { exact: false })).visible();
    await look(page.getByText("agrees with its rows to the cent: $1,932.98", { exact: false })).visible();
    await expectAxeCleanAtBothWidths(page);

    await press(page, page.getByRole("button", { name: "Save this import" }));
    await look(page.getByText("Saved: 21 campaign days of 3 campaigns, Mar 1 – Mar 7, 2026, $1,932.98.")).focused();
    await look(page.getByRole("heading", { name: "Preview: nothing is saved yet" })).hidden();
    await look(page.getByRole("table", { name: "Imported files, newest first" }).getByRole("rowheader")).count(1);
    await page.getByLabel("Report file").setInputFiles(fixture("search-terms.csv", "Search terms report.csv"));
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    await press(page, page.getByRole("button", { name: "Save this import" }));
    await look(page.getByText("Saved: 7 search terms of 3 campaigns", { exact: false })).visible();

    await press(page, page.getByRole("link", { name: "See the performance of these days" }));
    await page.waitForURL(`${server.url}${WEEK}`);
    await look(page.locator("[data-coverage]")).contains("Google Ads figures imported for Mar 1 – 7, 2026.");
    await look(page.getByText("$1,932.98").first()).visible();
    const table = page.getByRole("table", { name: /^Campaigns, by cost \(descending\)/ });
    await look(table.getByRole("rowheader")).text([
      /^Psychiatry - Winter Park/,
      /^ADHD Evaluation - Orlando/,
      /^Brand - Clinic Name/,
    ]);
    // Every figure day by day: Mar 1 is 112.42 + 9.45 + 104.47.
    const days = page.getByRole("table", { name: "Day by day, oldest first" });
    await look(days.getByRole("rowheader")).count(7);
    await look(days.getByRole("row", { name: /^Mar 1, 2026/ }).getByRole("cell", { name: "$226.34" })).visible();
    // The charts are drawn after hydration, their tables folded under "Show as a table".
    await look(page.locator('[data-chart="cost-over-time"] svg').first()).visible();
    await expectAxeCleanAtBothWidths(page);

    // Sort by a header link, then narrow to one campaign, by keyboard.
    await press(page, table.getByRole("link", { name: /^Clicks(?! to)/ }));
    await page.waitForURL(/sort=clicks/);
    await look(
      page
        .getByRole("table", { name: /^Campaigns, by clicks \(descending\)/ })
        .getByRole("rowheader")
        .first(),
    ).text(/^Psychiatry - Winter Park/);
    await page.getByLabel("Campaign", { exact: true }).selectOption({ label: "Brand - Clinic Name" });
    await press(page, page.getByRole("button", { name: "Show", exact: true }));
    await page.waitForURL(/campaign=\d+/);
    await look(page.getByRole("heading", { level: 1 })).text("Google Ads: Brand - Clinic Name");
    await look(page.getByRole("link", { name: "Campaign: Brand - Clinic Name (remove this filter)" })).visible();
    await expectAxeCleanAtBothWidths(page);

    // Budgets and offline conversions, with their forms, by keyboard.
    await page.goto(`${server.url}/admin/google-ads/budgets?month=2026-03`);
    await hydrated(page);
    await page.getByLabel("Amount a month (USD)").fill("abc");
    await press(page, page.getByRole("button", { name: "Save the budget" }));
    await look(page.getByLabel("Amount a month (USD)")).focused();
    await look(page.getByLabel("Amount a month (USD)")).attribute("aria-invalid", "true");
    await expectAxeCleanAtBothWidths(page);
    await page.goto(`${server.url}/admin/google-ads/conversions`);
    await hydrated(page);
    await page.getByLabel("Reached from").fill("2026-03-01");
    await page.getByLabel("Until").fill("2026-03-31");
    await press(page, page.getByRole("button", { name: "Check what it would hold" }));
    await look(
      page.getByText("Mar 1 – Mar 31, 2026: a file would carry 0 conversions. Nothing is made yet."),
    ).focused();
    await expectAxeCleanAtBothWidths(page);

    await page.goto(`${server.url}/admin/google-ads/search-terms?from=2026-03-01&to=2026-03-07`);
    await hydrated(page);
    await look(page.getByRole("heading", { level: 2, name: "7 search terms" })).visible();
    await look(page.getByRole("rowheader").first()).text("adhd evaluation orlando");
    await expectAxeCleanAtBothWidths(page);
  }, 180_000);

  it("opens the ads pages and the Ads navigation entry to admin and marketing only (intake and clinician: 403)", async () => {
    const pages = [
      ADS,
      "/admin/google-ads/search-terms",
      "/admin/google-ads/budgets",
      "/admin/google-ads/conversions",
      IMPORT,
    ];
    for (const person of [MARKETING, ...OTHERS]) {
      const allowed = person.roles.some((role) => role === "admin" || role === "marketing");
      const asThem = await signInCookie(server.url, person.email);
      for (const path of pages) {
        for (const asked of [path, `${path}.data`]) {
          const res = await fetch(`${server.url}${asked}`, { headers: { cookie: asThem }, redirect: "manual" });
          expect(res.status, `${person.roles[0]} ${asked}`).toBe(allowed ? 200 : 403);
          await res.arrayBuffer();
        }
      }
      const post = await fetch(`${server.url}/admin/google-ads/budgets`, {
        method: "POST",
        headers: { cookie: asThem, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=set&scope=account&month=2026-03&amount=1",
      });
      expect(post.status, `${person.roles[0]} POST budgets`).toBe(allowed ? 200 : 403);
      const nav = await (await fetch(`${server.url}/admin`, { headers: { cookie: asThem } })).text();
      expect(nav.includes(`href="${ADS}"`), `${person.roles[0]} sees Ads in the navigation`).toBe(allowed);
      // The set-up: administrators only, its tab shown only to them.
      const admin = person.roles.some((role) => role === "admin");
      for (const asked of [SETUP, `${SETUP}.data`]) {
        const res = await fetch(`${server.url}${asked}`, { headers: { cookie: asThem }, redirect: "manual" });
        expect(res.status, `${person.roles[0]} ${asked}`).toBe(admin ? 200 : 403);
        await res.arrayBuffer();
      }
      if (allowed) {
        const adsPage = await (await fetch(`${server.url}${ADS}`, { headers: { cookie: asThem } })).text();
        expect(adsPage.includes(`href="${SETUP}"`), `${person.roles[0]} sees the Set-up tab`).toBe(admin);
      }
    }
  });

  it("sets up the IDs by keyboard as an administrator: a bad ID is named and focused, a save holds; the live check lists a page; axe-clean at 375 and 1280 px", async () => {
    const opened = await browser.open({});
    await addSessionCookie(opened.context, server.url, await signInCookie(server.url, OTHERS[0]!.email));
    const page = opened.page;
    await page.goto(`${server.url}${SETUP}`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Ads and measurement set-up" });
    // The locked switches say why.
    await look(form.getByRole("checkbox", { name: /Condition and treatment pages/ })).visible();
    expect(await form.getByRole("checkbox", { name: /Condition and treatment pages/ }).isDisabled()).toBe(true);
    expect(await form.getByRole("checkbox", { name: /Enhanced conversions/ }).isDisabled()).toBe(true);
    await expectAxeCleanAtBothWidths(page);

    await form.getByLabel("Google Ads conversion ID").fill("123456789");
    await form.getByLabel("Conversion label: request submitted").fill("ReqLabel_1");
    await press(page, form.getByRole("button", { name: "Save set-up" }));
    const idField = form.getByLabel("Google Ads conversion ID");
    await look(idField).focused();
    await look(form.getByText(/AW- followed by its digits/)).visible();

    await idField.fill("AW-123456789");
    await form.getByRole("checkbox", { name: "Blog" }).check();
    await press(page, form.getByRole("button", { name: "Save set-up" }));
    await look(page.getByRole("status").filter({ hasText: "Saved." })).visible();
    await expect
      .poll(async () => (await fetch(`${server.url}/`)).headers.get("content-security-policy"))
      .toContain("https://www.googleadservices.com");

    const check = page.getByRole("form", { name: "Live check" });
    await check.getByLabel("Page").selectOption("/depression");
    await press(page, check.getByRole("button", { name: "Check this page" }));
    await page.waitForURL(/check=%2Fdepression/);
    await look(page.getByText("None: tags do not run on this page.")).visible();
    await check.getByLabel("Page").selectOption("/request-appointment");
    await press(page, check.getByRole("button", { name: "Check this page" }));
    await page.waitForURL(/check=%2Frequest-appointment/);
    await look(page.getByText("AW-123456789/ReqLabel_1").first()).visible();
    await expectAxeCleanAtBothWidths(page);
  });

  it("lists a bad file's lines, focused, and stores nothing; a file over the bound is refused before it is sent", async () => {
    const page = await signedIn();
    await page.goto(`${server.url}${IMPORT}`);
    await hydrated(page);
    await page.getByLabel("Report file").setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        campaignReport([
          "2026-03-02,Brand,1,Enabled,USD,10,1,10.00%,1.00,1.00,1.00",
          "2026-03-09,Brand,1,Enabled,USD,10,1,10.00%,1.00,1.00,1.00",
          "2026-03-03,Brand,1,Enabled,XYZ,10,1,10.00%,1.00,1.00,1.00",
        ]),
      ),
    });
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    const alert = page.getByRole("alert");
    await look(alert).contains(
      'broken.csv, line 5, column Day: 2026-03-09 is outside the report\'s own dates ("March 1, 2026 - March 7, 2026", line 2).',
    );
    await look(alert).contains('broken.csv, line 6, column Currency code: "XYZ" is not a currency code we know');
    await look(alert).focused();
    await expectAxeCleanAtBothWidths(page);

    await page
      .getByLabel("Report file")
      .setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(26 * 1024 * 1024, 0x61) });
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    await look(
      page.getByText("This file is too large to upload here (the limit is 25 MB).", { exact: false }),
    ).visible();
    await look(page.getByLabel("Report file")).focused();
    await look(page.getByLabel("Report file")).attribute("aria-invalid", "true");
  });

  it("works without JavaScript: an upload and its save, a budget, an offline conversion file", async () => {
    const page = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${server.url}${IMPORT}`);
    for (const round of [1, 2]) {
      await page.getByLabel("Report file").setInputFiles(fixture("campaigns-daily-excel.csv", `round-${round}.csv`));
      await page.getByRole("button", { name: "Preview the import" }).click();
      await look(page.getByRole("heading", { name: "Preview: nothing is saved yet" })).visible();
      if (round === 2) {
        await look(
          page.getByText("adds up to exactly this file's figures ($1,932.98): saving it again changes nothing.", {
            exact: false,
          }),
        ).visible();
      }
      await page.getByRole("button", { name: "Save this import" }).click();
      await look(
        page.getByText("Saved: 21 campaign days of 3 campaigns, Mar 1 – Mar 7, 2026, $1,932.98.", { exact: false }),
      ).visible();
    }
    await look(page.getByText("It replaced 21 stored before for the same days.", { exact: false })).visible();
    await page.goto(`${server.url}/admin/google-ads/budgets?month=2026-03`);
    await page.getByLabel("Amount a month (USD)").fill("2,500");
    await page.getByLabel("From the month of").fill("2026-03");
    await page.getByRole("button", { name: "Save the budget" }).click();
    await look(page.getByText("Saved: $2,500.00 a month for the whole account, from March 2026 on.")).visible();
    await look(page.getByRole("rowheader", { name: "The whole account" })).visible();
    await page.goto(`${server.url}/admin/google-ads/conversions`);
    await page.getByLabel("Reached from").fill("2026-03-01");
    await page.getByLabel("Until").fill("2026-03-31");
    await page.getByRole("button", { name: "Check what it would hold" }).click();
    await look(
      page.getByText("Mar 1 – Mar 31, 2026: a file would carry 0 conversions. Nothing is made yet."),
    ).visible();
    await page.getByRole("button", { name: "Make the file" }).click();
    await look(page.getByText("Mar 1 – Mar 31, 2026: there is nothing to send, so no file was made.")).visible();
  });
});
