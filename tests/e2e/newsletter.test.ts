import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickSettled, hydrated, look } from "../setup/page-assertions";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate } from "../setup/database";
import { startServer, type TestServer } from "../setup/server";
import { startSmtpSink, type SmtpSink } from "../setup/smtp-sink";
import { startTcpProxy } from "../setup/tcp-proxy";
import { fetchAnswer } from "../setup/answers";
import { axeViolations } from "../setup/axe";

/** The one-click link of a welcome e-mail, from its List-Unsubscribe header. */
function linkOf(mail: { headers: Record<string, string> }) {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers["list-unsubscribe"] ?? "");
  if (!match) throw new Error(`no List-Unsubscribe link: ${mail.headers["list-unsubscribe"]}`);
  return new URL(match[1]!);
}

describe("newsletter", () => {
  let server: TestServer;
  const browser = useBrowser();
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({ env: { SMTP_URL: smtp.url, RATE_LIMIT_FORMS: "1000" } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  async function open(options: { javaScriptEnabled?: boolean; viewport?: typeof DESKTOP } = {}) {
    const opened = await browser.open({ viewport: options.viewport ?? DESKTOP, ...options });
    return opened;
  }
  async function visit(path: string, options: { javaScriptEnabled?: boolean; viewport?: typeof DESKTOP } = {}) {
    const opened = await open(options);
    await opened.page.goto(`${server.url}${path}`);
    if (options.javaScriptEnabled !== false) await hydrated(opened.page);
    return opened;
  }
  const footerBox = (page: Page) => page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });
  const toastItem = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");

  /** Subscribes through the JSON API, as the footer box does, and returns the welcome e-mail's link. */
  async function subscribedLink(email: string) {
    const res = await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, source: "/" }),
    });
    expect(res.status).toBe(201);
    return linkOf(await smtp.waitFor(email));
  }

  describe("footer box with JavaScript", () => {
    it("waits for an address, shows 'Subscribing...' while the request is held, then 'Subscribed!' and clears the field", async () => {
      const { page, errors } = await visit("/", { viewport: MOBILE });
      const box = footerBox(page);
      const input = box.getByLabel("Email address");
      const button = box.getByRole("button", { name: /Subscrib/ });
      await input.scrollIntoViewIfNeeded();
      await look(input).attribute("type", "email");
      await look(button).disabled();
      await input.fill("   ");
      await look(button).disabled();
      await input.fill("  first.visitor@example.com ");
      await look(button).enabled();

      // Hold the request until the test has looked at the pending state.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const intercepted = new Promise<Route>((resolve) =>
        page.route("**/api/newsletter/subscribe", async (route) => {
          resolve(route);
          await held;
          await route.continue();
        }),
      );
      await button.click();
      const route = await intercepted;
      expect(route.request().method()).toBe("POST");
      expect(route.request().headers()["content-type"]).toContain("application/json");
      expect(route.request().postDataJSON()).toEqual({ email: "first.visitor@example.com", source: "/" });
      await look(button).text("Subscribing...");
      await look(button).disabled();
      release();

      await look(toastItem(page)).contains("Subscribed!");
      await look(toastItem(page)).contains("You'll receive our weekly mental health newsletter.");
      await look(input).value("");
      await look(button).text("Subscribe");
      await look(button).disabled();

      // The welcome e-mail: one-click unsubscribe, by header and by link.
      const mail = await smtp.waitFor("first.visitor@example.com");
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const link = linkOf(mail);
      expect(link.pathname).toBe("/newsletter/unsubscribe");
      expect(link.href).not.toMatch(/first|visitor|example\.com/i);
      expect(mail.text).toContain(link.href);
      expect(mail.text).toMatch(/988/);
      expect(errors).toEqual([]);
    });

    it("subscribing an address twice is a success both times, with one welcome e-mail", async () => {
      const { page, errors } = await visit("/");
      const box = footerBox(page);
      for (const typed of ["twice@example.com", "Twice@Example.com"]) {
        await box.getByLabel("Email address").fill(typed);
        await box.getByRole("button", { name: "Subscribe" }).click();
        await look(toastItem(page)).contains("Subscribed!");
        await look(box.getByLabel("Email address")).value("");
      }
      await smtp.waitFor("twice@example.com");
      // Proving a negative: no second welcome e-mail comes in this time.
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.mails.filter((m) => m.to.some((t) => t.toLowerCase() === "twice@example.com"))).toHaveLength(1);
      expect(errors).toEqual([]);
    });

    it("shows the server's reason in the failure toast and keeps what was typed", async () => {
      const { page, errors } = await visit("/");
      const box = footerBox(page);
      const input = box.getByLabel("Email address");
      // The browser accepts this address; the server's schema does not.
      await input.fill("someone@example");
      await box.getByRole("button", { name: "Subscribe" }).click();
      await look(toastItem(page)).contains("Subscription failed");
      await look(toastItem(page)).attribute("data-variant", "destructive");
      await look(toastItem(page)).contains("Please enter a valid email address.");
      await look(input).value("someone@example");
      expect(errors).toEqual([]);
    });

    it("says 'Please try again later.' when the answer has no message", async () => {
      const { page } = await visit("/");
      const box = footerBox(page);
      await page.route("**/api/newsletter/subscribe", (route) => route.fulfill({ status: 502, body: "" }));
      await box.getByLabel("Email address").fill("later@example.com");
      await box.getByRole("button", { name: "Subscribe" }).click();
      await look(toastItem(page)).contains("Subscription failed");
      await look(toastItem(page)).contains("Please try again later.");
      await look(box.getByLabel("Email address")).value("later@example.com");
    });

    it("stays interactive after client-side navigation, sending the new page as the source", async () => {
      const { page, errors } = await visit("/");
      await clickSettled(page.getByRole("contentinfo").getByRole("link", { name: "Insurance", exact: true }));
      await page.waitForURL(`${server.url}/insurance`);
      // The URL changes before the new page has rendered; typing earlier can land in the old one.
      await page.getByTestId("page-loading").waitFor({ state: "detached" });
      const box = footerBox(page);
      await box.getByLabel("Email address").fill("navigated@example.com");
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/newsletter/subscribe");
      await box.getByRole("button", { name: "Subscribe" }).click();
      expect((await sent).postDataJSON()).toEqual({ email: "navigated@example.com", source: "/insurance" });
      await look(toastItem(page)).contains("Subscribed!");
      expect(errors).toEqual([]);
    });

    it("has a hidden honeypot and a crisis notice next to the form", async () => {
      const { page } = await visit("/");
      const box = footerBox(page);
      const trap = box.locator('input[name="website"]');
      await look(trap).attribute("tabindex", "-1");
      await look(trap).attribute("autocomplete", "off");
      expect(await trap.isVisible()).toBe(true); // rendered, but off screen
      const rect = await trap.boundingBox();
      expect(rect!.x + rect!.width).toBeLessThanOrEqual(0);
      await look(trap.locator("xpath=..")).attribute("aria-hidden", "true"); // hidden from assistive tech
      await look(box.getByText("Leave this field empty")).count(1);
      await look(box.getByTestId("crisis-notice")).contains("988");
      await look(box.getByText(/being switched on/)).count(0);
    });
  });

  describe("without JavaScript", () => {
    it("the footer box posts natively and the visitor sees a confirmation page", async () => {
      const { page } = await visit("/", { javaScriptEnabled: false });
      const box = footerBox(page);
      await look(box.getByRole("button", { name: "Subscribe" })).enabled();
      await box.getByLabel("Email address").fill(" native.visitor@example.com ");
      await box.getByRole("button", { name: "Subscribe" }).click();
      await page.waitForURL(`${server.url}/newsletter`);
      const main = page.getByRole("main");
      await look(main.getByRole("heading", { name: "You're subscribed" })).visible();
      await look(main).contains("native.visitor@example.com");
      await smtp.waitFor("native.visitor@example.com");
    });

    it("an address the server refuses comes back in the form, with the reason, status 400", async () => {
      const { page } = await visit("/anxiety-therapy-missing", { javaScriptEnabled: false });
      const box = footerBox(page);
      await box.getByLabel("Email address").fill("typo@example");
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await box.getByRole("button", { name: "Subscribe" }).click();
      expect((await response).status()).toBe(400);
      const form = page.getByRole("main").getByRole("form", { name: "Sign up" });
      const input = form.getByLabel("Email address");
      await look(input).value("typo@example");
      await look(input).attribute("aria-invalid", "true");
      await look(form.getByText("Please enter a valid email address.")).visible();
      await look(page.getByRole("main").getByTestId("crisis-notice")).visible();
    });

    it("unsubscribes through the link page: the link alone changes nothing, the button does", async () => {
      const link = await subscribedLink("leaving@example.com");
      const { page } = await visit(link.pathname + link.search, { javaScriptEnabled: false });
      const main = page.getByRole("main");
      await look(main.getByRole("heading", { name: "Unsubscribe from our newsletter?" })).visible();
      await look(main).contains("l•••@example.com");
      expect(await main.innerText()).not.toContain("leaving@");
      // Opened again (as a mail scanner would): still subscribed.
      await page.reload();
      await look(main.getByRole("heading", { name: "Unsubscribe from our newsletter?" })).visible();

      await main.getByRole("button", { name: "Unsubscribe" }).click();
      await look(main.getByRole("heading", { name: "You're unsubscribed" })).visible();
      await look(main).contains("l•••@example.com");
      await page.goto(link.href.replace(link.origin, server.url));
      await look(main.getByRole("heading", { name: "You're unsubscribed" })).visible();
    });
  });

  describe("unsubscribe link over HTTP", () => {
    it("a one-click POST from a mail server unsubscribes (RFC 8058)", async () => {
      const link = await subscribedLink("oneclick@example.com");
      const url = `${server.url}${link.pathname}${link.search}`;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toContain("You&#x27;re unsubscribed");
      expect(await (await fetch(url)).text()).toContain("You&#x27;re unsubscribed");
    });

    it("a tampered or missing token gets a clear 400 page, never a 500", async () => {
      const link = await subscribedLink("tamper@example.com");
      const token = link.searchParams.get("token")!;
      const tampered = token.slice(0, -3) + (token.endsWith("AAA") ? "BBB" : "AAA");
      for (const query of [`?token=${tampered}`, "?token=", "", "?token=%00%ff", `?token=${"x".repeat(5000)}`]) {
        const res = await fetch(`${server.url}/newsletter/unsubscribe${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.text()).toContain("This unsubscribe link doesn&#x27;t work");
        const post = await fetch(`${server.url}/newsletter/unsubscribe${query}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
        expect(post.status, query).toBe(400);
      }
      // The untampered link still shows the subscription.
      expect(await (await fetch(`${server.url}${link.pathname}${link.search}`)).text()).toContain("Unsubscribe");
    });

    it("unsubscribe pages are neither cached nor indexed; the sign-up page is cacheable, its answers are not", async () => {
      const link = await subscribedLink("headers@example.com");
      const page = await fetch(`${server.url}${link.pathname}${link.search}`);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("x-robots-tag")).toBe("noindex");
      expect(page.headers.get("x-cache")).toBeNull();
      expect(await page.text()).toMatch(/<meta name="robots" content="noindex"/);

      const signup = await fetch(`${server.url}/newsletter`);
      expect(signup.status).toBe(200);
      expect(signup.headers.get("cache-control")).toMatch(/^public/);
      const answer = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=headers%40example.com&source=%2F&website=",
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    });

    it("the sign-up page refuses cross-site posts, a filled honeypot, and bodies that are not forms", async () => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const cross = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: { ...form, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        body: "email=cross%40example.com",
      });
      expect(cross.status).toBe(403);
      const bot = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: form,
        body: "email=bot%40example.com&website=http%3A%2F%2Fspam.example",
      });
      expect(bot.status).toBe(400);
      const json = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "json@example.com" }),
      });
      expect(json.status).toBe(415);
      const big = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: form,
        body: `email=big%40example.com&source=%2F${"x".repeat(40_000)}`,
      });
      expect(big.status).toBe(413);
    });
  });

  describe("axe (WCAG 2.2 A/AA)", () => {
    it.each([
      ["375px", MOBILE],
      ["1280px", DESKTOP],
    ])("finds no violations on the sign-up, confirmation and unsubscribe pages at %s", async (_label, viewport) => {
      const link = await subscribedLink(`axe-${viewport.width}@example.com`);
      const { page, errors } = await visit("/newsletter", { viewport });
      expect(await axeViolations(page)).toEqual([]);

      // The refused state (with JavaScript the page form posts without a reload, same answer).
      const main = page.getByRole("main");
      await main.getByLabel("Email address").fill("typo@example");
      await main.getByRole("button", { name: "Subscribe" }).click();
      await look(main.getByText("Please enter a valid email address.")).visible();
      await look(main.getByLabel("Email address")).value("typo@example");
      expect(await axeViolations(page)).toEqual([]);

      await main.getByLabel("Email address").fill(`axe-page-${viewport.width}@example.com`);
      await main.getByRole("button", { name: "Subscribe" }).click();
      await look(main.getByRole("heading", { name: "You're subscribed" })).visible();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${server.url}${link.pathname}${link.search}`);
      await hydrated(page);
      await look(main.getByRole("heading", { name: "Unsubscribe from our newsletter?" })).visible();
      expect(await axeViolations(page)).toEqual([]);
      // With JavaScript the button works without a reload as well.
      await main.getByRole("button", { name: "Unsubscribe" }).click();
      await look(main.getByRole("heading", { name: "You're unsubscribed" })).visible();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${server.url}/newsletter/unsubscribe?token=broken`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});

describe("newsletter page limits", () => {
  const browser = useBrowser();
  it("past the form limit, the page answers 429 and keeps what was typed", async () => {
    // A window far longer than the test: with the default ten minutes, a run that straddled a window's
    // end (09:10:00 UTC, say) had its third post counted in a new window and answered 200.
    const server = await startServer({ env: { RATE_LIMIT_FORMS: "2", RATE_LIMIT_FORMS_WINDOW_SECONDS: "1000000000" } });
    try {
      const { page } = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false });
      const statuses: number[] = [];
      for (const email of ["one@example.com", "two@example.com", "three@example.com"]) {
        await page.goto(`${server.url}/newsletter`);
        await page.getByRole("main").getByLabel("Email address").fill(email);
        const response = page.waitForResponse((r) => r.request().method() === "POST");
        await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
        statuses.push((await response).status());
      }
      expect(statuses).toEqual([200, 200, 429]);
      const main = page.getByRole("main");
      await look(main.getByRole("alert")).contains("Too many requests");
      await look(main.getByLabel("Email address")).value("three@example.com");
    } finally {
      await browser.closeAll();
      await server.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("newsletter pages when PostgreSQL is away", () => {
  it("answer 503 without waiting, with the form kept, and work again once it is back", async () => {
    const dbUrl = new URL(await clonePostgresTemplate());
    const proxy = await startTcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    dbUrl.hostname = "127.0.0.1";
    dbUrl.port = String(proxy.port);
    const server = await startServer({ env: { DATABASE_URL: dbUrl.toString() } });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    try {
      await proxy.cut();
      // Answered while the database is still away (a hung request fails after the safety time).
      const page = await fetchAnswer(`${server.url}/newsletter`, {
        method: "POST",
        headers: form,
        body: "email=away%40example.com&source=%2F&website=",
      });
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain("We could not save this right now");
      expect(html).toContain('value="away@example.com"');

      const api = await fetchAnswer(`${server.url}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "away@example.com" }),
      });
      expect(api.status).toBe(503);

      await proxy.restore();
      await expect
        .poll(
          async () =>
            (
              await fetchAnswer(`${server.url}/newsletter`, {
                method: "POST",
                headers: form,
                body: "email=away%40example.com&source=%2F&website=",
              })
            ).status,
          { timeout: 20_000, interval: 250, message: "the sign-up works again once the database is back" },
        )
        .toBe(200);
    } finally {
      await server.stop();
      await proxy.cut();
    }
  });
});
