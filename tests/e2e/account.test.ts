import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { setTwoFactorRequired } from "~/features/auth/staff-settings.server";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addStaffTo, signInAs, signInCookie, STAFF_PASSWORD, userStatus } from "../setup/staff";
import { axeViolations } from "../setup/axe";

const NEW_PASSWORD = "Harbor-violet-73-gently";
const ONE_TIME_PASSWORD = "kq7mw-x2pzr-9tbnd-h4vce";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const staff = (key: string, extra: { mustChangePassword?: boolean; password?: string } = {}) => ({
  name: `${key[0]!.toUpperCase()}${key.slice(1)} Tester`,
  email: `${key}@cypresslane.example`,
  roles: ["intake"] as const,
  ...extra,
});
const ANA = staff("ana");
const BEN = staff("ben");
const OLU = staff("olu", { mustChangePassword: true, password: ONE_TIME_PASSWORD });
const TESS = staff("tess");
const SAM = staff("sam");
const AXEL = staff("axel");
const NOJ = staff("nora");
const REQ = staff("reggie", { mustChangePassword: true, password: ONE_TIME_PASSWORD });
const PIA = staff("pia");

/** A code the app would show at another moment (seconds from now). */
function codeAt(totp: OTPAuth.TOTP, offsetSeconds: number) {
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

describe("/admin/account", () => {
  let server: TestServer;
  const browser = useBrowser();

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("account");
    await addStaffTo({ dataDir }, [ANA, BEN, OLU, TESS, SAM, AXEL, NOJ, PIA]);
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function open(viewport = DESKTOP) {
    const opened = await browser.open({ viewport });
    return opened;
  }

  /** Posts the account page's form as a browser without JavaScript would. */
  function post(cookie: string, fields: Record<string, string>) {
    return fetch(`${server.url}/admin/account`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  }
  const sessionStatus = (cookie: string) => userStatus(server.url, cookie);
  const changePassword = (cookie: string, current: string, next = NEW_PASSWORD, confirm = next) =>
    post(cookie, { intent: "change-password", currentPassword: current, newPassword: next, confirmPassword: confirm });

  it("changing the password ends every other session and keeps this one", async () => {
    const here = await signInCookie(server.url, ANA.email);
    const elsewhere = await signInCookie(server.url, ANA.email);
    expect(await sessionStatus(elsewhere)).toBe(200);

    const res = await changePassword(here, STAFF_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your password is changed. You were signed out on 1 other device.");

    expect(await sessionStatus(elsewhere)).toBe(401);
    expect(await sessionStatus(here)).toBe(200);
    await expect(signInCookie(server.url, ANA.email)).rejects.toThrow(/401/);
    expect(await signInCookie(server.url, ANA.email, NEW_PASSWORD)).toMatch(/^__session=/);
  });

  it("pauses password checks after 5 wrong current passwords, and sign-in for that account with them", async () => {
    const here = await signInCookie(server.url, PIA.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(here, `not-the-password-${i}`);
      expect(await wrong.text()).toContain("That is not your current password.");
    }
    // Even the right password is not checked now: someone holding an open session cannot keep guessing.
    const paused = await changePassword(here, STAFF_PASSWORD);
    expect(paused.status).toBe(400);
    expect(await paused.text()).toContain("password checks for your account are paused for 15 minutes");
    const signIn = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: PIA.email, password: STAFF_PASSWORD }),
    });
    expect(signIn.status).toBe(429);
    // The session in hand goes on; the password did not change.
    expect(await sessionStatus(here)).toBe(200);
  });

  it("refuses a wrong current password, a weak or mismatched new one, and bad forms, naming the field", async () => {
    const here = await signInCookie(server.url, BEN.email);
    const elsewhere = await signInCookie(server.url, BEN.email);

    const wrong = await changePassword(here, "not-my-password-at-all");
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).toContain("That is not your current password.");
    expect(page).toMatch(
      /aria-invalid="true"[^>]*name="currentPassword"|name="currentPassword"[^>]*aria-invalid="true"/,
    );
    // Nothing changed, nothing ended, and the typed passwords are not sent back.
    expect(page).not.toContain(NEW_PASSWORD);
    expect(await sessionStatus(elsewhere)).toBe(200);

    const common = await changePassword(here, STAFF_PASSWORD, "password1234");
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("This is too close to a commonly used password.");

    const short = await changePassword(here, STAFF_PASSWORD, "short-one");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Use at least 12 characters.");

    const same = await changePassword(here, STAFF_PASSWORD, STAFF_PASSWORD);
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("must be different from the one you use now");

    const mismatch = await changePassword(here, STAFF_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two new passwords are not the same.");

    const badForms: Record<string, string>[] = [
      {},
      { intent: "drop-tables" },
      { intent: "change-password" },
      { intent: "change-password", currentPassword: "x".repeat(5000), newPassword: "y", confirmPassword: "y" },
      { intent: "confirm-two-factor", code: "1".repeat(200) },
      { intent: "confirm-two-factor", code: "123456" },
      { intent: "end-session", session: "z".repeat(500) },
      { intent: "turn-off-two-factor" },
      { intent: "renew-recovery-codes", currentPassword: "\u0000" },
    ];
    for (const fields of badForms) {
      const res = await post(here, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect(await sessionStatus(elsewhere)).toBe(200);
    expect(await signInCookie(server.url, BEN.email)).toMatch(/^__session=/);
  });

  it("sends a one-time-password user to the account page until they choose their own", async () => {
    const cookie = await signInCookie(server.url, OLU.email, ONE_TIME_PASSWORD);
    const res = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/account");
    const account = await fetch(`${server.url}/admin/account`, { headers: { cookie } });
    expect(account.status).toBe(200);
    const html = await account.text();
    expect(html).toContain("Choose your own password to continue");
    expect(html.indexOf("Choose your own password to continue")).toBeLessThan(html.indexOf("Change your password"));

    const changed = await changePassword(cookie, ONE_TIME_PASSWORD);
    expect(changed.status).toBe(200);
    // The answer (as a browser without JavaScript shows it) already reads the changed account.
    const answer = await changed.text();
    expect(answer).toContain("Your password is changed.");
    expect(answer).not.toContain("Choose your own password to continue");
    const home = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(home.status).toBe(200);
    const overview = await home.text();
    expect(overview).toMatch(/<h1[^>]*>Overview<\/h1>/);
    expect(overview).toContain("Olu Tester");
  });

  it("sets up two-step sign-in; the codes are asked for at sign-in, a recovery code works once", async () => {
    const { page, errors } = await open();
    await signInAs(page, server.url, TESS.email, STAFF_PASSWORD, "/admin/account");
    await hydrated(page);
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();

    await look(page.getByRole("img", { name: "QR code for your authenticator app" })).visible();
    const key = page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    await look(key).visible();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32((await key.innerText()).replace(/\s+/g, "")) });

    const codeField = page.getByLabel("Code from the app");
    await codeField.fill(codeAt(totp, -600));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await look(page.getByText(/That code did not match/)).visible();
    await look(page.getByLabel("Code from the app")).attribute("aria-invalid", "true");

    // Enter in the code field turns it on (the form's first button), as a person would expect.
    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByLabel("Code from the app").press("Enter");
    const codesBox = page.getByRole("region", { name: "Your recovery codes" });
    await look(codesBox.getByRole("listitem")).count(10);
    const codes = await codesBox.getByRole("listitem").allInnerTexts();
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);

    // Shown once: a reload no longer has them.
    await page.reload();
    await hydrated(page);
    await look(page.getByText("Two-step sign-in is on.", { exact: false })).visible();
    expect(await page.getByRole("region", { name: "Your recovery codes" }).count()).toBe(0);
    expect(await page.content()).not.toContain(codes[0]);
    await look(page.getByText("You have 10 recovery codes left.")).visible();

    const signInForm = page.getByRole("form", { name: "Sign in with your staff account" });
    async function signOut() {
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/auth");
      await hydrated(page);
    }
    async function typePassword() {
      await signInForm.getByLabel("Email").fill(TESS.email);
      await signInForm.getByLabel("Password").fill(STAFF_PASSWORD);
      await signInForm.getByRole("button", { name: "Sign In" }).click();
      await look(signInForm.getByLabel("Authenticator code")).visible();
    }
    async function typeCode(code: string) {
      await signInForm.getByLabel("Authenticator code").fill(code);
      await signInForm.getByRole("button", { name: "Sign In" }).click();
    }

    await signOut();
    await typePassword();
    await typeCode(codeAt(totp, -600));
    await look(signInForm.getByRole("alert")).contains("That code did not work.");
    // The step used to confirm the setup is spent; the next one is accepted (one step of drift).
    await typeCode(codeAt(totp, 30));
    await page.waitForURL((u) => u.pathname === "/admin");

    await signOut();
    await typePassword();
    await typeCode(codes[0]!.toUpperCase());
    await page.waitForURL((u) => u.pathname === "/admin");

    await signOut();
    await typePassword();
    await typeCode(codes[0]!);
    await look(signInForm.getByRole("alert")).contains("That code did not work.");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(errors).toEqual([]);
  });

  it("lists the sessions, ends another one, and signs out everywhere", async () => {
    const signInWith = async (userAgent: string) => {
      const res = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": userAgent },
        body: JSON.stringify({ email: SAM.email, password: STAFF_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return res.headers.get("set-cookie")!.split(";")[0]!;
    };
    const other = await signInWith(FIREFOX);
    const { page, errors } = await open(MOBILE);
    await signInAs(page, server.url, SAM.email, STAFF_PASSWORD, "/admin/account");
    await hydrated(page);

    const sessions = page.getByRole("region", { name: "Where you are signed in" }).getByRole("listitem");
    await look(sessions).count(2);
    await look(sessions.filter({ hasText: "This device" })).count(1);
    await look(sessions.filter({ hasText: "This device" })).contains("Chrome");
    await look(sessions.filter({ hasText: "Firefox 128 on Linux" })).contains("IP address");

    await page.getByRole("button", { name: "End the session on Firefox 128 on Linux" }).click();
    await look(page.getByRole("status").filter({ hasText: "That session has ended." })).visible();
    await look(sessions).count(1);
    expect(await sessionStatus(other)).toBe(401);

    const third = await signInWith(FIREFOX);
    await page.reload();
    await hydrated(page);
    await look(sessions).count(2);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL((u) => u.pathname === "/auth" && u.search === "?signed-out");
    expect(await sessionStatus(third)).toBe(401);
    const cookies = await page.context().cookies(server.url);
    expect(cookies.find((c) => c.name === "__session")).toBeUndefined();
    await page.goto(`${server.url}/admin/account`);
    await page.waitForURL((u) => u.pathname === "/auth");
    expect(errors).toEqual([]);
  });

  it("works without JavaScript: field errors, and each button does what it says", async () => {
    const { page } = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false }).then((opened) => {
      return opened;
    });
    await signInAs(page, server.url, NOJ.email, STAFF_PASSWORD, "/admin/account");
    const form = page.getByRole("form", { name: "Change your password" });
    await form.getByLabel("Current password").fill("not-the-password");
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("New password again").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await look(form.getByText("That is not your current password.")).visible();
    await look(form.getByLabel("Current password")).attribute("aria-invalid", "true");

    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await look(page.getByRole("img", { name: "QR code for your authenticator app" })).visible();
    await page.getByRole("button", { name: "Cancel setup" }).click();
    await look(page.getByText("Setup cancelled. Nothing was changed.")).visible();
    await look(page.getByRole("button", { name: "Set up two-step sign-in" })).visible();
  });

  it.each([
    ["375px", MOBILE],
    ["1280px", DESKTOP],
  ] as const)("axe finds no violations at %s, in each state of the page", async (_label, viewport) => {
    const { page } = await open(viewport);
    await signInAs(page, server.url, AXEL.email, STAFF_PASSWORD, "/admin/account");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).allInnerTexts()).toEqual(["Your account"]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    const key = page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    await look(key).visible();
    expect(await axeViolations(page)).toEqual([]);

    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32((await key.innerText()).replace(/\s+/g, "")) });
    await page.getByLabel("Code from the app").fill(codeAt(totp, -600));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await look(page.getByLabel("Code from the app")).attribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await look(page.getByRole("region", { name: "Your recovery codes" })).visible();
    expect(await axeViolations(page)).toEqual([]);

    // Back to "off" for the other width, with the password (and its field error on the way).
    const manage = page.getByRole("form", { name: "Change two-step sign-in" });
    await manage.getByLabel("Your password").fill("not-the-password");
    await manage.getByRole("button", { name: "Turn off two-step sign-in" }).click();
    await look(page.getByText("That is not your current password.")).visible();
    expect(await axeViolations(page)).toEqual([]);
    await manage.getByLabel("Your password").fill(STAFF_PASSWORD);
    await manage.getByRole("button", { name: "Turn off two-step sign-in" }).click();
    await look(page.getByRole("status").filter({ hasText: "Two-step sign-in is off." })).visible();
  });

  it("writes each change to the audit trail", async () => {
    await server.stop();
    const database = await openDatabase({ dataDir: server.dataDir });
    try {
      const rows = await database.db.query.auditLog.findMany();
      const actions = (email: string) => rows.filter((r) => r.actorEmail === email).map((r) => r.action);
      expect(actions(ANA.email)).toContain("password_changed");
      expect(actions(OLU.email)).toContain("password_changed");
      expect(actions(BEN.email)).not.toContain("password_changed");
      expect(actions(NOJ.email)).not.toContain("two_factor_enrolled");
      expect(actions(TESS.email)).toEqual(expect.arrayContaining(["two_factor_enrolled", "recovery_code_used"]));
      expect(actions(SAM.email)).toEqual(expect.arrayContaining(["session_ended", "sign_out_everywhere"]));
      expect(actions(AXEL.email)).toEqual(expect.arrayContaining(["two_factor_enrolled", "two_factor_reset"]));
      // Nothing typed is ever written there.
      expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
      expect(JSON.stringify(rows)).not.toContain(STAFF_PASSWORD);
    } finally {
      await database.close();
    }
  });
});

