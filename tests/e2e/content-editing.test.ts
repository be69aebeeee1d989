import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const NEWCOMER = { name: "Nia Newcomer", email: "nia.newcomer@cypresslane.example", roles: ["marketing"] as const };

/**
 * Site content on the production build, on PostgreSQL (decision 0053) with a
 * second instance on the same database, whose visitor sees the published
 * hours without a restart.
 * One journey: a marketing person new to the site opens Site content from
 * the navigation, changes an office's Saturday hours and adds a holiday
 * closure by keyboard, publishes, sees both on the office's public page, and
 * undoes the change from the page's history; then makes another office the
 * main one (refused until the box is ticked), and a public page's header and
 * footer show it. axe finds nothing on the editor at 1280 and 375 px (with a
 * refused field shown). Then the site's pages and the lists' previews and
 * undo (issue 19): a page opened from Site content, previewed as the public
 * page shows it, its fixed address refused under the field, published and
 * seen by a visitor; a question previewed, added and undone from the
 * confirmation, and a deletion undone the same way.
 */
describe.each(browserDatabaseKinds("postgres"))("site content editing in the browser on %s", (kind) => {
  let server: TestServer;
  /** On PostgreSQL, a second instance on the same database: what staff publish on one, visitors see on both. */
  let other: TestServer | undefined;
  const browser = useBrowser();
  let cookie: string;
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`content-editing-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [NEWCOMER]);
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    if (databaseUrl) other = await startServer({ env: { DATABASE_URL: databaseUrl } });
    cookie = await signInCookie(server.url, NEWCOMER.email);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), other?.stop()]);
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
    await expectAxeCleanAtBothWidths(page);

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
    // On PostgreSQL a visitor of the other instance has the office's page already (in its page cache too).
    const elsewhere = other && (await browser.open({ viewport: MOBILE }));
    if (elsewhere) {
      await elsewhere.page.goto(`${other!.url}/locations/winter-park`);
      await look(elsewhere.page.locator("dl").first()).text(/Saturday\s+9:00 AM – 1:00 PM, by appointment/);
    }
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
    // The other instance learns of it without a restart (its content-version poll); reloading shows it.
    if (elsewhere) {
      await expect
        .poll(
          async () => {
            await elsewhere.page.reload();
            return elsewhere.page.locator("dl").first().innerText();
          },
          { timeout: 15_000 },
        )
        .toMatch(/Saturday\s+9:00 AM – 3:00 PM/);
      await look(elsewhere.page.getByText("Closed: Thanksgiving Day")).visible();
    }

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

  it("makes another office the main one through its form, confirmed, and a public page's header and footer show it", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin/content`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Make Winter Park Office the main office" });
    const box = form.getByRole("checkbox", {
      name: "Show Winter Park Office's address, phone and hours on every page instead of Orlando Office's",
    });
    // Not confirmed: nothing changes, the reason under the box, which takes the keyboard.
    await form.getByRole("button", { name: "Make Winter Park Office the main office" }).click();
    await look(
      form.getByText("Tick the box to confirm that every page should show this office's address, phone and hours."),
    ).visible();
    await look(box).focused();
    await expectAxeCleanAtBothWidths(page);

    await page.keyboard.press("Space");
    await form.getByRole("button", { name: "Make Winter Park Office the main office" }).click();
    await look(page.getByRole("region", { name: "Offices" }).getByRole("status").first()).text(
      "Published: Winter Park Office is the main office now. The header, the footer, the Get Started page and the clinic's details for search engines show its address, phone and hours.",
    );
    // The old main office can now be made the main one again; the new one has no such part.
    await look(page.getByRole("form", { name: "Make Orlando Office the main office" })).visible();
    await look(page.getByRole("form", { name: "Make Winter Park Office the main office" })).count(0);

    const visitor = await browser.open({ viewport: DESKTOP });
    await visitor.page.goto(`${server.url}/pricing`);
    await look(visitor.page.locator("header").getByRole("link", { name: /\(407\) 555-0143/ })).visible();
    await look(visitor.page.locator("footer").getByText("318 Magnolia Bend Avenue, Suite 100").first()).visible();
    await look(visitor.page.locator("footer").getByText("1450 Osprey Lake Drive", { exact: false })).count(0);

    // Undone from the history: Orlando is the main office again.
    const history = page.getByRole("region", { name: "Recent changes" });
    await history
      .getByRole("button", { name: /Undo this change to Winter Park Office/ })
      .first()
      .click();
    await look(history.getByRole("status")).text(
      "Undone: Orlando Office is the main office again, on every page of the website.",
    );
    await visitor.page.reload();
    await look(visitor.page.locator("footer").getByText("1450 Osprey Lake Drive", { exact: false }).first()).visible();
  });

  it("edits a page: previewed as visitors will see it, its fixed address kept, published to the public page", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin/content`);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Lists" }).getByRole("link", { name: "Pages" }).click();
    await look(page.getByRole("heading", { level: 1 })).text("Pages");
    await expectAxeCleanAtBothWidths(page);

    await page.getByRole("link", { name: "Pricing and Self-Pay Rates" }).click();
    const form = page.getByRole("form", { name: "Edit the page" });
    await form.getByLabel("Title", { exact: true }).fill("Fees, insurance and payment");
    await form.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview: not published yet" });
    await look(preview.getByRole("heading", { level: 1 })).text("Fees, insurance and payment");
    await look(form.getByLabel("Title", { exact: true })).value("Fees, insurance and payment");
    await expectAxeCleanAtBothWidths(page);

    await form.getByLabel("Page address").fill("fees");
    await form.getByRole("button", { name: "Publish changes" }).click();
    // Said under the field before (its note) and after (the refusal).
    await look(form.locator("#item-slug-error")).text(
      "This page's address stays /pricing: the site's navigation and links are built on it. Change its words instead.",
    );
    await look(form.getByLabel("Page address")).focused();
    await form.getByLabel("Page address").fill("pricing");
    await form.getByRole("button", { name: "Publish changes" }).click();
    await look(form.getByRole("status")).text("Published: the page's title changed on the website for every visitor.");

    const visitor = await browser.open({ viewport: MOBILE });
    await visitor.page.goto(`${server.url}/pricing`);
    await look(visitor.page.getByRole("heading", { level: 1 })).text("Fees, insurance and payment");
  });

  it("previews and adds a question, then undoes the addition and a deletion from their confirmations", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin/content/faq/new`);
    await hydrated(page);
    const question = "Can I bring my service dog to appointments?";
    const form = page.getByRole("form", { name: "New question" });
    await form.getByLabel("Question").fill(question);
    await form
      .getByLabel("Answer")
      .fill("Yes. Service animals are welcome in every office, and so are emotional support animals by arrangement.");
    await form.getByRole("button", { name: "Preview" }).click();
    await look(page.getByRole("region", { name: "Preview: not published yet" }).getByText(question)).visible();
    await form.getByRole("button", { name: "Publish the new question" }).click();
    await look(page.getByText("Published: the new question is on the website for every visitor.")).visible();
    expect(await (await fetch(`${server.url}/`)).text()).toContain(question);

    await page.getByRole("button", { name: `Undo: adding “${question}”` }).click();
    await look(page.getByRole("heading", { level: 1 })).text("FAQ");
    await look(page.getByText("Undone: the new question is no longer on the website.")).visible();
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain(question);

    // A deletion, undone from the list it returns to.
    await page.getByRole("link", { name: /^Edit/ }).first().click();
    await look(page.getByRole("form", { name: "Edit the question" })).visible();
    const first = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByRole("button", { name: "Delete this question" }).click();
    await look(page.getByText("Deleted: the question is no longer on the website.")).visible();
    await page.getByRole("button", { name: "Undo: deleting the question" }).click();
    await look(page.getByText(`Undone: “${first}” is back on the website, in its old place.`)).visible();
    await look(page.getByRole("link", { name: /^Edit/ }).first()).attribute("href", /\/admin\/content\/faq\/\d+$/);
    expect(await page.getByRole("link", { name: /^Edit/ }).first().textContent()).toBe(`Edit: ${first}`);
  });
});
