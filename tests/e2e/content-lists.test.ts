import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const MARKETER = { name: "Max Marketer", email: "max.marketer@cypresslane.example", roles: ["marketing"] as const };

/**
 * The content lists on the production build: a marketing person moves a
 * question of the FAQ down by keyboard (the new place announced, the focus
 * kept on the row's button) and drags another to the top by its grip with
 * the mouse (the same post and announcement), adds an insurer with a logo uploaded through
 * the image pipeline, and a visitor's home page shows both. axe finds
 * nothing on the list and the editor at 1280 and 375 px. Without JavaScript
 * a move is a plain form post. A content page is added and unpublished (a
 * visitor then gets 404), while a fixed page says it stays published. On
 * PGlite (decision 0053).
 */
describe.each(browserDatabaseKinds("pglite"))("content lists in the browser on %s", (kind) => {
  let server: TestServer;
  const browser = useBrowser();
  let cookie: string;
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`content-lists-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [MARKETER]);
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    cookie = await signInCookie(server.url, MARKETER.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reorders the FAQ by keyboard and by dragging, adds an insurer with a logo, and the public pages show both at once", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin/content`);
    await hydrated(page);
    await page.getByRole("link", { name: "FAQ" }).focus();
    await page.keyboard.press("Enter");
    await look(page.getByRole("heading", { level: 1 })).text("FAQ");

    const list = page.getByRole("list", { name: "FAQ" });
    const rows = list.getByRole("listitem");
    const first = (await rows.nth(0).locator("p.font-medium").innerText()).replace(/^1\.\s*/, "");
    const second = (await rows.nth(1).locator("p.font-medium").innerText()).replace(/^2\.\s*/, "");
    const count = await rows.count();

    const down = page.getByRole("button", { name: `Move down: ${first}` });
    await down.focus();
    await page.keyboard.press("Enter");
    await look(page.getByRole("status").filter({ hasText: "Moved and published" })).text(
      `Moved and published: “${first}” is now 2 of ${count}.`,
    );
    await look(rows.nth(1)).contains(first);
    await look(page.getByRole("button", { name: `Move down: ${first}` })).focused();

    // With a mouse: the fourth question dragged by its grip to the top posts the same move.
    const fourth = (await rows.nth(3).locator("p.font-medium").innerText()).replace(/^4\.\s*/, "");
    const grip = await rows.nth(3).locator("[data-drag-handle]").boundingBox();
    const top = await rows.nth(0).locator("[data-drag-handle]").boundingBox();
    if (!grip || !top) throw new Error("no drag handles");
    expect(Math.min(grip.width, grip.height)).toBeGreaterThanOrEqual(24);
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2 - 10, { steps: 3 });
    await page.mouse.move(top.x + top.width / 2, top.y + top.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    await look(page.getByRole("status").filter({ hasText: "Moved and published" })).text(
      `Moved and published: “${fourth}” is now 1 of ${count}.`,
    );
    await look(rows.nth(0)).contains(fourth);
    await look(rows.nth(0)).contains("1.");
    await look(rows.nth(2)).contains(first);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);

    // A new insurer with a logo.
    await page.goto(`${server.url}/admin/content/insurer/new`);
    await hydrated(page);
    await page.getByLabel("Name", { exact: true }).fill("Sunshine Health Demo");
    await page.getByLabel(/^Page address/).fill("x");
    await page.getByRole("button", { name: "Publish the new insurance provider" }).click();
    await look(page.getByText("Keep the page address between 2 and 60 characters (it has 1).")).visible();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await page.getByLabel(/^Page address/).fill("sunshine-health-demo");
    const logo = await sharp({ create: { width: 400, height: 120, channels: 3, background: "#f2a33a" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Image file", { exact: true })
      .setInputFiles({ name: "sunshine.png", mimeType: "image/png", buffer: logo });
    await page.getByLabel("Describe the image (alt text)").fill("The Sunshine Health Demo logo");
    await page.getByRole("button", { name: "Upload image" }).click();
    await look(page.getByText("Remove this image")).visible();
    await page.getByRole("button", { name: "Publish the new insurance provider" }).click();
    await look(page.getByText("Published: the new insurance provider is on the website for every visitor.")).visible();
    await look(page.getByRole("img", { name: "The current logo" })).visible();

    const visitor = await browser.open({ viewport: MOBILE });
    // The insurance page lists every provider (the home page shows the first few).
    await visitor.page.goto(`${server.url}/insurance`);
    const card = visitor.page
      .getByRole("list", { name: "Insurance providers" })
      .getByRole("link", { name: "Sunshine Health Demo" });
    await look(card).visible();
    await look(card.locator("img")).attribute("src", /^\/media\/.+\.webp$/);
    // The logo's address answers with the image (the browser loads it lazily, once in view).
    const served = await card.locator("img").evaluate(async (img: HTMLImageElement) => {
      const res = await fetch(img.src);
      return { status: res.status, type: res.headers.get("content-type"), bytes: (await res.arrayBuffer()).byteLength };
    });
    expect(served).toMatchObject({ status: 200, type: "image/webp" });
    expect(served.bytes).toBeGreaterThan(0);
    // The FAQ in its new order on the home page.
    await visitor.page.goto(`${server.url}/`);
    const html = await visitor.page.content();
    expect(html.indexOf(second)).toBeGreaterThan(-1);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    expect(html.indexOf(fourth)).toBeGreaterThan(-1);
    expect(html.indexOf(fourth)).toBeLessThan(html.indexOf(second));
    await visitor.close();
  });

  it("adds a content page, then unpublishes it: the visitor gets 404; a fixed page stays published", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin/content/pages`);
    await hydrated(page);
    await page.getByRole("link", { name: "Add a page" }).click();
    await look(page.getByRole("heading", { level: 1 })).text("New page");
    const form = page.getByRole("form", { name: "New page" });
    await form.getByLabel("Title", { exact: true }).fill("Support groups");
    await form.getByLabel(/^Page address/).fill("support-groups");
    await form
      .getByLabel(/^Search description/)
      .fill(
        "Small, clinician-led support groups in Winter Park for grief, new parents and social anxiety: when they meet, who they suit and how to join one.",
      );
    await form
      .getByLabel(/^Page content/)
      .fill(
        "## Who they suit\n\nAdults who would like company on the way: grief, a first year as a parent, or social anxiety.",
      );
    await form.getByRole("button", { name: "Publish the new page" }).click();
    await look(page.getByText("Published: the new page is on the website for every visitor.")).visible();
    await look(page.getByRole("button", { name: "Undo: adding “Support groups”" })).visible();

    const visitor = await browser.open({ viewport: MOBILE });
    const shown = await visitor.page.goto(`${server.url}/support-groups`);
    expect(shown?.status()).toBe(200);
    await look(visitor.page.getByRole("heading", { level: 1 })).text("Support groups");

    await page.getByRole("button", { name: "Unpublish this page" }).click();
    const done = page.getByRole("status").filter({ hasText: /^Unpublished: visitors now get/ });
    await look(done).visible();
    await look(done).focused();
    await look(page.getByRole("button", { name: "Publish this page again" })).visible();
    await look(page.getByRole("button", { name: "Undo: unpublishing “Support groups”" })).visible();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);

    const gone = await visitor.page.goto(`${server.url}/support-groups`);
    expect(gone?.status()).toBe(404);
    await visitor.close();

    // A page the navigation is built on says why it has no Unpublish.
    await page.goto(`${server.url}/admin/content/pages`);
    await page.getByRole("link", { name: /^Privacy Policy/ }).click();
    await look(
      page.getByText("This page always stays published: the site's navigation and links are built on it."),
    ).visible();
    await look(page.getByRole("button", { name: "Unpublish this page" })).count(0);
  });

  it("moves a row without JavaScript as a plain form post", async () => {
    const plain = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false });
    await addSessionCookie(plain.context, server.url, cookie);
    await plain.page.goto(`${server.url}/admin/content/condition`);
    const rows = plain.page.getByRole("list", { name: "Conditions" }).getByRole("listitem");
    const last = await rows.last().locator("p.font-medium").innerText();
    // No drag grip where it could do nothing.
    await look(plain.page.locator("[data-drag-handle]")).count(0);
    const name = last.replace(/^\d+\.\s*/, "");
    await plain.page.getByRole("button", { name: `Move up: ${name}` }).click();
    await look(plain.page.getByText(/^Moved and published: “.+” is now \d+ of \d+\.$/)).visible();
    const count = await rows.count();
    await look(rows.nth(count - 2)).contains(name);
    await plain.close();
  });

  it("features a treatment on the home page, adds an office with its page, and refuses to remove the main office", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    const services = async () => {
      const visitor = await browser.open({ viewport: DESKTOP });
      await visitor.page.goto(`${server.url}/`);
      const links = await visitor.page
        .getByTestId("featured-services")
        // Every card, those past the first six too (hidden until "View All Services").
        .locator("a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      await visitor.close();
      return links;
    };
    const setFeatured = async (title: string, featured: boolean) => {
      await page.goto(`${server.url}/admin/content/treatment`);
      await hydrated(page);
      await page.getByRole("link", { name: new RegExp(`^Edit\\s*: ${title}$`) }).click();
      await look(page.getByRole("heading", { level: 1 })).contains(title);
      await page.getByLabel("Featured on the home page").setChecked(featured);
      await page.getByRole("button", { name: "Publish changes" }).click();
      await look(page.getByText(/^Published: the treatment's featured on the home page changed/)).visible();
    };
    // The demo features all ten: one taken off and put back.
    await setFeatured("OCD", false);
    expect(await services()).not.toContain("/ocd");
    await setFeatured("OCD", true);
    expect(await services()).toContain("/ocd");

    await page.goto(`${server.url}/admin/content`);
    await hydrated(page);
    const add = page.getByRole("form", { name: "Add an office" });
    await add.getByLabel("Office name").fill("Lake Mary Office");
    await add.getByLabel("Page address").fill("lake-mary");
    await add
      .getByLabel("Description", { exact: true })
      .fill("A ground-floor suite off Lake Mary Boulevard, with covered parking at the door.");
    await add.getByLabel("Street address").fill("77 Heron Point Way, Suite 4");
    await add.getByLabel("City").fill("Lake Mary");
    await add.getByLabel("ZIP code").fill("32746");
    await add.getByLabel("Office phone").fill("(407) 555-015");
    await add.getByLabel("Latitude").fill("28.7589");
    await add.getByLabel("Longitude").fill("-81.3178");
    await add.getByRole("group", { name: "Monday" }).getByLabel("Opens").fill("09:00");
    await add.getByRole("group", { name: "Monday" }).getByLabel("Closes").fill("17:00");
    await add.getByRole("button", { name: "Add and publish the office" }).click();
    await look(add.getByLabel("Office phone")).focused();
    await look(
      add.getByText("Enter the office phone number as a 10-digit US number, such as (407) 555-0142."),
    ).visible();
    await add.getByLabel("Office phone").fill("(407) 555-0151");
    await add.getByRole("button", { name: "Add and publish the office" }).click();
    await look(page.getByText("Published: Lake Mary Office is on the website now, at /locations/lake-mary.")).visible();
    await look(page.getByRole("heading", { name: "Lake Mary Office", level: 3 })).visible();
    expect(await axeViolations(page)).toEqual([]);

    // The main office cannot go: the refusal says why and where it shows.
    await page.getByRole("button", { name: "Remove Orlando Office" }).click();
    await look(page.getByRole("alert").filter({ hasText: "was not removed" })).text(
      "“Orlando Office” was not removed: it is the main office, whose address, phone and hours are the clinic's on every page. Make another office the main one first.",
    );
    await look(page.getByRole("link", { name: /The header and footer of every page/ })).visible();

    const visitor = await browser.open({ viewport: MOBILE });
    await visitor.page.goto(`${server.url}/locations/lake-mary`);
    await look(visitor.page.getByRole("heading", { level: 1 })).text(
      "Lake Mary Office: psychiatry and therapy in Lake Mary",
    );
    await look(visitor.page.getByRole("link", { name: "(407) 555-0151" })).visible();
    await visitor.page.goto(`${server.url}/locations`);
    await look(visitor.page.getByRole("link", { name: /Lake Mary Office/ }).first()).visible();
    await visitor.close();
  });
});
