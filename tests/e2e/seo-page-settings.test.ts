import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageFacts } from "~/features/seo-text/page-facts.server";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { DESKTOP, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const EDITOR = "/admin/seo/page";
const MARKETING = { name: "Mara Search", email: "mara.search@clinic.example", roles: ["marketing"] as const };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
/** 69 characters of Arial 20 px: wider than the 600 px of a result on a computer, so Google would cut it. */
const LONG_TITLE = "Adult ADHD Evaluation and Treatment Near Winter Park and Orlando | CL";

/**
 * The page settings editor in Chromium against the production build, one
 * server per database: typing redraws the Google results, the card and the
 * keyphrase checks at once; saving reaches the public page (and a client
 * navigation to it), reset undoes it; without JavaScript the same form
 * saves and the page comes back drawn for what was saved; the keyboard
 * reaches everything; axe finds nothing at 375 and 1280 px.
 */
describe.each(browserDatabaseKinds("pglite"))("the page settings editor on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`seo-page-settings-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [MARKETING]);
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    cookie = await signInCookie(server.url, MARKETING.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The public page's title as a visitor (and a crawler) gets it. */
  const publicTitle = async (path: string) => {
    const html = await (await fetch(`${server.url}${path}`, { headers: { "user-agent": FIREFOX } })).text();
    return readPageFacts(html, `${server.url}${path}`).titles[0];
  };

  async function openEditor(path: string, options: { viewport?: typeof DESKTOP; javaScriptEnabled?: boolean } = {}) {
    const opened = await browser.open({
      viewport: options.viewport ?? DESKTOP,
      javaScriptEnabled: options.javaScriptEnabled,
    });
    await addSessionCookie(opened.context, server.url, cookie);
    await opened.page.goto(`${server.url}${EDITOR}?${new URLSearchParams({ path })}`);
    if (options.javaScriptEnabled !== false) await hydrated(opened.page);
    return opened;
  }

  const serpTitle = (page: Page, device: "desktop" | "mobile") =>
    page.locator(`[data-preview="serp-${device}"] [data-serp="title"]`);
  const checkStatus = (page: Page, id: string) => page.locator(`[data-check="${id}"]`);

  it("redraws the previews and checks as staff type; a save reaches the page at once, a client navigation too; reset undoes it", async () => {
    const own = (await publicTitle("/adhd"))!;
    const { page } = await openEditor("/adhd");
    await look(page.getByRole("heading", { level: 1 })).text("Page settings");
    await look(serpTitle(page, "desktop")).text(own);
    await look(page.getByText("Enter a focus keyphrase to see how well the page uses it.")).visible();

    // The keyphrase: its checks appear, judged against the page's own title.
    await page.getByLabel("Focus keyphrase").fill("ADHD evaluation");
    await look(checkStatus(page, "title")).attribute("data-status", "good");
    await look(checkStatus(page, "length")).contains("Keyphrase length: Good");

    // A title without the keyphrase: the previews follow, and the check says so.
    await page.getByLabel("Search title").fill("Care for Adults with ADHD in Winter Park | Cypress Lane");
    await look(serpTitle(page, "desktop")).text("Care for Adults with ADHD in Winter Park | Cypress Lane");
    await look(serpTitle(page, "mobile")).text("Care for Adults with ADHD in Winter Park | Cypress Lane");
    await look(page.locator('[data-card="title"]')).text("Care for Adults with ADHD in Winter Park | Cypress Lane");
    await look(checkStatus(page, "title")).attribute("data-status", "problem");

    // Too wide for a computer's result: cut after a whole word, with the width against the limit.
    await page.getByLabel("Search title").fill(LONG_TITLE);
    await look(serpTitle(page, "desktop")).text(/^Adult ADHD Evaluation and Treatment Near Winter Park and \S* ?…$/);
    await look(page.locator('[data-preview="serp-desktop"]')).contains("too wide: Google cuts it");
    // The keyphrase is in it again, though not at the start.
    await look(checkStatus(page, "title")).attribute("data-status", "ok");
    // A card has its own title once one is typed.
    await page.getByLabel("Social title").fill("Trouble focusing? An ADHD evaluation helps");
    await look(page.locator('[data-card="title"]')).text("Trouble focusing? An ADHD evaluation helps");

    await page.getByRole("button", { name: "Save settings" }).click();
    const saved = page.getByText("Saved. Visitors and search engines get /adhd's new settings from now on.");
    await look(saved).visible();
    await look(saved).focused();
    expect(await publicTitle("/adhd")).toBe(LONG_TITLE);
    // The form starts from what is saved now.
    await look(page.getByLabel("Search title")).value(LONG_TITLE);
    await look(serpTitle(page, "desktop")).text(/…$/);

    // A visitor following a link in the browser (React Router asks /adhd.data) gets the new title too.
    const visitor = await browser.open({ viewport: DESKTOP });
    await visitor.page.goto(`${server.url}/services`);
    await hydrated(visitor.page);
    await visitor.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await visitor.page.locator('main a[href="/adhd"]').first().click();
    await visitor.page.waitForURL(`${server.url}/adhd`);
    await expect.poll(() => visitor.page.title()).toBe(LONG_TITLE);
    expect(await visitor.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // And back to a page without settings: its own title again.
    await visitor.page.goBack();
    await expect.poll(() => visitor.page.title()).toBe(await publicTitle("/services"));

    await page.getByRole("button", { name: "Reset to the page's defaults" }).click();
    await look(page.getByText("/adhd uses its own title, description and other settings again.")).visible();
    expect(await publicTitle("/adhd")).toBe(own);
    await look(page.getByLabel("Search title")).value("");
    await look(serpTitle(page, "desktop")).text(own);
  });

  it("saves without JavaScript, and the page comes back with the previews and checks for what was saved", async () => {
    const { page } = await openEditor("/depression", { javaScriptEnabled: false });
    // Refused: the field says why, and what was typed stays.
    await page.getByLabel("Search title").fill("Too short");
    await page.getByRole("button", { name: "Save settings" }).click();
    await look(
      page.getByText("Keep the title between 10 and 70 characters (it has 9). Google shows about 60."),
    ).visible();
    await look(page.getByLabel("Search title")).value("Too short");
    expect(await publicTitle("/depression")).not.toBe("Too short");

    await page.getByLabel("Search title").fill("Depression Counseling in Winter Park | Cypress Lane");
    await page.getByLabel("Focus keyphrase").fill("depression counseling");
    await page.getByRole("button", { name: "Save settings" }).click();
    await look(
      page.getByText("Saved. Visitors and search engines get /depression's new settings from now on."),
    ).visible();
    await look(serpTitle(page, "desktop")).text("Depression Counseling in Winter Park | Cypress Lane");
    await look(checkStatus(page, "title")).attribute("data-status", "good");
    await look(page.getByRole("list", { name: "Keyphrase checks" }).getByRole("listitem")).count(8);
    expect(await publicTitle("/depression")).toBe("Depression Counseling in Winter Park | Cypress Lane");

    await page.getByRole("button", { name: "Reset to the page's defaults" }).click();
    await look(page.getByText("/depression uses its own title, description and other settings again.")).visible();
    expect(await publicTitle("/depression")).not.toBe("Depression Counseling in Winter Park | Cypress Lane");
  });

  it("works from the keyboard, and axe finds nothing on the editor and the picker at 375 and 1280 px", async () => {
    const { page } = await openEditor("/anxiety-therapy");
    await expectAxeCleanAtBothWidths(page);

    // From the keyphrase field the keyboard moves through the fields in order and submits.
    await page.getByLabel("Focus keyphrase").focus();
    await page.keyboard.type("anxiety therapy");
    await page.keyboard.press("Tab");
    await look(page.getByLabel("Search title")).focused();
    await page.keyboard.type("Anxiety Therapy in Winter Park and Orlando | Cypress");
    await look(serpTitle(page, "desktop")).text("Anxiety Therapy in Winter Park and Orlando | Cypress");
    await page.keyboard.press("Enter");
    await look(
      page.getByText("Saved. Visitors and search engines get /anxiety-therapy's new settings from now on."),
    ).visible();
    // With an answer, the reset section and the checks drawn: still clean.
    await expectAxeCleanAtBothWidths(page);

    // A refused save puts the keyboard on the field that needs another look.
    await page.getByLabel("Meta description").fill("Too short.");
    await page.getByRole("button", { name: "Save settings" }).click();
    await look(page.getByLabel("Meta description")).focused();
    await expectAxeCleanAtBothWidths(page);

    // The picker lists the page with its settings; an unknown address is refused in words.
    await page.goto(`${server.url}${EDITOR}?path=/no-such-page`);
    await hydrated(page);
    await look(page.getByText("There is no page at /no-such-page on the site.")).visible();
    await look(page.getByRole("rowheader", { name: "/anxiety-therapy" })).visible();
    await expectAxeCleanAtBothWidths(page);
    await page.getByRole("link", { name: "/anxiety-therapy" }).first().focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/path=%2Fanxiety-therapy/);
    await look(page.getByLabel("Search title")).value("Anxiety Therapy in Winter Park and Orlando | Cypress");
    await page.getByRole("button", { name: "Reset to the page's defaults" }).click();
    await look(page.getByText("/anxiety-therapy uses its own title, description and other settings again.")).visible();
  });
});
