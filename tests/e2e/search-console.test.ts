import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { exportZip, fixtureFiles } from "../setup/search-console-export";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const PUBLIC_URL = "https://clinic.example";
const IMPORT = "/admin/seo/search-console/import";
const REPORT = "/admin/seo/search-console";
const MARKETING = { name: "Mara Search", email: "mara.search@clinic.example", roles: ["marketing"] as const };

const zipOf = (name: "site" | "page-services") => ({
  name: `clinic.example-${name}-Performance-on-Search-2026-06-02.zip`,
  mimeType: "application/zip",
  buffer: Buffer.from(exportZip(fixtureFiles(name))),
});

/**
 * The Search Console pages in Chromium against the production build, one
 * server per database: upload the zip Search Console downloads (with and
 * without JavaScript), read the preview, save, find the report and its
 * opportunities, all by keyboard; a bad file's problems are listed and
 * focused; axe finds nothing at 375 and 1280 px.
 */
describe.each(browserDatabaseKinds("postgres"))("Search Console import and report in the browser on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`search-console-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [MARKETING]);
    server = await startServer({
      dataDir,
      env: { PUBLIC_URL, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    });
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
    await locator.focus();
    await page.keyboard.press("Enter");
  }

  it("uploads the zip, previews it, saves it and reads the report, by keyboard; axe-clean at 375 and 1280 px", async () => {
    const page = await signedIn();
    await page.goto(`${server.url}${REPORT}`);
    await hydrated(page);
    await look(page.getByRole("heading", { level: 1 })).text("Search Console");
    await look(page.getByText("No Search Console data yet")).visible();
    await expectAxeCleanAtBothWidths(page);
    await press(page, page.getByRole("link", { name: "Import an export" }));
    await page.waitForURL(`${server.url}${IMPORT}`);
    await look(page.getByRole("heading", { level: 1 })).text("Import from Search Console");
    await expectAxeCleanAtBothWidths(page);

    await page.getByLabel("Export files").setInputFiles(zipOf("site"));
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    await look(page.getByRole("heading", { name: "Preview: nothing is saved yet" })).visible();
    const news = page.getByText("Read 12 queries and 5 pages. Nothing is saved yet");
    await look(news).focused();
    await look(page.getByRole("rowheader", { name: "therapist near me, accepts aetna" })).visible();
    await look(
      page.getByText("Not used: Countries.csv, Devices.csv and Search appearance.csv.", { exact: false }),
    ).visible();
    await expectAxeCleanAtBothWidths(page);

    await press(page, page.getByRole("button", { name: "Save this import" }));
    const saved = page.getByText(
      "Saved: Mar 1 – May 31, 2026, the whole site, Web results (12 queries and 5 pages stored for it now).",
    );
    await look(saved).focused();
    await look(page.getByRole("heading", { name: "Preview: nothing is saved yet" })).hidden();
    await look(page.getByRole("rowheader", { name: "Mar 1 – May 31, 2026" })).visible();

    // One page's own export for the same period: its searches join the report under that page.
    await page.getByLabel("Export files").setInputFiles(zipOf("page-services"));
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    await look(page.getByText("One page: /services", { exact: false })).visible();
    await press(page, page.getByRole("button", { name: "Save this import" }));
    await look(page.getByText("Saved: Mar 1 – May 31, 2026, /services", { exact: false })).visible();
    await expectAxeCleanAtBothWidths(page);

    await press(page, page.getByRole("link", { name: "See the report for this period" }));
    await page.waitForURL(/\/admin\/seo\/search-console\?period=2026-03-01\.\.2026-05-31$/);
    await look(page.getByRole("link", { name: "Mar 1 – May 31, 2026" })).attribute("aria-current", "page");
    const lowCtr = page.getByRole("table", { name: "Seen often, rarely clicked" });
    await look(lowCtr.getByRole("rowheader")).text(["adhd evaluation orlando", "anxiety treatment winter park"]);
    await look(lowCtr.getByRole("link", { name: "Rewrite the title and description of /services" })).attribute(
      "href",
      "/admin/seo/page?path=%2Fservices",
    );
    const nearTop = page.getByRole("table", { name: "Almost at the top" });
    await look(nearTop.getByRole("rowheader")).text([
      "adhd evaluation orlando",
      "therapist near me, accepts aetna",
      "psychiatrist winter park",
      "medication management",
      "depression help",
    ]);
    await expectAxeCleanAtBothWidths(page);

    // The pages table sorts through its header links; a page's searches open from the keyboard.
    await press(page, page.getByRole("link", { name: /^Position/ }));
    await page.waitForURL(/sort=position/);
    const pages = page.getByRole("region", { name: /^Pages, by position \(ascending\)/ });
    await look(pages.getByRole("rowheader").first()).text("/");
    await look(pages.getByRole("columnheader", { name: /Position/ })).attribute("aria-sort", "ascending");
    await press(page, pages.getByText("3 searches of /services"));
    await look(pages.getByText("8 clicks, 700 impressions, position 9.1")).visible();
    await expectAxeCleanAtBothWidths(page);
    // On a phone the header links are hidden with the stacked rows: the same sorts are links above the table.
    await page.setViewportSize(MOBILE);
    await press(
      page,
      page.getByRole("navigation", { name: "Sort the pages" }).getByRole("link", { name: "impressions" }),
    );
    await page.waitForURL(/sort=impressions/);
    await look(
      page
        .getByRole("region", { name: /^Pages, by impressions \(descending\)/ })
        .getByRole("rowheader")
        .first(),
    ).text("/");
  });

  it("lists a bad file's problems by file, line and column, focused, and stores nothing", async () => {
    const page = await signedIn();
    await page.goto(`${server.url}${IMPORT}`);
    await hydrated(page);
    const rows = Array.from({ length: 12 }, (_, i) => `query ${i},1,10,10%,3`);
    await page.getByLabel("Export files").setInputFiles({
      name: "Queries.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(["Top queries,Clicks,Impressions,CTR,Position", ...rows, "broken,1,10,abc,3"].join("\n")),
    });
    await page.getByLabel("First day").fill("2026-01-01");
    await page.getByLabel("Last day").fill("2026-01-31");
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    const alert = page.getByRole("alert");
    await look(alert).contains(
      'Queries.csv, line 14, column CTR: "abc" is not a percentage (Search Console writes CTR as 12.5%).',
    );
    await look(alert).focused();
    // What was typed stays.
    expect(await page.getByLabel("First day").inputValue()).toBe("2026-01-01");
    await expectAxeCleanAtBothWidths(page);
    await look(page.getByRole("rowheader", { name: "Jan 1 – Jan 31, 2026" })).count(0);

    // Files over the bound are refused before they are sent.
    await page.getByLabel("Export files").setInputFiles({
      name: "Queries.csv",
      mimeType: "text/csv",
      buffer: Buffer.alloc(6 * 1024 * 1024, 0x61),
    });
    await press(page, page.getByRole("button", { name: "Preview the import" }));
    await look(
      page.getByText("These files are too large to upload here (the limit is 5 MB).", { exact: false }),
    ).visible();
    await look(page.getByLabel("Export files")).focused();
    await look(page.getByLabel("Export files")).attribute("aria-invalid", "true");
  });

  it("works without JavaScript: a native multipart post, the preview, the save, a delete", async () => {
    const page = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${server.url}${IMPORT}`);
    await page.getByLabel("Export files").setInputFiles({
      name: "Queries.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("\uFEFFTop queries,Clicks,Impressions,CTR,Position\nwinter psychiatrist,3,90,3.33%,7\n"),
    });
    await page.getByLabel("First day").fill("2026-02-01");
    await page.getByLabel("Last day").fill("2026-02-28");
    await page.getByRole("button", { name: "Preview the import" }).click();
    await look(page.getByRole("heading", { name: "Preview: nothing is saved yet" })).visible();
    await look(page.getByText("Feb 1 – Feb 28, 2026 (as you entered)", { exact: false })).visible();
    await page.getByRole("button", { name: "Save this import" }).click();
    await look(
      page.getByText("Saved: Feb 1 – Feb 28, 2026, the whole site, Web results (1 query stored for it now)."),
    ).visible();
    await page.getByRole("button", { name: "Delete the data of Feb 1 – Feb 28, 2026, the whole site" }).click();
    await look(page.getByText("Deleted the data of Feb 1 – Feb 28, 2026 for the whole site.")).visible();
    await look(page.getByRole("rowheader", { name: "Feb 1 – Feb 28, 2026" })).count(0);
  });
});
