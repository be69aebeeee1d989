import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { auditLog, type User } from "~/db/schema";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { hydrated } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInAs, signInCookie, userStatus } from "../setup/staff";
import { axeViolations } from "../setup/axe";

const NEW_PERSON = { name: "Jordan Lee", email: "jordan.lee@cypresslane.example" };
const TAKEN_MESSAGE = "A staff account already uses this e-mail address.";
const LAST_ADMIN = "This is the only active administrator account";

/**
 * /admin/staff in Chromium against the production build: an admin invites a
 * person (the one-time password shown once), the person signs in with it,
 * roles change, a disabled person's open session stops working, the
 * guardrails and field errors show, staff cannot open the page, and axe
 * finds nothing at 375 and 1280 px.
 */
describe("the staff accounts page", () => {
  let server: TestServer;
  const browser = useBrowser();
  /** Ada's page on /admin/staff, new for each test (openAsAda). */
  let page: Page;
  let adaCookie: string;
  let dataDir: string;
  let ada: User;
  let sam: User;
  let oneTimePassword = "";

  beforeAll(async () => {
    dataDir = copyPgliteTemplate("staff-page");
    [ada, sam] = await addStaffTo({ dataDir }, [
      { name: "Ada Admin", email: "ada.admin@cypresslane.example", roles: ["admin"] },
      { name: "Sam Staff", email: "sam.staff@cypresslane.example", roles: ["intake"] },
    ]);
    server = await startServer({ dataDir });
    adaCookie = await signInCookie(server.url, ada!.email);
  }, 120_000);

  /** Ada, the admin, on /admin/staff in a context of this test's. */
  async function openAsAda() {
    const opened = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(opened.context, server.url, adaCookie);
    page = opened.page;
    await page.goto(`${server.url}/admin/staff`);
    await hydrated(page);
    return page;
  }

  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  const card = (name: string) => page.getByRole("article", { name });
  async function act(name: string, button: string) {
    const account = card(name);
    if (
      !(await account
        .locator("details")
        .getAttribute("open")
        .then((v) => v !== null))
    ) {
      await account.locator("summary").click();
    }
    await account.getByRole("button", { name: `${button} for ${name}` }).click();
  }
  /** Posts a form as a browser without JavaScript would (the page's own forms never offer these). */
  async function postForm(fields: Record<string, string>) {
    await page.evaluate((values) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/admin/staff";
      for (const [name, value] of Object.entries(values)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, fields);
    await page.waitForLoadState("load");
    await hydrated(page);
  }

  it("is not for staff: 403 to a staff session (page and action), and no Staff link in their navigation", async () => {
    const cookie = await signInCookie(server.url, sam!.email);
    const pageAnswer = await fetch(`${server.url}/admin/staff`, { headers: { cookie }, redirect: "manual" });
    expect(pageAnswer.status).toBe(403);
    const post = await fetch(`${server.url}/admin/staff`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "disable", userId: ada!.id }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    const home = await fetch(`${server.url}/admin`, { headers: { cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain('href="/admin/staff"');
  });

  it("lists every account with its role, status, two-factor, password state and last sign-in", async () => {
    await openAsAda();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff accounts");
    expect(
      await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Staff" }).count(),
    ).toBe(1);
    const you = card("Ada Admin (you)");
    const text = (await you.textContent()) ?? "";
    expect(text).toContain("ada.admin@cypresslane.example");
    expect(text).toMatch(
      /RoleAdministrator.*StatusActive.*Two-factorOff.*PasswordChosen by them.*Last sign-in\w{3} \d/,
    );
    // Your own account is managed on Your account, not here.
    expect(await you.locator("details").count()).toBe(0);
    const samText = (await card("Sam Staff").textContent()) ?? "";
    expect(samText).toMatch(/RoleIntake.*StatusActive/);
    expect(samText).toMatch(/Last sign-in\w{3} \d/); // signed in by the previous test
  });

  it("shows field errors next to the fields: 400, nothing created, a duplicate address included", async () => {
    await openAsAda();
    const form = page.getByRole("form", { name: "Add a staff member" });
    await form.getByLabel("Name").fill("");
    await form.getByLabel("E-mail").fill("not-an-address");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Add staff member" }).click();
    expect((await answer).status()).toBe(400);
    await form.getByText("Enter their name.").waitFor();
    expect(await form.getByText("Enter a valid e-mail address, like name@example.com.").isVisible()).toBe(true);
    expect(await form.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Name").evaluate((el) => el === document.activeElement)).toBe(true);

    // Nothing is ticked in advance: a role is chosen, or the form says so.
    expect(await form.getByText("Choose at least one role.").isVisible()).toBe(true);
    await form.getByLabel("Name").fill("Sam Again");
    await form.getByLabel("E-mail").fill("SAM.Staff@CypressLane.example");
    await form.getByRole("checkbox", { name: "Intake" }).check();
    const duplicate = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Add staff member" }).click();
    expect((await duplicate).status()).toBe(400);
    await form.getByText(TAKEN_MESSAGE).waitFor();
    const email = form.getByLabel("E-mail");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.getAttribute("aria-describedby")).toBe("invite-email-error");
    expect(await email.inputValue()).toBe("SAM.Staff@CypressLane.example");
    expect(await form.getByLabel("Name").getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByRole("article").count()).toBe(2);

    // Without JavaScript the same post answers 400 with the field error in the page.
    const noScript = await fetch(`${server.url}/admin/staff`, {
      method: "POST",
      headers: { cookie: adaCookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "invite",
        name: "Sam Again",
        email: "sam.staff@cypresslane.example",
        roles: "intake",
      }),
    });
    expect(noScript.status).toBe(400);
    const html = await noScript.text();
    expect(html).toContain(TAKEN_MESSAGE);
    expect(html).toMatch(/id="invite-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="invite-email"/);
  });

  it("axe finds nothing at 375 and 1280 px, field errors showing", async () => {
    await openAsAda();
    const form = page.getByRole("form", { name: "Add a staff member" });
    await form.getByLabel("E-mail").fill("not-an-address");
    await form.getByRole("button", { name: "Add staff member" }).click();
    await form.getByText("Enter their name.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);
  });

  it("invites a person: the one-time password is shown once, with how to pass it on", async () => {
    await openAsAda();
    const form = page.getByRole("form", { name: "Add a staff member" });
    await form.getByLabel("Name").fill(NEW_PERSON.name);
    await form.getByLabel("E-mail").fill(NEW_PERSON.email);
    await form.getByRole("checkbox", { name: "Intake" }).check();
    await form.getByRole("button", { name: "Add staff member" }).click();

    const notice = page.getByRole("region", { name: `One-time password for ${NEW_PERSON.name}` });
    await notice.waitFor();
    oneTimePassword = (await notice.locator("[data-one-time-password]").textContent()) ?? "";
    expect(oneTimePassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(await notice.textContent()).toContain("in person or by phone");
    expect(await notice.textContent()).toContain("This is the only time it is shown");
    expect(
      await page
        .getByRole("heading", { name: `One-time password for ${NEW_PERSON.name}` })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    // The form is empty again for the next person; the new account is listed.
    expect(await form.getByLabel("Name").inputValue()).toBe("");
    expect(await card(NEW_PERSON.name).textContent()).toMatch(
      /RoleIntake.*StatusActive.*One-time: must choose a new one at next sign-in.*Last sign-inNever/,
    );

    // axe with the notice showing, at both widths.
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // Shown once: a reload (or anyone reading the page later) does not see it.
    await page.reload();
    await hydrated(page);
    expect(await page.getByRole("region", { name: /One-time password/ }).count()).toBe(0);
    expect(await page.content()).not.toContain(oneTimePassword);
  });

  it("the new person signs in with it and is sent to Your account first", async () => {
    const { page: theirPage } = await browser.open({ viewport: MOBILE });
    await signInAs(theirPage, server.url, NEW_PERSON.email, oneTimePassword);
    await theirPage.waitForURL((u) => u.pathname === "/admin/account");
    // And over HTTP: every staff page but Your account redirects there until they choose a password.
    const cookie = await signInCookie(server.url, NEW_PERSON.email, oneTimePassword);
    const res = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/account");
  });

  it("keeps the last active admin: demoting or disabling yourself, the only admin, is refused with a clear message", async () => {
    await openAsAda();
    await postForm({ intent: "set-roles", userId: ada!.id, roles: "intake" });
    expect(await page.getByRole("alert").textContent()).toContain(LAST_ADMIN);
    await postForm({ intent: "disable", userId: ada!.id });
    expect(await page.getByRole("alert").textContent()).toContain(LAST_ADMIN);
    expect(await card("Ada Admin (you)").textContent()).toMatch(/RoleAdministrator.*StatusActive/);
  });

  it("changes roles; with a second admin, disabling yourself is still refused", async () => {
    await openAsAda();
    await card(NEW_PERSON.name).locator("summary").click();
    await card(NEW_PERSON.name).getByRole("checkbox", { name: "Administrator" }).check();
    await act(NEW_PERSON.name, "Save roles");
    await page
      .getByRole("status")
      .filter({ hasText: `${NEW_PERSON.name} now has the Administrator and Intake roles.` })
      .waitFor();
    expect(await card(NEW_PERSON.name).textContent()).toContain("RolesAdministrator and Intake");

    await postForm({ intent: "disable", userId: ada!.id });
    expect(await page.getByRole("alert").textContent()).toContain("You cannot disable your own account.");
    expect(await card("Ada Admin (you)").textContent()).toContain("StatusActive");
  });

  it("disabling a person ends their open session at once (401 from /api/user); enabling lets them sign in again", async () => {
    const samCookie = await signInCookie(server.url, sam!.email);
    expect(await userStatus(server.url, samCookie)).toBe(200);
    await openAsAda();
    await act("Sam Staff", "Disable account");
    await page.getByRole("status").filter({ hasText: "Sam Staff's account is disabled" }).waitFor();
    expect(await card("Sam Staff").textContent()).toContain("StatusDisabled");
    expect(await userStatus(server.url, samCookie)).toBe(401);

    await act("Sam Staff", "Enable account");
    await page.getByRole("status").filter({ hasText: "Sam Staff's account is active again." }).waitFor();
    expect(await userStatus(server.url, samCookie)).toBe(401);
    expect(await userStatus(server.url, await signInCookie(server.url, sam!.email))).toBe(200);
  });

  it("resets a password (a new one-time password; their sessions end) and signs a person out everywhere", async () => {
    const jordanCookie = await signInCookie(server.url, NEW_PERSON.email, oneTimePassword);
    await openAsAda();
    await act(NEW_PERSON.name, "Reset password");
    const notice = page.getByRole("region", { name: `One-time password for ${NEW_PERSON.name}` });
    await notice.waitFor();
    const fresh = (await notice.locator("[data-one-time-password]").textContent()) ?? "";
    expect(fresh).not.toBe(oneTimePassword);
    expect(await userStatus(server.url, jordanCookie)).toBe(401);
    await signInCookie(server.url, NEW_PERSON.email, fresh);

    const samCookie = await signInCookie(server.url, sam!.email);
    await act("Sam Staff", "Sign out everywhere");
    await page.getByRole("status").filter({ hasText: "Sam Staff is signed out everywhere" }).waitFor();
    expect(await userStatus(server.url, samCookie)).toBe(401);
  });

  it("requires two-factor for everyone when ticked: anyone without it, the admin too, is sent to Your account", async () => {
    await openAsAda();
    const settings = page.getByRole("form", { name: "Sign-in settings" });
    expect(await settings.textContent()).toContain("You do not have it yet");
    await settings.getByLabel("Require two-factor sign-in for every staff account").check();
    await settings.getByRole("button", { name: "Save setting" }).click();
    // Ada has no two-factor either: the page's reload takes her to Your account, where she sets it up.
    await page.waitForURL((u) => u.pathname === "/admin/account");
    const samCookie = await signInCookie(server.url, sam!.email);
    const res = await fetch(`${server.url}/admin`, { headers: { cookie: samCookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/account");
  });

  it("audited every change with who, from where, and whom", async () => {
    await server.stop();
    const database = await openDatabase({ dataDir });
    try {
      const entries = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, ada!.id)));
      const changes = entries
        .filter(
          (e) => e.action.startsWith("user_") || e.action === "setting_changed" || e.action === "sign_out_everywhere",
        )
        .map((e) => [e.action, e.targetId === sam!.id ? "sam" : e.targetId === null ? "-" : "jordan"]);
      expect(changes).toEqual([
        ["user_created", "jordan"],
        ["user_role_changed", "jordan"],
        ["user_disabled", "sam"],
        ["user_enabled", "sam"],
        ["user_password_reset", "jordan"],
        ["sign_out_everywhere", "sam"],
        ["setting_changed", "-"],
      ]);
      for (const entry of entries)
        expect(entry).toMatchObject({ actorEmail: ada!.email, ip: expect.stringMatching(/127\.0\.0\.1$/) });
      expect(JSON.stringify(entries)).not.toContain(oneTimePassword);
    } finally {
      await database.close();
    }
  });
});
