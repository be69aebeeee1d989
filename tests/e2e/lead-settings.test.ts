import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leads } from "~/db/schema";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { DESKTOP, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { leadRow } from "../setup/daily-jobs";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const PATH = "/admin/lead-insights/settings";
const ADMIN = { name: "Ada Settings", email: "ada.settings@cypresslane.example", roles: ["admin"] as const };
const INTAKE = { name: "Ian Intake", email: "ian.intake@cypresslane.example", roles: ["intake"] as const };
const MARKETING = { name: "Mo Marketing", email: "mo.marketing@cypresslane.example", roles: ["marketing"] as const };
const HOUR = 3_600_000;

/**
 * /admin/lead-insights/settings against the production build, one server
 * for the file: only administrators open it; it explains each setting with
 * what the retention job will do and what the digest lacks; it saves with
 * and without JavaScript and shows field errors with what was typed kept;
 * the reply promise it saves moves the overview's late mark; axe finds
 * nothing at 375 and 1280 px; the audit trail has every change.
 */
describe("the lead settings page", () => {
  let server: TestServer;
  const browser = useBrowser();
  let adminCookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("lead-settings");
    await addStaffTo({ dataDir }, [ADMIN, INTAKE, MARKETING]);
    // Before the server holds the data directory: a request waiting a little over 3 hours,
    // and two leads that finished 18 months ago (kept for 24 months, due when 12).
    const database = await openDatabase({ dataDir });
    const now = Date.now();
    await database.db.insert(leads).values([
      leadRow({ firstName: "Rowan", lastName: "Latecheck", createdAt: new Date(now - 3 * HOUR - 5 * 60_000) }),
      ...(["patient", "spam"] as const).map((status) =>
        leadRow({
          status,
          firstName: "Finished",
          createdAt: new Date(now - 19 * 30 * 24 * HOUR),
          statusChangedAt: new Date(now - 18 * 30 * 24 * HOUR),
        }),
      ),
    ]);
    await database.close();
    server = await startServer({ dataDir });
    adminCookie = await signInCookie(server.url, ADMIN.email);
    // The server's first check of the daily jobs runs once it listens: wait until the page shows it.
    const deadline = Date.now() + 30_000;
    while (!(await settingsHtml(adminCookie)).includes("Deleted 0 finished leads older than 24 months")) {
      if (Date.now() > deadline) throw new Error("the server's first check of the daily jobs did not finish in 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function settingsHtml(cookie: string) {
    return (await fetch(`${server.url}${PATH}`, { headers: { cookie } })).text();
  }

  /** The settings page as the admin, in a context of this test's. */
  async function openAsAdmin(options: { javaScriptEnabled?: boolean; path?: string } = {}): Promise<Page> {
    const { page, context } = await browser.open({ viewport: DESKTOP, javaScriptEnabled: options.javaScriptEnabled });
    await addSessionCookie(context, server.url, adminCookie);
    const response = await page.goto(`${server.url}${options.path ?? PATH}`);
    expect(response?.status()).toBe(200);
    if (options.javaScriptEnabled !== false) await hydrated(page);
    return page;
  }

  /** axe finds nothing at 1280 px, then at 375 px, where nothing scrolls sideways. */

  const form = (page: Page) => page.getByRole("form", { name: "Settings" });
  /** The settings form posted as a browser without JavaScript posts it. */
  const postSettings = (cookie: string, fields: Record<string, string>) =>
    fetch(`${server.url}${PATH}`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-settings", ...fields }),
      redirect: "manual",
    });

  it("is for administrators only: intake and marketing get 403 for the page, its data and its form", async () => {
    for (const person of [INTAKE, MARKETING]) {
      const cookie = await signInCookie(server.url, person.email);
      for (const path of [PATH, `${PATH}.data`]) {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
        expect(res.status, `${person.roles[0]} ${path}`).toBe(403);
        expect(await res.text()).not.toContain("Reply promise");
      }
      const res = await postSettings(cookie, { promiseHours: "1", retentionMonths: "1", digestHour: "off" });
      expect(res.status).toBe(403);
    }
    // Nothing was saved by the refused posts.
    expect(await settingsHtml(adminCookie)).toContain('value="24"');
  });

  it("explains each setting, what the next retention run deletes, what the digest lacks, and the jobs' last runs", async () => {
    const page = await openAsAdmin();
    await look(page.getByRole("heading", { level: 1 })).text("Lead settings");
    const settings = form(page);
    expect(await settings.getByLabel("Reply promise (hours)").inputValue()).toBe("24");
    expect(await settings.getByLabel("Keep finished leads for (months)").inputValue()).toBe("24");
    expect(await settings.getByLabel("Daily overdue digest (Eastern time)").inputValue()).toBe("8");
    const text = await settings.innerText();
    expect(text).toContain("A request nobody has contacted within this many hours is marked late");
    expect(text).toContain(
      "No finished lead is older than 24 months, so the next run (tonight, just after midnight) will delete none.",
    );
    expect(text).toContain(
      "It cannot be sent yet: SMTP_URL (the mail server) and NOTIFY_TO (the intake address) are not set.",
    );
    // The description is what a screen reader hears with the field.
    expect(await settings.getByLabel("Keep finished leads for (months)").getAttribute("aria-describedby")).toBe(
      "retention-months-description",
    );
    const jobs = page.getByRole("region", { name: "Daily jobs" });
    const retention = jobs.getByRole("listitem").filter({ hasText: "Deleting finished leads past the keeping time" });
    expect(await retention.innerText()).toMatch(
      /Last run \w{3} \d+, \d{4}, \d+:\d\d [AP]M: Deleted 0 finished leads older than 24 months\./,
    );
    // The page names no one: the leads in the database stay on their own pages.
    expect(await page.content()).not.toContain("Latecheck");
  });

  it("saves without JavaScript: the page answers with the saved values and what the run will now delete", async () => {
    const page = await openAsAdmin({ javaScriptEnabled: false });
    await form(page).getByLabel("Keep finished leads for (months)").fill("12");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form(page).getByRole("button", { name: "Save settings" }).click();
    expect((await answer).status()).toBe(200);
    await page.waitForLoadState("load");
    await look(form(page).getByRole("status")).text("Saved. Finished leads are kept 12 months.");
    expect(await form(page).getByLabel("Keep finished leads for (months)").inputValue()).toBe("12");
    expect(await form(page).innerText()).toContain(
      "2 finished leads are older than 12 months and will be deleted tonight, just after midnight.",
    );
  });

  it("saves with JavaScript, and the overview marks a request late against the new promise", async () => {
    const overview = await openAsAdmin({ path: "/admin" });
    const row = overview.getByRole("row", { name: /Rowan L\./ });
    await look(row.getByRole("cell").first()).text("Waiting 3 h");
    await look(overview.getByText("waited more than")).count(0);

    const page = await openAsAdmin();
    await form(page).getByLabel("Reply promise (hours)").fill("2");
    await form(page).getByRole("button", { name: "Save settings" }).click();
    await look(form(page).getByRole("status")).text("Saved. The reply promise is 2 hours.");
    expect(await form(page).getByLabel("Reply promise (hours)").inputValue()).toBe("2");
    // Saved as JSON data requests, not a new document: the page stayed hydrated.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");

    await overview.reload();
    await look(row.getByRole("cell").first()).text("Over 2 h — 3 h");
    await look(overview.getByText("1 request has waited more than 2 hours.")).visible();
  });

  it("shows field errors for bad values, what was typed kept, and saves nothing (with and without JavaScript)", async () => {
    const page = await openAsAdmin();
    const settings = form(page);
    await settings.getByLabel("Reply promise (hours)").fill("0");
    await settings.getByLabel("Keep finished leads for (months)").fill("1000");
    // A forged digest hour: the list offers no such choice.
    await settings.locator('option[value="9"]').evaluate((option: HTMLOptionElement) => (option.value = "25"));
    await settings.getByLabel("Daily overdue digest (Eastern time)").selectOption("25");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await settings.getByRole("button", { name: "Save settings" }).click();
    expect((await answer).status()).toBe(400);
    await look(settings.getByText("The reply promise must be between 1 and 168.")).visible();
    await look(settings.getByText("How long finished leads are kept must be between 1 and 120.")).visible();
    await look(settings.getByText("Choose a time for the digest, or none.")).visible();
    await look(settings.getByLabel("Reply promise (hours)")).focused();
    expect(await settings.getByLabel("Reply promise (hours)").getAttribute("aria-invalid")).toBe("true");
    expect(await settings.getByLabel("Reply promise (hours)").getAttribute("aria-describedby")).toBe(
      "promise-hours-description promise-hours-error",
    );
    expect(await settings.getByLabel("Reply promise (hours)").inputValue()).toBe("0");
    expect(await settings.getByLabel("Keep finished leads for (months)").inputValue()).toBe("1000");
    await expectAxeCleanAtBothWidths(page);

    // The same post without JavaScript: 400, the messages and the typed values in the page.
    const res = await postSettings(adminCookie, { promiseHours: "0", retentionMonths: "1000", digestHour: "25" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The reply promise must be between 1 and 168.");
    expect(html).toContain("Choose a time for the digest, or none.");
    expect(html).toMatch(/id="promise-hours"[^>]*value="0"|value="0"[^>]*id="promise-hours"/);
    expect(html).toMatch(/id="retention-months"[^>]*value="1000"|value="1000"[^>]*id="retention-months"/);

    // Nothing was saved.
    const fresh = await openAsAdmin();
    expect(await form(fresh).getByLabel("Reply promise (hours)").inputValue()).toBe("2");
    expect(await form(fresh).getByLabel("Keep finished leads for (months)").inputValue()).toBe("12");
  });

  it("is clean for axe at 375 and 1280 px as first shown", async () => {
    const page = await openAsAdmin();
    await expectAxeCleanAtBothWidths(page);
  });

  it("recorded each change in the audit trail, by whom and from what to what", async () => {
    const page = await openAsAdmin({ path: "/admin/audit?action=setting_changed" });
    const rows = page.getByRole("row").filter({ hasText: "Changed a setting" });
    await look(rows).count(2);
    const texts = (await rows.allInnerTexts()).join("\n");
    expect(texts).toContain("Setting: leads promise hours");
    expect(texts).toContain("24 → 2");
    expect(texts).toContain("Setting: leads retention months");
    expect(texts).toContain("24 → 12");
    expect(texts).toContain(ADMIN.name);
  });
});
