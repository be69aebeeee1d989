import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { startSmtpSink, type SmtpSink } from "../setup/smtp-sink";
import { HERO_LEAD, postLead } from "../setup/leads";
import { addSessionCookie, addStaffTo, signInAs, signInCookie } from "../setup/staff";
import { axeViolations } from "../setup/axe";

const ADMIN = { name: "Alex Admin", email: "alex.admin@example.com", roles: ["admin"] as const };
const STAFF = { name: "Blair Staff", email: "blair.staff@example.com", roles: ["intake"] as const };
const LEAD = HERO_LEAD;

/**
 * The staff overview and the audit trail against the production build: real
 * sign-ins, a lead sent through the public API, and the pages as a browser
 * shows them (axe at phone and desktop widths, keyboard scrolling).
 */
describe("staff overview and audit log", () => {
  let server: TestServer;
  const browser = useBrowser();
  let smtp: SmtpSink;
  let adminCookie: string;
  let staffCookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("staff-pages");
    await addStaffTo({ dataDir }, [ADMIN, STAFF]);
    smtp = await startSmtpSink();
    const env = { SMTP_URL: smtp.url, NOTIFY_TO: "intake@cypresslane.example" };
    server = await startServer({ dataDir, env });
    adminCookie = await signInCookie(server.url, ADMIN.email);
    staffCookie = await signInCookie(server.url, STAFF.email);
    expect((await postLead(server.url, LEAD)).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  /** A hydrated page at `path`, signed in with `cookie` (a script error fails the test: useBrowser). */
  async function open(cookie: string, path: string, viewport = DESKTOP) {
    const opened = await browser.open({ viewport });
    await addSessionCookie(opened.context, server.url, cookie);
    const response = await opened.page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    await hydrated(opened.page);
    return opened;
  }

  it("shows a lead sent through POST /api/leads on the overview's waiting list, by first name and initial", async () => {
    const { page, close } = await open(staffCookie, "/admin");
    await look(page.getByRole("heading", { level: 1 })).text("Overview");
    const waiting = page.getByRole("table", { name: "Requests waiting for a reply, oldest first" });
    const row = waiting.getByRole("row", { name: /Avery Q\./ });
    await look(row).visible();
    const cells = (await row.getByRole("cell").allInnerTexts()).map((t) => t.trim());
    expect(cells).toEqual([
      expect.stringMatching(/^(Just arrived|Waiting \d+ min)$/),
      "Home page form",
      "Anxiety Treatment",
      expect.any(String),
    ]);
    await look(page.getByRole("heading", { name: "Waiting for a reply (1)" })).visible();
    // Only what staff need to act on: no surname, e-mail or phone number.
    const html = await page.content();
    for (const secret of [LEAD.lastName, LEAD.email, LEAD.phone]) expect(html).not.toContain(secret);
    // A staff member's navigation does not offer the audit log.
    await look(page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Audit log" })).count(0);
    await close();
  });

  it("e-mails intake a link that, after signing in, opens the lead's own page", async () => {
    const mail = await smtp.waitFor("intake@cypresslane.example");
    const link = mail.text.split(/\s+/).find((word) => /^https?:\/\//.test(word));
    expect(link).toBeDefined();
    // The server's PUBLIC_URL is http://localhost:PORT; follow the same path on its loopback address.
    const target = new URL(link!);
    // The address names no one: a random id, no query string.
    expect(target.pathname).toMatch(
      /^\/admin\/lead-insights\/leads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(target.search).toBe("");
    const path = target.pathname;
    const signedOut = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    const signedIn = await fetch(`${server.url}${path}`, { headers: { cookie: staffCookie } });
    expect(signedIn.status).toBe(200);

    // As a person would: the link, the sign-in form, then the lead itself.
    const { page } = await browser.open({ viewport: DESKTOP });
    await signInAs(page, server.url, STAFF.email, undefined, path);
    expect(new URL(page.url()).pathname).toBe(path);
    await look(page.getByRole("heading", { level: 1 })).text(`${LEAD.firstName} ${LEAD.lastName}`);
    await look(page.getByRole("link", { name: `Call ${LEAD.phone}` })).visible();
  });

  it("refuses the audit log to a staff-role session with 403 (page and data request)", async () => {
    for (const path of ["/admin/audit", "/admin/audit.data", "/admin/audit?action=sign_in"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: staffCookie }, redirect: "manual" });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).not.toContain("Alex Admin");
    }
    const { page, close } = await open(adminCookie, "/admin");
    await look(page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Audit log" })).visible();
    await close();
  });

  it("shows an admin the audit log with their own sign-in, and filters it by action and person without personal data in the address", async () => {
    // A sign-in with an address no account has: its row shows the address typed.
    const refused = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody.here@example.com", password: "not-the-password-at-all" }),
    });
    expect(refused.status).toBe(401);

    const { page, close } = await open(adminCookie, "/admin/audit");
    await look(page.getByRole("heading", { level: 1 })).text("Audit log");
    const table = page.getByRole("table", { name: "Audit log entries, newest first" });
    const ownSignIn = table.getByRole("row").filter({ hasText: "Alex Admin" }).filter({ hasText: "Signed in" });
    await look(ownSignIn).count(1);
    await look(ownSignIn.locator("time")).attribute("datetime", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // No way to change an entry anywhere on the page.
    await look(page.getByRole("button", { name: /delete|edit|remove/i })).count(0);

    const filters = page.getByRole("search", { name: "Filter the audit log" });
    await filters.getByLabel("What happened").selectOption({ label: "Signed in" });
    await filters.getByLabel("Who").selectOption({ label: `${ADMIN.name} (${ADMIN.email})` });
    await filters.getByRole("button", { name: "Show entries" }).click();
    await page.waitForURL((url) => url.searchParams.get("action") === "sign_in");
    const url = new URL(page.url());
    expect(url.searchParams.get("user")).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeURIComponent(page.url())).not.toContain("@");
    await look(page.getByRole("status")).text("Showing 1–1 of 1 entry matching these filters.");
    await look(table.getByRole("row").filter({ hasText: "Blair Staff" })).count(0);

    await filters.getByLabel("What happened").selectOption({ label: "Everything" });
    await filters.getByLabel("Who").selectOption({ label: "No account (an address typed at sign-in)" });
    await filters.getByRole("button", { name: "Show entries" }).click();
    await page.waitForURL((u) => u.searchParams.get("user") === "none");
    const typed = table.getByRole("row").filter({ hasText: "nobody.here@example.com" });
    await look(typed).count(1);
    await look(typed.getByRole("cell").nth(2)).text("Sign-in refused");
    await look(typed.getByRole("cell").nth(5)).text("Reason: no account has this address");
    await close();
  });

  for (const [width, viewport] of [
    ["375", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`passes axe on the overview and the audit log at ${width}px, with nothing wider than the screen`, async () => {
      for (const path of ["/admin", "/admin/audit"]) {
        const { page, close } = await open(adminCookie, path, viewport);
        expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
        // The staff area has its own frame: no public header, footer or sticky call bar (spec §2).
        expect(await page.getByTestId("sticky-mobile-cta").count(), path).toBe(0);
        expect(await page.getByRole("contentinfo").count(), path).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        );
        await close();
      }
    });
  }

  it("lets a keyboard reach the audit table on a phone and scroll it sideways", async () => {
    const { page, close } = await open(adminCookie, "/admin/audit", MOBILE);
    const region = page.getByRole("region", { name: "Audit log entries" });
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await region.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await close();
  });
});