describe("/admin/account when the clinic requires two-step sign-in", () => {
  let server: TestServer;
  const browser = useBrowser();

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("account-required");
    await addStaffTo({ dataDir }, [REQ]);
    const database = await openDatabase({ dataDir });
    await setTwoFactorRequired(database.db, true);
    await database.close();
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("leads with what must be done, then keeps two-step sign-in on", async () => {
    const opened = await browser.open({ viewport: MOBILE });
    const { page, errors } = opened;
    await signInAs(page, server.url, REQ.email, ONE_TIME_PASSWORD, "/admin");
    await page.waitForURL((u) => u.pathname === "/admin/account");
    await hydrated(page);
    await look(page.getByText("Choose your own password to continue")).visible();
    await look(page.getByText("The clinic requires two-step sign-in", { exact: true })).visible();
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByRole("form", { name: "Change your password" });
    await form.getByLabel("Current password").fill(ONE_TIME_PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill("qwertyuiop12");
    await form.getByLabel("New password again").fill("qwertyuiop12");
    await form.getByRole("button", { name: "Change password" }).click();
    await look(page.getByLabel("New password", { exact: true })).attribute("aria-invalid", "true");
    await look(page.getByText("This is too close to a commonly used password.", { exact: false })).visible();
    expect(await axeViolations(page)).toEqual([]);

    await form.getByLabel("Current password").fill(ONE_TIME_PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("New password again").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await look(page.getByRole("status").filter({ hasText: "Your password is changed." })).visible();
    await look(page.getByText("Choose your own password to continue")).hidden();

    // Still closed: two-step sign-in comes first.
    await page.goto(`${server.url}/admin`);
    await page.waitForURL((u) => u.pathname === "/admin/account");
    await hydrated(page);
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    const key = page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    await look(key).visible();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32((await key.innerText()).replace(/\s+/g, "")) });
    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await look(page.getByRole("region", { name: "Your recovery codes" })).visible();
    await look(page.getByText("The clinic requires two-step sign-in", { exact: true })).hidden();

    // It cannot be turned off, not even by a hand-made post.
    const manage = page.getByRole("form", { name: "Change two-step sign-in" });
    expect(await manage.getByRole("button", { name: "Turn off two-step sign-in" }).count()).toBe(0);
    const cookie = (await page.context().cookies(server.url)).find((c) => c.name === "__session")!;
    const res = await fetch(`${server.url}/admin/account`, {
      method: "POST",
      headers: { cookie: `${cookie.name}=${cookie.value}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "turn-off-two-factor", currentPassword: NEW_PASSWORD }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("cannot be turned off");

    await page.goto(`${server.url}/admin`);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(errors).toEqual([]);
  });
});
