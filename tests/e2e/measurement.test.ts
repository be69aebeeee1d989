import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import * as schema from "~/db/schema";
import { PHONE_CLICK_LEAD } from "~/features/leads/lead-constants";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser, type BrowserFixture } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { addStaff, signInCookie } from "../setup/staff";
import { clickSettled, hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";

/**
 * What the browser sends for measurement (issue 3): our own page views,
 * events and phone-click leads, and — only with the visitor's consent —
 * third-party requests. The /api/analytics/* endpoints are another piece of
 * work, so these tests assert the requests the browser makes.
 */

const GA_ID = "G-TEST12345";
const PIXEL_ID = "1234567890";
const ADS_ID = "AW-987654321";
const REQUEST_LABEL = "ReqLabel_1";
const PHONE_LABEL = "PhoneLabel-2";
const CLINIC_TEL = "+14075550142";
const ADMIN = { name: "Ada Setup", email: "ada.setup@clinic.example", roles: ["admin"] as const };
// Many leads from one address in one run: the per-client limit is not under test here.
const ENV = { RATE_LIMIT_FORMS: "1000" };

interface Sent {
  url: string;
  path: string;
  method: string;
  body: unknown;
  request: Request;
}

/** Every request a browser context makes; nothing leaves the machine (third parties are answered here). */
async function watch(context: BrowserContext, origin: string) {
  const all: Sent[] = [];
  context.on("request", (request) => {
    const url = new URL(request.url());
    let body: unknown = request.postData();
    try {
      body = request.postDataJSON();
    } catch {
      // not JSON
    }
    all.push({ url: request.url(), path: url.pathname, method: request.method(), body, request });
  });
  await context.route(
    (url) => url.origin !== origin,
    async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === "https://www.googletagmanager.com" && url.pathname === "/gtag/js") {
        // A stand-in for gtag.js: it only says it ran (the real one is Google's, outside our system).
        await route.fulfill({
          contentType: "application/javascript",
          body: "window.__fakeGtagRuns = (window.__fakeGtagRuns || 0) + 1;",
        });
      } else if (url.origin === "https://www.facebook.com" && url.pathname === "/tr") {
        await route.fulfill({ contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") });
      } else {
        await route.abort();
      }
    },
  );
  const api = (path: string) => all.filter((s) => s.path === path && s.url.startsWith(origin));
  return {
    all,
    thirdParty: () => all.filter((s) => /^https?:/.test(s.url) && !s.url.startsWith(origin)),
    pageViews: () => api("/api/analytics/page-view"),
    events: () => api("/api/analytics/event"),
    leads: () => api("/api/leads"),
  };
}

type Watch = Awaited<ReturnType<typeof watch>>;

/**
 * In-page records: when each analytics request started, every page view the
 * document sent with the server's answer, and whether any tel: click was
 * prevented. (Across the back/forward cache and history navigations the page's
 * own record is the one to count on: Playwright's request events can miss a
 * request a page sends while it is being navigated.)
 */
function instrument(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as {
      __sent: { url: string; readyState: string; at: number }[];
      __views: { body: { path: string }; status: number }[];
      __telPrevented: boolean[];
    };
    w.__sent = [];
    w.__views = [];
    w.__telPrevented = [];
    window.addEventListener("pageshow", (event) => {
      (window as unknown as { __restored?: boolean }).__restored = event.persisted;
    });
    const original = window.fetch;
    window.fetch = (input, init) => {
      w.__sent.push({ url: String(input), readyState: document.readyState, at: performance.now() });
      const answer = original(input, init);
      if (String(input).endsWith("/api/analytics/page-view")) {
        const view = { body: JSON.parse(String(init?.body)) as { path: string }, status: 0 };
        w.__views.push(view);
        answer.then(
          (res) => (view.status = res.status),
          () => (view.status = -1),
        );
      }
      return answer;
    };
    // The last listener a click reaches (window, bubbling): had anything on the page cancelled the call?
    // Then the test stands in for the phone app, which is outside our system: headless Chromium
    // stops taking input after it has tried to launch a tel: handler and the page reloads.
    window.addEventListener("click", (event) => {
      if (!(event.target as Element).closest?.('a[href^="tel:"]')) return;
      w.__telPrevented.push(event.defaultPrevented);
      event.preventDefault();
    });
  });
}

const telPrevented = (page: Page) =>
  page.evaluate(() => (window as unknown as { __telPrevented: boolean[] }).__telPrevented);

/** The page views this document has sent and the server has accepted, in order. */
const acceptedViewBodies = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __views: { body: { path: string }; status: number }[] }).__views
      .filter((v) => v.status >= 200 && v.status < 300)
      .map((v) => v.body),
  );
const acceptedViews = async (page: Page) => (await acceptedViewBodies(page)).map((body) => body.path);

