import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_UNAVAILABLE_MESSAGE } from "../../app/features/auth/sign-in-status";
import { hydrated, look } from "../setup/page-assertions";
import { launchBrowser, openPage } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";

const PASSWORD = "correct-horse-battery-staple";
const signInForm = (page: Page) => page.getByRole("form", { name: "Sign in with your staff account" });

/** /auth until staff sign-in is built: a real form that says plainly it signs nobody in. */
describe("staff sign-in page", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const postForm = (body: string, contentType = "application/x-www-form-urlencoded") =>
    fetch(`${server.url}/auth`, { method: "POST", headers: { "content-type": contentType }, body });

  it("shows the form with labelled fields, says sign-in is off, and is neither indexed nor cached", async () => {
    const res = await fetch(`${server.url}/auth`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const again = await fetch(`${server.url}/auth`);
    expect(again.headers.get("x-cache")).toBeNull();
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("Staff sign-in is not switched on yet.");

    const { page, close } = await openPage(browser);
    try {
      await page.goto(`${server.url}/auth`);
      const form = signInForm(page);
      await look(form.getByLabel("Email")).attribute("autocomplete", "username");
      await look(form.getByLabel("Email")).attribute("type", "email");
      await look(form.getByLabel("Password")).attribute("autocomplete", "current-password");
      await look(form.getByLabel("Password")).attribute("type", "password");
      await look(form.getByRole("button", { name: "Sign In" })).visible();
    } finally {
      await close();
    }
  });

  it("answers a post without JavaScript with 503 and the reason, keeping the e-mail but never the password", async () => {
    const res = await postForm(`email=${encodeURIComponent("staff@example.com")}&password=${PASSWORD}`);
    expect(res.status).toBe(503);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toContain(SIGN_IN_UNAVAILABLE_MESSAGE);
    expect(html).toMatch(/name="email" value="staff@example.com"/);
    expect(html).not.toContain(PASSWORD);
  });

  it("answers bad input with a 4xx, never a 500", async () => {
    const broken = await postForm("--x\r\nnot multipart", "multipart/form-data; boundary=y");
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("could not be read");
    expect((await postForm("", "application/json")).status).toBe(415);
    expect((await postForm(`email=${"a".repeat(40_000)}`)).status).toBe(413);
    const long = await postForm(`email=${"a".repeat(1000)}@example.com&password=x`);
    expect(long.status).toBe(503);
    expect(await long.text()).not.toContain("a".repeat(255));
  });

  it("with JavaScript, shows the reason in place, keeps the e-mail and clears the password", async () => {
    const { page, errors, close } = await openPage(browser);
    try {
      await page.goto(`${server.url}/auth`);
      await hydrated(page);
      const form = signInForm(page);
      await form.getByLabel("Email").fill("staff@example.com");
      await form.getByLabel("Password").fill(PASSWORD);
      await form.getByRole("button", { name: "Sign In" }).click();
      await look(form.getByRole("alert")).text(SIGN_IN_UNAVAILABLE_MESSAGE);
      await look(form.getByLabel("Email")).value("staff@example.com");
      await look(form.getByLabel("Password")).value("");
      expect(page.url()).toBe(`${server.url}/auth`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
