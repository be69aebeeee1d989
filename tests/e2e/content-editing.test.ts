import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const NEWCOMER = { name: "Nia Newcomer", email: "nia.newcomer@cypresslane.example", roles: ["marketing"] as const };

/**
 * One journey on the production build: a marketing person new to the site
 * opens Site content from the navigation, changes an office's Saturday hours
 * and adds a holiday closure by keyboard, publishes, sees both on the
 * office's public page, and undoes the change from the page's history. axe
 * finds nothing on the editor at 1280 and 375 px (with a refused field shown).
 */
describe("site content editing in the browser", () => {
  let server: TestServer;
  const browser = useBrowser();
  let cookie: string;
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("content-editing");
    await addStaffTo({ dataDir }, [NEWCOMER]);
    server = await startServer({ dataDir });
    cookie = await signInCookie(server.url, NEWCOMER.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("changes an office's hours and closures by keyboard, publishes them to the public page, and undoes it", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin`);
    await hydrated(page);
    await page.getByRole("link", { name: "Site content" }).focus();
    await page.keyboard.press("Enter");
    await look(page.getByRole("heading", { level: 1 })).text("Site content");

    const office = page.getByRole("form", { name: "Winter Park Office" });
    const saturday = office.getByRole("group", { name: "Saturday" });
    // A closing time before the opening time: refused under the field, the keyboard taken there.
    await saturday.getByLabel("Closes").focus();
    await page.keyboard.type("0800AM");
    await office.getByRole("button", { name: "Publish Winter Park Office" }).focus();
    await page.keyboard.press("Enter");
    await look(office.getByText("Saturday's closing time must be after its opening time.")).visible();
    await look(saturday.getByLabel("Closes")).focused();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);

    // Into the field afresh, so typing starts at its hour.
    await saturday.getByLabel("Opens").focus();
    await saturday.getByLabel("Closes").focus();
    await page.keyboard.type("0300PM");
    await saturday.getByLabel("Note").focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Backspace");
    await office.getByLabel("Closed on (new closure 1)").focus();
    await page.keyboard.type("11262099");
    await office.getByRole("textbox", { name: "Note (such as Thanksgiving Day)" }).first().focus();
    await page.keyboard.type("Thanksgiving Day");
    await office.getByRole("button", { name: "Publish Winter Park Office" }).focus();
    await page.keyboard.press("Enter");
    await look(office.getByRole("status")).text(
      "Published: the office's details (opening hours, holiday closures) changed on the website for every visitor.",
    );
    await look(page.getByRole("region", { name: "Recent changes" }).getByRole("listitem")).count(1);

    const visitor = await browser.open({ viewport: MOBILE });
    await visitor.page.goto(`${server.url}/locations/winter-park`);
    const hours = visitor.page.locator("dl").first();
    await look(hours).text(/Saturday\s+9:00 AM – 3:00 PM/);
    await look(visitor.page.getByText("Thursday, November 26, 2099")).visible();
    await look(visitor.page.getByText("Closed: Thanksgiving Day")).visible();

    const history = page.getByRole("region", { name: "Recent changes" });
    await history.getByRole("button", { name: /Undo this change to Winter Park Office/ }).focus();
    await page.keyboard.press("Enter");
    await look(history.getByRole("status")).text(
      "Undone: Winter Park Office (opening hours, holiday closures) are back as they were, on the website too.",
    );
    await visitor.page.reload();
    await look(hours).text(/Saturday\s+9:00 AM – 1:00 PM, by appointment/);
    await look(visitor.page.getByText("Closed: Thanksgiving Day")).count(0);
  });
});