/**
 * Proving a negative ("no banner", "no other request"): how long a test waits
 * for something that should not come, always after the event that would have
 * caused it has been seen (the page view, after the consent decision; the
 * lead, from the same click). A slow machine can only make this check less
 * sensitive, never make it fail.
 */
const nothingMore = (page: Page) => page.waitForTimeout(500);

/** Polls until `fn` gives something truthy, and returns it. */
async function until<T>(fn: () => T | Promise<T>, what: string, timeout = 10_000): Promise<NonNullable<T>> {
  await expect.poll(fn, { timeout, message: what }).toBeTruthy();
  return (await fn()) as NonNullable<T>;
}

describe("measurement", () => {
  const browser = useBrowser();
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: ENV });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A page of a new context, watched and instrumented (page errors fail the test: see useBrowser). */
  async function open(base: string, viewport = DESKTOP, using: BrowserFixture = browser) {
    const { context, page } = await using.open({ viewport });
    const sent = await watch(context, base);
    await instrument(page);
    return { context, page, sent };
  }

  /** A click on a tel: link, and proof that nothing on the page cancelled the call. */
  async function clickTel(page: Page, locator: ReturnType<Page["locator"]>) {
    const before = (await telPrevented(page)).length;
    await clickSettled(locator);
    const seen = await until(async () => {
      const prevented = await telPrevented(page);
      return prevented.length > before ? prevented : null;
    }, "the click reached the window");
    expect(seen.at(-1), "defaultPrevented").toBe(false);
  }

  async function phoneLead(sent: Watch, count: number) {
    const leads = await until(() => (sent.leads().length >= count ? sent.leads() : null), `${count} leads`);
    const lead = leads[count - 1];
    const response = await lead.request.response();
    return { body: lead.body as Record<string, unknown>, status: response?.status() };
  }

  async function event(sent: Watch, eventType: string, count = 1) {
    const matching = () => sent.events().filter((e) => (e.body as { eventType: string }).eventType === eventType);
    const found = await until(() => (matching().length >= count ? matching() : null), `${count} ${eventType}`);
    return found[count - 1].body as Record<string, unknown>;
  }

  describe("page views and campaign", () => {
    const landing =
      "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=therapy&utm_content=hero&gclid=g-123&fbclid=f-456";
    const utms = {
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      utmTerm: "therapy",
      utmContent: "hero",
    };

    it("counts the landing page after the page has loaded, then every client path change, with the campaign", async () => {
      const { page, sent } = await open(server.url);
      await page.goto(server.url + landing);
      const [first] = await until(() => (sent.pageViews().length ? sent.pageViews() : null), "landing page view");
      const ua = await page.evaluate(() => navigator.userAgent);
      expect(first.method).toBe("POST");
      expect(first.request.headers()["content-type"]).toContain("application/json");
      // The path only: the query string never leaves in a measurement body.
      expect(first.body).toEqual({ path: "/", userAgent: ua, ...utms, gclid: "g-123", fbclid: "f-456" });

      // Spec §4: after the load event, never before it. (How soon after, at most 1 s of idle
      // time, is a duration: it belongs in a benchmark, not in a test on a shared machine.)
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const sentLog = (window as unknown as { __sent: { url: string; readyState: string; at: number }[] }).__sent;
        return { loadEnd: nav.loadEventEnd, view: sentLog.find((s) => s.url.endsWith("/api/analytics/page-view")) };
      });
      expect(timing.view?.readyState).toBe("complete");
      expect(timing.loadEnd).toBeGreaterThan(0);
      expect(timing.view!.at).toBeGreaterThanOrEqual(timing.loadEnd);

      // Kept for the visit.
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("clinic-attribution") ?? "null"));
      expect(stored).toEqual({ ...utms, gclid: "g-123", fbclid: "f-456", landingPage: "/" });

      // A client navigation from a server-only (Static) footer link: one more view, same campaign, no click ids.
      await hydrated(page);
      await clickSettled(
        page.getByRole("contentinfo").getByRole("link", { name: "Medication Management", exact: true }),
      );
      await page.waitForURL(`${server.url}/medication-management`);
      // (Counted from the page's own record: see instrument.)
      const views = await until(async () => {
        const accepted = await acceptedViewBodies(page);
        return accepted.length >= 2 ? accepted : null;
      }, "second view");
      expect(views[1]).toEqual({
        path: "/medication-management",
        userAgent: ua,
        referrer: `${server.url}/`,
        ...utms,
      });
      // The document did not reload: it was a client navigation.
      expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);

      // A phone click later in the visit carries the landing's attribution.
      await clickTel(page, page.getByRole("main").getByRole("link", { name: /^Call / }));
      const lead = await phoneLead(sent, 1);
      expect(lead.status).toBe(201);
      expect(lead.body).toEqual({
        ...PHONE_CLICK_LEAD,
        phone: CLINIC_TEL,
        formType: "phone_click",
        source: "/medication-management",
        smsOptIn: "false",
        attribution: { ...utms, gclid: "g-123", fbclid: "f-456", landingPage: "/" },
      });

      // So does the hero form's lead, back on the home page.
      await page.goBack();
      await page.waitForURL(`${server.url}/${landing.slice(1)}`);
      const form = page.getByRole("form", { name: "Request an appointment" });
      await form.getByLabel("Full name").fill("Ana Maria Lopez");
      await form.getByLabel("Email", { exact: true }).fill("ana@example.com");
      await form.getByLabel("Phone").fill("(407) 555-0100");
      await form.getByRole("button", { name: "Request Appointment" }).click();
      const hero = await phoneLead(sent, 2);
      expect(hero.status).toBe(201);
      expect(hero.body).toMatchObject({
        formType: "hero",
        source: "/",
        attribution: { ...utms, gclid: "g-123", fbclid: "f-456", landingPage: "/" },
      });
      expect(await event(sent, "lead_submitted")).toEqual({
        eventType: "lead_submitted",
        eventCategory: "conversion",
        eventLabel: "hero",
        path: "/",
      });
      // The back navigation was a path change too (counted from the page's own record: see instrument).
      await until(async () => (await acceptedViews(page)).length >= 3, "view after back");
      expect(await acceptedViews(page)).toEqual(["/", "/medication-management", "/"]);
    });

    it("keeps the campaign for the visit and records only the origin and path of another site's referrer", async () => {
      const { page, sent } = await open(server.url);
      await page.goto(server.url + "/adhd?utm_source=search&gbraid=gb-1&wbraid=wb-2", {
        referer: "https://search.example/results?q=private+words",
      });
      const [first] = await until(() => (sent.pageViews().length ? sent.pageViews() : null), "landing view");
      expect(first.body).toMatchObject({
        path: "/adhd",
        referrer: "https://search.example/results",
        utmSource: "search",
        gbraid: "gb-1",
        wbraid: "wb-2",
      });
      expect(JSON.stringify(first.body)).not.toContain("private");
      // A second document of the same visit (no campaign in its URL) keeps the landing's record.
      await page.goto(`${server.url}/depression`);
      await until(() => sent.pageViews().length >= 2, "second document's view");
      expect(sent.pageViews()[1].body).toMatchObject({ path: "/depression", utmSource: "search" });
      expect(sent.pageViews()[1].body).not.toHaveProperty("gbraid");
      expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("clinic-attribution")!))).toEqual({
        utmSource: "search",
        gbraid: "gb-1",
        wbraid: "wb-2",
        landingPage: "/adhd",
        referrer: "https://search.example/results",
      });
    });
  });

  describe("phone links", () => {
    it("records a lead and an event for header, footer and page links without holding up the call", async () => {
      const { page, sent } = await open(server.url);
      await page.goto(`${server.url}/medication-management`);
      await hydrated(page);
      await until(() => sent.pageViews().length, "page view");

      const places = [
        ["header", page.getByRole("banner").locator('a[href^="tel:"]').first()],
        ["page", page.getByRole("main").getByRole("link", { name: /^Call / })],
        ["footer", page.getByRole("contentinfo").locator(`a[href="tel:${CLINIC_TEL}"]`)],
      ] as const;
      for (const [i, [label, link]] of places.entries()) {
        await clickTel(page, link);
        const lead = await phoneLead(sent, i + 1);
        expect(lead.status, label).toBe(201);
        expect(lead.body, label).toEqual({
          ...PHONE_CLICK_LEAD,
          phone: CLINIC_TEL,
          formType: "phone_click",
          source: "/medication-management",
          smsOptIn: "false",
          attribution: { landingPage: "/medication-management" },
        });
        expect(await event(sent, "phone_click", i + 1), label).toEqual({
          eventType: "phone_click",
          eventCategory: "contact",
          eventLabel: label,
          path: "/medication-management",
        });
      }
      expect(await telPrevented(page)).toEqual([false, false, false]);
      // The number is in the lead only, never in an event.
      for (const e of sent.events()) expect(JSON.stringify(e.body)).not.toMatch(/555|4075550142/);
    });

    it("records the sticky call button at 375px as 'sticky'", async () => {
      const { page, sent } = await open(server.url, MOBILE);
      await page.goto(`${server.url}/`);
      await hydrated(page);
      await clickTel(page, page.getByTestId("sticky-mobile-cta").getByRole("link", { name: "Call now" }));
      expect((await phoneLead(sent, 1)).status).toBe(201);
      expect(await event(sent, "phone_click")).toMatchObject({ eventLabel: "sticky", path: "/" });
    });

    it("never makes a lead or a conversion of 988 or 911", async () => {
      const { page, sent } = await open(server.url);
      await page.goto(`${server.url}/`);
      await hydrated(page);
      const crisis = page.getByRole("contentinfo").getByTestId("crisis-notice").first();
      await clickTel(page, crisis.getByRole("link", { name: "988" }));
      await clickTel(page, crisis.getByRole("link", { name: "911" }));
      await event(sent, "crisis_line_click", 2);
      // Then the clinic's own number: its lead and event are the first of either. A lead or a
      // conversion made of a help-line click would have gone out before them, from the same page.
      await clickTel(page, page.getByRole("banner").locator('a[href^="tel:"]').first());
      expect((await phoneLead(sent, 1)).body).toMatchObject({ phone: CLINIC_TEL });
      await event(sent, "phone_click");
      expect(sent.leads()).toHaveLength(1);
      expect(sent.events().filter((e) => (e.body as { eventType: string }).eventType === "phone_click")).toHaveLength(
        1,
      );
      for (const e of sent.events()) expect(JSON.stringify(e.body)).not.toMatch(/988|911/);
      expect(await telPrevented(page)).toEqual([false, false, false]);
    });

    describe("with the back/forward cache", () => {
      // Playwright turns the back/forward cache off by default; this browser keeps it.
      const withCache = useBrowser({ backForwardCache: true });
      const restored = (page: Page) =>
        expect
          .poll(() => page.evaluate(() => (window as unknown as { __restored?: boolean }).__restored), {
            message: "the page came back from the back/forward cache",
          })
          .toBe(true);

      it("keeps working after a client navigation, the back button, and a page restored from the back/forward cache", async () => {
        const { page, sent } = await open(server.url, DESKTOP, withCache);
        /** Waits until this document has counted `path` `times` times: the visitor has seen the page. */
        const counted = (path: string, times: number) =>
          until(
            async () => (await acceptedViews(page)).filter((p) => p === path).length >= times,
            `view ${times} of ${path}`,
          );
        await page.goto(`${server.url}/`);
        await hydrated(page);
        await counted("/", 1);
        const headerPhone = page.getByRole("banner").locator('a[href^="tel:"]').first();

        // Client navigation (a footer link in server-only HTML on the first load). The address
        // changes before the page is drawn: the test goes on once it has been (and counted).
        await clickSettled(page.getByRole("contentinfo").getByRole("link", { name: "ADHD", exact: true }));
        await page.waitForURL(`${server.url}/adhd`);
        await counted("/adhd", 1);
        await clickTel(page, page.getByRole("main").getByRole("link", { name: /^Call / }));
        expect((await phoneLead(sent, 1)).body).toMatchObject({ source: "/adhd" });

        // Browser back within the app (popstate). The spec's re-check of the listener 100 ms
        // later changes nothing a visitor sees: a click at once is measured too.
        await page.goBack();
        await page.waitForURL(`${server.url}/`);
        await counted("/", 2);
        await clickTel(page, headerPhone);
        expect((await phoneLead(sent, 2)).body).toMatchObject({ source: "/" });

        // Leave for another document, then come back with the back button.
        await page.goto(`${server.url}/depression`);
        await hydrated(page);
        // A restored page fires no load event: wait for the commit only.
        await page.goBack({ waitUntil: "commit" });
        await page.waitForURL(`${server.url}/`, { waitUntil: "commit" });
        await restored(page);
        // The restored page is seen again: one more view of "/" (landing, back, restored).
        await counted("/", 3);
        expect(await acceptedViews(page)).toEqual(["/", "/adhd", "/", "/"]);
        await clickTel(page, headerPhone);
        expect((await phoneLead(sent, 3)).body).toMatchObject({ source: "/" });
        await page.goForward({ waitUntil: "commit" });
        await page.waitForURL(`${server.url}/depression`, { waitUntil: "commit" });
        await hydrated(page);
        await clickTel(page, page.getByRole("main").getByRole("link", { name: /^Call / }));
        expect((await phoneLead(sent, 4)).body).toMatchObject({ source: "/depression" });
        for (let i = 1; i <= 4; i++) expect((await phoneLead(sent, i)).status).toBe(201);
      });

      it("counts a page restored from the back/forward cache before measurement had started", async () => {
        const { context, page, sent } = await open(server.url, DESKTOP, withCache);
        // A slow connection: the measurement code (loaded once a page has settled) arrives only a
        // while after the visitor has left the page and come back to it. (The while is the
        // scenario's, not a wait for the page: with any delay, two views must come.)
        let deliver!: () => void;
        const delivered = new Promise<void>((resolve) => (deliver = resolve));
        await context.route(/\/assets\/tracker-[^/]*\.js$/, async (route) => {
          await delivered;
          await route.continue();
        });
        const SLOW_NETWORK_MS = 1000;
        await page.goto(`${server.url}/`);
        await hydrated(page);
        await page.goto(`${server.url}/depression`);
        await hydrated(page);
        await page.goBack({ waitUntil: "commit" });
        await restored(page);
        expect(sent.pageViews()).toEqual([]);

        setTimeout(deliver, SLOW_NETWORK_MS);
        // Two views of "/": the landing and the return. (/depression's own view waits in its page,
        // which is in the back/forward cache now.)
        await until(
          async () => (await acceptedViews(page)).length >= 2,
          "views of the landing and of the restored page",
        );
        expect(await acceptedViews(page)).toEqual(["/", "/"]);
      });
    });
  });

  it("sends events for Virtual Visit and Get Directions", async () => {
    const { page, sent, context } = await open(server.url);
    await page.goto(`${server.url}/medication-management`);
    await hydrated(page);
    await until(() => sent.pageViews().length, "page view");

    const popup = context.waitForEvent("page");
    await clickSettled(page.getByRole("link", { name: /^Get Directions/ }));
    await (await popup).close();
    expect(await event(sent, "get_directions")).toEqual({
      eventType: "get_directions",
      eventCategory: "engagement",
      eventLabel: "footer",
      path: "/medication-management",
    });

    await clickSettled(page.getByRole("contentinfo").getByRole("link", { name: "Virtual Visit", exact: true }));
    await page.waitForURL(`${server.url}/virtual-visit`);
    expect(await event(sent, "virtual_visit_click")).toEqual({
      eventType: "virtual_visit_click",
      eventCategory: "engagement",
      eventLabel: "footer",
      path: "/medication-management",
    });
  });

  it("reports web vitals: FCP and TTFB at once, LCP after the first input, CLS when the page is hidden", async () => {
    const { page, sent } = await open(server.url);
    await page.goto(`${server.url}/`);
    await hydrated(page);
    const vitals = () =>
      sent
        .events()
        .map(
          (e) =>
            e.body as { eventType: string; eventCategory: string; eventLabel: string; value: number; path: string },
        )
        .filter((e) => e.eventType === "web_vital");
    // The vitals of the landing page (the next page reports its own).
    const labels = () =>
      vitals()
        .filter((v) => v.path === "/")
        .map((v) => v.eventLabel);
    await until(() => labels().includes("FCP") && labels().includes("TTFB"), "FCP and TTFB");
    // LCP is final at the first input; CLS (and INP, if an interaction was slow enough to count) when the page is hidden.
    await page.getByRole("heading", { level: 1 }).click();
    await until(() => labels().includes("LCP"), "LCP");
    // The visitor switches to another tab. (Headless Chromium keeps every tab visible, so the page is told so.)
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await until(() => labels().includes("CLS"), "CLS").catch((error) => {
      throw new Error(`${error.message}; vitals sent: ${JSON.stringify(vitals())}`);
    });
    for (const vital of vitals()) {
      expect(vital.eventCategory).toBe("performance");
      expect(typeof vital.value).toBe("number");
      expect(vital.value).toBeGreaterThanOrEqual(0);
    }
    // The largest paint happened after the navigation began and before now (both on the page's clock).
    const lcp = vitals().find((v) => v.eventLabel === "LCP")!;
    expect(lcp.value).toBeGreaterThan(0);
    expect(lcp.value).toBeLessThanOrEqual(await page.evaluate(() => performance.now()));
  });

  it("without third-party IDs: no banner, no choices button, nothing requested from another origin", async () => {
    const { page, sent } = await open(server.url, MOBILE);
    const response = await page.goto(`${server.url}/`);
    const csp = response!.headers()["content-security-policy"];
    expect(csp).not.toMatch(/googletagmanager|facebook|google-analytics/);
    await hydrated(page);
    // The page view leaves after the consent decision: a banner would be on its way by now.
    await until(() => sent.pageViews().length, "page view");
    await nothingMore(page);
    await look(page.getByRole("region", { name: "Cookies and tracking" })).count(0);
    await look(page.getByRole("button", { name: "Cookie & tracking choices" })).count(0);
    await clickTel(page, page.getByTestId("sticky-mobile-cta").getByRole("link", { name: "Call now" }));
    await phoneLead(sent, 1);
    await nothingMore(page);
    expect(sent.thirdParty().map((s) => s.url)).toEqual([]);
  });

  describe("with third-party analytics, Google Ads conversions and an ad pixel configured", () => {
    let configured: TestServer;
    let treatments: { title: string }[];

    beforeAll(async () => {
      const dataDir = copyPgliteTemplate("third-party");
      const database = await openDatabase({ dataDir });
      // As /admin/google-ads-setup saves it, with its default page groups (blog and condition pages off).
      await database.db.insert(schema.adsMeasurementSettings).values({
        analyticsMeasurementId: GA_ID,
        adPixelId: PIXEL_ID,
        adsConversionId: ADS_ID,
        requestLabel: REQUEST_LABEL,
        phoneLabel: PHONE_LABEL,
      });
      await addStaff(database, [ADMIN]);
      await database.close();
      configured = await startServer({ dataDir, env: ENV });
      treatments = await (await fetch(`${configured.url}/api/treatments`)).json();
    });
    afterAll(async () => {
      await configured?.stop();
    });

    const banner = (page: Page) => page.getByRole("region", { name: "Cookies and tracking" });
    const dataLayer = (page: Page) =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((c) => Array.from(c)),
      );

    it("allows the third parties' origins in the page's CSP, and only then", async () => {
      const res = await fetch(`${configured.url}/`);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(csp).toMatch(/img-src [^;]*https:\/\/googleads\.g\.doubleclick\.net/);
      expect(csp).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    });

    it("asks first; Reject sends nothing to anyone else, and is remembered", async () => {
      const { page, sent } = await open(configured.url, MOBILE);
      await page.goto(`${configured.url}/`);
      await look(banner(page)).visible();
      // The banner appears once the page has settled; by then nothing has gone to a third party.
      expect(sent.thirdParty()).toEqual([]);
      // It leaves the sticky call button visible and usable.
      const call = page.getByTestId("sticky-mobile-cta").getByRole("link", { name: "Call now" });
      const [b, c] = [await banner(page).boundingBox(), await call.boundingBox()];
      expect(b!.y + b!.height).toBeLessThanOrEqual(c!.y);

      await banner(page).getByRole("button", { name: "Reject" }).click();
      await look(banner(page)).count(0);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("clinic-consent")!))).toMatchObject({
        v: 1,
        choice: "rejected",
      });
      await clickTel(page, call);
      await phoneLead(sent, 1);

      await page.reload();
      await hydrated(page);
      // The page view leaves after the consent decision: a banner would be on its way by now.
      await until(() => sent.pageViews().length >= 2, "view after reload");
      await nothingMore(page);
      await look(banner(page)).count(0);
      await clickTel(page, call);
      await phoneLead(sent, 2);
      await nothingMore(page);
      expect(sent.thirdParty().map((s) => s.url)).toEqual([]);
      expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    });

    it("after Accept: consent defaults denied first, redacted page views, nothing from a condition page, bare conversions", async () => {
      const { page, sent } = await open(configured.url);
      await page.goto(`${configured.url}/`);
      await look(banner(page)).visible();
      expect(sent.thirdParty()).toEqual([]);
      await banner(page).getByRole("button", { name: "Accept" }).click();
      await look(banner(page)).count(0);

      await until(() => page.evaluate(() => (window as unknown as { __fakeGtagRuns?: number }).__fakeGtagRuns), "gtag");
      const pageViews = async () => (await dataLayer(page)).filter((c) => c[0] === "event" && c[1] === "page_view");
      await until(async () => (await pageViews()).length >= 1, "forwarded page view");
      expect((await pageViews())[0][2]).toEqual({
        page_location: `${configured.url}/`,
        page_title: "Clinic website",
        page_referrer: "",
      });
      const config = (await dataLayer(page)).find((c) => c[0] === "config");
      expect(config).toEqual([
        "config",
        GA_ID,
        expect.objectContaining({ send_page_view: false, page_title: "Clinic website", allow_google_signals: false }),
      ]);
      // Consent Mode v2: every signal denied before anything else, then what the services need; never personalisation.
      expect((await dataLayer(page)).slice(0, 2)).toEqual([
        [
          "consent",
          "default",
          { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
        ],
        [
          "consent",
          "update",
          {
            ad_storage: "granted",
            analytics_storage: "granted",
            ad_user_data: "granted",
            ad_personalization: "denied",
          },
        ],
      ]);

      // A condition page: nothing at all, not a page view, not a conversion; Google's tag is told to stay silent.
      const commands = (await dataLayer(page)).length;
      await hydrated(page);
      await clickSettled(page.getByRole("contentinfo").getByRole("link", { name: "Depression", exact: true }));
      await page.waitForURL(`${configured.url}/depression`);
      await until(
        () => page.evaluate((id) => (window as unknown as Record<string, boolean>)[`ga-disable-${id}`], GA_ID),
        "silenced",
      );
      await clickTel(page, page.getByRole("main").getByRole("link", { name: /^Call / }));
      await phoneLead(sent, 1);
      await nothingMore(page);
      expect((await dataLayer(page)).length).toBe(commands);
      const pixel = () => sent.thirdParty().filter((s) => s.url.startsWith("https://www.facebook.com/"));
      expect(pixel()).toEqual([]);

      // Back home: Google's tag may speak again; a phone click is one bare pixel request and one bare conversion.
      await page.goBack();
      await page.waitForURL(`${configured.url}/`);
      await until(async () => (await pageViews()).length >= 2, "view back home");
      expect(
        await page.evaluate((id) => (window as unknown as Record<string, boolean>)[`ga-disable-${id}`], GA_ID),
      ).toBe(false);
      await clickTel(page, page.getByRole("main").getByRole("link", { name: /^Call / }));
      await phoneLead(sent, 2);
      await until(() => pixel().length === 1, "pixel request");
      expect(pixel()[0].url).toBe(`https://www.facebook.com/tr?id=${PIXEL_ID}&ev=Lead&noscript=1`);
      const referer = (await pixel()[0].request.allHeaders())["referer"];
      expect([undefined, `${configured.url}/`]).toContain(referer);
      const conversions = async () => (await dataLayer(page)).filter((c) => c[0] === "event" && c[1] === "conversion");
      expect(await conversions()).toEqual([["event", "conversion", { send_to: `${ADS_ID}/${PHONE_LABEL}` }]]);

      // The hero form: one more of each, just as bare, with the request's label.
      const form = page.getByRole("form", { name: "Request an appointment" });
      const person = { name: "Zelda Quarry", email: "zelda.quarry@example.com", phone: "(407) 555-0177" };
      const service = treatments[2].title;
      await form.getByLabel("Full name").fill(person.name);
      await form.getByLabel("Email", { exact: true }).fill(person.email);
      await form.getByLabel("Phone").fill(person.phone);
      await form.getByLabel("Service (optional)").selectOption(service);
      await form.getByRole("button", { name: "Request Appointment" }).click();
      expect((await phoneLead(sent, 3)).status).toBe(201);
      await until(() => pixel().length === 2, "second pixel request");
      expect(pixel()[1].url).toBe(`https://www.facebook.com/tr?id=${PIXEL_ID}&ev=Lead&noscript=1`);
      await until(async () => (await conversions()).length === 2, "request conversion");
      expect((await conversions())[1]).toEqual(["event", "conversion", { send_to: `${ADS_ID}/${REQUEST_LABEL}` }]);
      await nothingMore(page);
      expect(pixel()).toHaveLength(2);

      // Every third-party request: only the script and the two pixel images, and no personal or health detail.
      const thirdParty = sent.thirdParty();
      expect(thirdParty.map((s) => s.url)).toEqual([
        `https://www.googletagmanager.com/gtag/js?id=${GA_ID}`,
        `https://www.facebook.com/tr?id=${PIXEL_ID}&ev=Lead&noscript=1`,
        `https://www.facebook.com/tr?id=${PIXEL_ID}&ev=Lead&noscript=1`,
      ]);
      const secrets = [
        person.name,
        "Zelda",
        "Quarry",
        person.email,
        "555-0177",
        "5550177",
        "555-0142",
        "4075550142",
        service,
        "depression",
        "medication",
      ];
      const outbound = JSON.stringify([thirdParty.map((s) => [s.url, s.body]), await dataLayer(page)]);
      for (const secret of secrets) expect(outbound.toLowerCase()).not.toContain(secret.toLowerCase());

      // Remembered: the next load needs no question and loads the script again.
      await page.reload();
      await until(
        () => page.evaluate(() => (window as unknown as { __fakeGtagRuns?: number }).__fakeGtagRuns),
        "gtag after reload",
      );
      await look(banner(page)).count(0);
    });

    /** A visitor who said yes on an earlier visit. */
    async function openAccepted(viewport = DESKTOP) {
      const opened = await open(configured.url, viewport);
      await opened.page.addInitScript(
        (ids) => {
          localStorage.setItem("clinic-consent", JSON.stringify({ v: 1, choice: "accepted", date: "2026-11-01" }));
          localStorage.setItem("clinic-consent-ids", JSON.stringify(ids));
        },
        [GA_ID, ADS_ID, PIXEL_ID],
      );
      return opened;
    }

    it("a yes given when only Analytics was on is no yes for Google Ads and the pixel: asked again, nothing sent meanwhile", async () => {
      const { page, sent } = await open(configured.url);
      await page.addInitScript((id) => {
        localStorage.setItem("clinic-consent", JSON.stringify({ v: 1, choice: "accepted", date: "2026-11-01" }));
        localStorage.setItem("clinic-consent-ids", JSON.stringify([id]));
      }, GA_ID);
      await page.goto(`${configured.url}/`);
      await hydrated(page);
      await look(banner(page)).visible();
      await nothingMore(page);
      expect(sent.thirdParty()).toEqual([]);
      expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);

      await banner(page).getByRole("button", { name: "Accept" }).click();
      await look(banner(page)).count(0);
      // From the next page on, the yes covers all three.
      await clickSettled(page.getByRole("banner").getByRole("link", { name: "Team", exact: true }));
      await page.waitForURL(`${configured.url}/team`);
      await until(() => sent.thirdParty().length, "gtag.js");
      expect(sent.thirdParty()[0]!.url).toBe(`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`);
    });

    it.each(["/depression", "/anxiety-therapy", "/blog"])(
      "after a yes, landing on %s (a condition page, or a group that is off) sends nothing to a third party",
      async (path) => {
        const { page, sent } = await openAccepted();
        await page.goto(`${configured.url}${path}`);
        await hydrated(page);
        // Our own page view leaves after the consent decision (the stored yes): third parties would have been started by now.
        await until(() => sent.pageViews().length, "page view");
        await clickTel(page, page.getByRole("banner").getByRole("link", { name: /555-0142/ }));
        await phoneLead(sent, 1);
        await nothingMore(page);
        expect(sent.thirdParty().map((s) => s.url)).toEqual([]);
        expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
      },
    );

    it("the set-up page's live check predicts exactly what the browser sends on a page, after a yes and on a phone click", async () => {
      const cookie = await signInCookie(configured.url, ADMIN.email);
      const port = new URL(configured.url).port;
      const html = await (
        await fetch(`${configured.url}/admin/google-ads-setup?check=%2Frequest-appointment`, { headers: { cookie } })
      ).text();
      const attribute = /data-live-plan="([^"]*)"/.exec(html)![1]!;
      type Step = { kind: string; url?: string; command?: unknown[] };
      const plan = JSON.parse(
        attribute
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&")
          .replaceAll(`http://localhost:${port}`, configured.url),
      ) as Record<"afterConsent" | "onPhone", Step[]>;
      const commandsOf = (steps: Step[]) => steps.filter((s) => s.kind === "gtag").map((s) => s.command);
      const urlsOf = (steps: Step[]) => steps.filter((s) => s.kind !== "gtag").map((s) => s.url);
      expect(commandsOf(plan.afterConsent).length).toBeGreaterThan(3);

      const { page, sent } = await openAccepted();
      await page.goto(`${configured.url}/request-appointment`);
      await hydrated(page);
      const commands = async () => (await dataLayer(page)).map((c) => (c[0] === "js" ? ["js"] : c));
      await until(async () => (await commands()).some((c) => c[1] === "page_view"), "page view");
      await nothingMore(page);
      expect(await commands()).toEqual(commandsOf(plan.afterConsent));
      expect(sent.thirdParty().map((s) => s.url)).toEqual(urlsOf(plan.afterConsent));

      const before = { commands: (await commands()).length, requests: sent.thirdParty().length };
      await clickTel(page, page.getByRole("banner").getByRole("link", { name: /555-0142/ }));
      await phoneLead(sent, 1);
      await until(() => sent.thirdParty().length > before.requests, "pixel");
      await nothingMore(page);
      expect((await commands()).slice(before.commands)).toEqual(commandsOf(plan.onPhone));
      expect(
        sent
          .thirdParty()
          .slice(before.requests)
          .map((s) => s.url),
      ).toEqual(urlsOf(plan.onPhone));
    });

    it("reopens from the footer's server-rendered button and works with the keyboard alone", async () => {
      const { page, sent } = await open(configured.url, MOBILE);
      await page.goto(`${configured.url}/`);
      await look(banner(page)).visible();
      await banner(page).getByRole("button", { name: "Accept" }).click();
      await page.reload();
      await hydrated(page);
      // gtag.js loads on the stored yes, read when measurement starts: no question this time.
      await until(() => page.evaluate(() => (window as unknown as { __fakeGtagRuns?: number }).__fakeGtagRuns), "gtag");
      await nothingMore(page);
      await look(banner(page)).count(0);

      // The button lives in a section React does not hydrate on the first load.
      const choices = page.getByRole("contentinfo").getByRole("button", { name: "Cookie & tracking choices" });
      // (React marks every node it hydrated with its own properties; this one has none.)
      expect(await choices.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__react")))).toBe(false);
      await choices.focus();
      await page.keyboard.press("Enter");
      await look(banner(page)).visible();
      await look(banner(page)).focused();

      await page.keyboard.press("Tab");
      const accept = banner(page).getByRole("button", { name: "Accept" });
      const reject = banner(page).getByRole("button", { name: "Reject" });
      await look(accept).focused();
      const outline = await accept.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe("none");
      await page.keyboard.press("Tab");
      await look(reject).focused();
      // Equally prominent, and large enough to tap.
      const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
      expect(a!.height).toBeGreaterThanOrEqual(44);
      expect(r!.height).toBe(a!.height);
      expect(Math.abs(r!.width - a!.width)).toBeLessThanOrEqual(1);
      expect(await accept.getAttribute("class")).toBe(await reject.getAttribute("class"));

      // Not a trap: Tab leaves the banner for the page.
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      expect(await banner(page).evaluate((el) => el.contains(document.activeElement))).toBe(false);

      await reject.focus();
      await page.keyboard.press("Enter");
      await look(banner(page)).count(0);
      await look(choices).focused();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("clinic-consent")!).choice)).toBe("rejected");

      // After the no, a conversion goes nowhere else.
      const before = sent.thirdParty().length;
      await clickTel(page, page.getByTestId("sticky-mobile-cta").getByRole("link", { name: "Call now" }));
      await phoneLead(sent, 1);
      await nothingMore(page);
      expect(sent.thirdParty().length).toBe(before);
    });

    it.each([
      ["375px", MOBILE],
      ["1280px", DESKTOP],
    ] as const)("axe finds no violations with the banner open at %s", async (_label, viewport) => {
      const { page } = await open(configured.url, viewport);
      await page.goto(`${configured.url}/`);
      await hydrated(page);
      await look(banner(page)).visible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
