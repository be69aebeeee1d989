import { SIGN_IN_UNAVAILABLE_MESSAGE } from "~/features/auth/sign-in-status";
import type { BrowserContext, Page } from "playwright-core";
import type { StaffRole } from "~/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCKED_OUT_MESSAGE } from "~/features/auth/login-throttle.server";
import { WRONG_CREDENTIALS_MESSAGE } from "~/features/auth/sign-in.server";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addStaffTo, STAFF_PASSWORD, type StaffAccount, userStatus } from "../setup/staff";
import { startTcpProxy } from "../setup/tcp-proxy";
import { axeViolations } from "../setup/axe";

const WRONG_PASSWORD = "Quiet-heron-wrong-88";

const signInForm = (page: Page) => page.getByRole("form", { name: "Sign in with your staff account" });
const toastItem = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");

/** A staff account per test, so one test's failures never lock another's account. */
let made = 0;
function account(roles: StaffRole[] = ["admin"]): StaffAccount & { name: string } {
  made++;
  return { name: `Morgan Tester${made}`, email: `morgan.tester${made}@clinic.example`, roles };
}

async function fillAndSubmit(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "__session");
  expect(cookie, "the session cookie").toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

describe("staff sign-in in the browser", () => {
  const people = Array.from({ length: 16 }, () => account());
  let next = 0;
  const person = () => people[next++]!;
  let server: TestServer;
  const browser = useBrowser();
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("staff-sign-in");
    await addStaffTo({ dataDir }, people);
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("with JavaScript: a signed-out visit to a staff page signs in and lands on that page", async () => {
    const me = person();
    const { page, errors, close } = await browser.open();
    try {
      await page.goto(`${server.url}/admin/account?view=sessions`);
      expect(new URL(page.url()).pathname).toBe("/auth");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/account?view=sessions");
      await hydrated(page);
      const login = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/login");
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      expect((await login).status()).toBe(200);
      await page.waitForURL((u) => u.pathname === "/admin/account" && u.search === "?view=sessions");

      // The cookie is out of the page's reach (HttpOnly) and works.
      expect(await page.evaluate(() => document.cookie)).not.toContain("__session");
      expect(await userStatus(server.url, await sessionCookie(page.context()))).toBe(200);

      await page.goto(`${server.url}/admin`);
      await look(page.getByText("Signed in as")).contains(me.name);
      // Signed in already: /auth goes straight on.
      await page.goto(`${server.url}/auth`);
      expect(new URL(page.url()).pathname).toBe("/admin");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the staff area at 375px is its own frame: no site header, footer or sticky call button", async () => {
    const me = person();
    const { page, errors, close } = await browser.open({ viewport: MOBILE });
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin");
      await look(page.getByRole("heading", { level: 1 })).text("Overview");
      await look(page.getByText("Signed in as")).contains(me.name);
      await look(page.getByTestId("sticky-mobile-cta")).count(0);
      await look(page.getByRole("contentinfo")).count(0);
      await look(page.getByRole("navigation", { name: "Staff area" })).visible();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("with JavaScript: a wrong password gives the 'Login failed' toast with the server's sentence and an alert", async () => {
    const me = person();
    const { page, errors, close } = await browser.open();
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, WRONG_PASSWORD);
      await look(toastItem(page)).contains("Login failed");
      await look(toastItem(page)).contains(WRONG_CREDENTIALS_MESSAGE);
      await look(toastItem(page)).attribute("data-variant", "destructive");
      await look(signInForm(page).getByRole("alert")).text(WRONG_CREDENTIALS_MESSAGE);
      await look(signInForm(page).getByLabel("Email")).value(me.email);
      await look(signInForm(page).getByRole("button", { name: "Sign In" })).enabled();
      expect(new URL(page.url()).pathname).toBe("/auth");
      expect(await page.content()).not.toContain(WRONG_PASSWORD);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("with JavaScript: an unknown e-mail gets exactly the words a wrong password gets", async () => {
    const me = person();
    const said: string[] = [];
    for (const [email, password] of [
      [me.email, WRONG_PASSWORD],
      ["no.such.person@clinic.example", STAFF_PASSWORD],
    ] as const) {
      const { page, close } = await browser.open();
      try {
        await page.goto(`${server.url}/auth`);
        await hydrated(page);
        await fillAndSubmit(page, email, password);
        await look(toastItem(page)).contains("Login failed");
        said.push(
          (await toastItem(page).innerText()).trim(),
          (await signInForm(page).getByRole("alert").innerText()).trim(),
        );
      } finally {
        await close();
      }
    }
    expect(said[2]).toBe(said[0]);
    expect(said[3]).toBe(said[1]);
    expect(said[1]).toBe(WRONG_CREDENTIALS_MESSAGE);
  });

  it("with JavaScript: a paused account is told so in the toast", async () => {
    const me = person();
    for (let i = 0; i < 5; i++) {
      await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
        body: JSON.stringify({ email: me.email, password: WRONG_PASSWORD }),
      });
    }
    const { page, close } = await browser.open();
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await look(toastItem(page)).contains("Login failed");
      await look(toastItem(page)).contains(LOCKED_OUT_MESSAGE);
      expect(new URL(page.url()).pathname).toBe("/auth");
    } finally {
      await close();
    }
  });

  it("without JavaScript: a wrong password shows the message, keeps the e-mail and never sends the password back", async () => {
    const me = person();
    const { page, close } = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await page.goto(`${server.url}/auth`);
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await fillAndSubmit(page, me.email, WRONG_PASSWORD);
      const response = await answer;
      expect(response.status()).toBe(401);
      const html = await response.text();
      expect(html).toContain(WRONG_CREDENTIALS_MESSAGE);
      expect(html).not.toContain(WRONG_PASSWORD);
      await look(signInForm(page).getByRole("alert")).text(WRONG_CREDENTIALS_MESSAGE);
      await look(signInForm(page).getByLabel("Email")).value(me.email);
      await look(signInForm(page).getByLabel("Password")).value("");
    } finally {
      await close();
    }
  });

  it("without JavaScript: signs in, lands on the page asked for, and signs out", async () => {
    const me = person();
    const { page, close } = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await page.goto(`${server.url}/admin/account`);
      expect(new URL(page.url()).search).toBe(`?redirectTo=${encodeURIComponent("/admin/account")}`);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin/account");
      const cookie = await sessionCookie(page.context());
      expect(await userStatus(server.url, cookie)).toBe(200);

      await page.goto(`${server.url}/admin`);
      await look(page.getByText("Signed in as")).contains(me.name);
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((u) => u.pathname === "/auth");
      await look(page.getByRole("status").filter({ hasText: "You have signed out." })).visible();
      expect(await userStatus(server.url, cookie)).toBe(401);
    } finally {
      await close();
    }
  });

  it("signing out leads to /auth saying so, and the old cookie no longer works anywhere", async () => {
    const me = person();
    const { page, errors, close } = await browser.open();
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin");
      await hydrated(page);
      const cookie = await sessionCookie(page.context());

      const logout = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logout");
      await page.getByRole("button", { name: "Sign out" }).click();
      expect((await logout).status()).toBe(200);
      await page.waitForURL((u) => u.pathname === "/auth" && u.searchParams.has("signed-out"));
      await look(page.getByRole("status").filter({ hasText: "You have signed out." })).visible();

      // A copy of the cookie (a shared computer's history, a stolen header) is worth nothing now.
      expect(await userStatus(server.url, cookie)).toBe(401);
      const replay = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
      expect(replay.status).toBe(302);
      // Back in this browser, the staff area asks for a sign-in again.
      await page.goto(`${server.url}/admin`);
      expect(new URL(page.url()).pathname).toBe("/auth");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a session ended elsewhere: the next click in the staff area goes to /auth, and back to that page after", async () => {
    const me = person();
    const { page, errors, close } = await browser.open();
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin");
      await hydrated(page);
      // Signed out from another tab or device.
      await fetch(`${server.url}/api/logout`, {
        method: "POST",
        headers: { cookie: await sessionCookie(page.context()) },
      });

      await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Your account" }).click();
      await page.waitForURL((u) => u.pathname === "/auth");
      // The address to come back to is the page's, not the data request's.
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/account");
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin/account");
      expect(page.url()).toBe(`${server.url}/admin/account`);
      await page.goto(`${server.url}/admin`);
      await look(page.getByText("Signed in as")).contains(me.name);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a return address carrying React Router's route list still lands on a whole page", async () => {
    const me = person();
    const { page, errors, close } = await browser.open();
    try {
      await page.goto(`${server.url}/auth?redirectTo=${encodeURIComponent("/admin?_routes=routes/admin/home")}`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin");
      expect(new URL(page.url()).search).toBe("");
      await look(page.getByText("Signed in as")).contains(me.name);
      await look(page.getByRole("heading", { level: 1 })).text("Overview");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows 'Checking your sign-in' while a staff page is on its way over a slow connection", async () => {
    const me = person();
    const { page, errors, close } = await browser.open();
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin");
      await hydrated(page);
      // A slow network (the browser's own throttling, nothing of ours is intercepted).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 1500,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Your account" }).click();
      const spinner = page.getByRole("status").filter({ hasText: "Checking your sign-in" });
      await look(spinner, 1400).visible();
      await look(page.getByRole("main")).attribute("aria-busy", "true");
      await page.waitForURL((u) => u.pathname === "/admin/account");
      await look(spinner).hidden();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  describe.each([
    ["375px", MOBILE],
    ["1280px", DESKTOP],
  ] as const)("axe (WCAG 2.2 A/AA) on /auth at %s", (_label, viewport) => {
    it("finds no violations, before and after a failed attempt", async () => {
      const { page, close } = await browser.open({ viewport });
      try {
        await page.goto(`${server.url}/auth?signed-out`);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
        await fillAndSubmit(page, "nobody.at.all@clinic.example", WRONG_PASSWORD);
        await look(signInForm(page).getByRole("alert")).visible();
        await look(toastItem(page)).visible();
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});

describe("signing out when the server cannot be reached", () => {
  const browser = useBrowser();
  it("shows the 'Logout failed' toast and stays on the page", async () => {
    const me = account();
    const dataDir = copyPgliteTemplate("staff-sign-out-down");
    await addStaffTo({ dataDir }, [me]);
    const server = await startServer({ dataDir });
    try {
      const { page } = await browser.open();
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      await fillAndSubmit(page, me.email, STAFF_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/admin");
      await hydrated(page);
      // Touch the page once so the toaster is loaded while its code can still be fetched.
      await page.getByRole("heading", { level: 1 }).click();
      await look(page.getByRole("region", { name: "Notifications (F8)" })).count(1);
      await server.stop();

      await page.getByRole("button", { name: "Sign out" }).click();
      await look(toastItem(page)).contains("Logout failed");
      await look(toastItem(page)).contains("Please try again later.");
      await look(toastItem(page)).attribute("data-variant", "destructive");
      expect(new URL(page.url()).pathname).toBe("/admin");
      await look(page.getByRole("button", { name: "Sign out" })).enabled();
    } finally {
      await browser.closeAll();
      await server.stop();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "signing out while PostgreSQL is away (needs TEST_DATABASE_URL)",
  () => {
    const browser = useBrowser();
    it("shows the 'Logout failed' toast with the server's sentence; once it is back, signing out works", async () => {
      const me = account();
      const direct = await clonePostgresTemplate();
      await addStaffTo({ databaseUrl: direct }, [me]);
      const dbUrl = new URL(direct);
      const proxy = await startTcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
      dbUrl.hostname = "127.0.0.1";
      dbUrl.port = String(proxy.port);
      const server = await startServer({ env: { DATABASE_URL: dbUrl.toString() } });
      try {
        const { page } = await browser.open();
        await page.goto(`${server.url}/auth`);
        await hydrated(page);
        await fillAndSubmit(page, me.email, STAFF_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/admin");
        await hydrated(page);
        const cookie = await sessionCookie(page.context());

        await proxy.cut();
        const logout = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logout");
        await page.getByRole("button", { name: "Sign out" }).click();
        expect((await logout).status()).toBe(503);
        await look(toastItem(page)).contains("Logout failed");
        await look(toastItem(page)).contains("We could not sign you out");
        await look(toastItem(page)).attribute("data-variant", "destructive");
        expect(new URL(page.url()).pathname).toBe("/admin");

        // Without JavaScript, the sign-in form answers 503 in words and keeps the address typed.
        const noJs = await fetch(`${server.url}/auth`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "sign-in", email: me.email, password: STAFF_PASSWORD }),
        });
        expect(noJs.status).toBe(503);
        const noJsPage = await noJs.text();
        expect(noJsPage).toContain(SIGN_IN_UNAVAILABLE_MESSAGE);
        expect(noJsPage).toContain(`value="${me.email}"`);
        expect(noJsPage).not.toContain(STAFF_PASSWORD);
        // A staff page says the database is away (503), never a blank 500.
        const staffPage = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
        expect(staffPage.status).toBe(503);
        expect(await staffPage.text()).toContain("cannot reach its database");

        await proxy.restore();
        // Still signed in: the failed sign-out did not pretend otherwise.
        await expect.poll(() => userStatus(server.url, cookie), { timeout: 10_000 }).toBe(200);
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.waitForURL((u) => u.pathname === "/auth" && u.searchParams.has("signed-out"));
        expect(await userStatus(server.url, cookie)).toBe(401);
      } finally {
        await browser.closeAll();
        await server.stop();
        await proxy.cut();
      }
    });
  },
);
