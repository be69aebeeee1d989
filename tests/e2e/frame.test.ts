import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickSettled, hydrated, look } from "../setup/page-assertions";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";

/** Every request the page makes, from before navigation on. */
function recordRequests(page: Page) {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

/**
 * What Chromium tells a screen reader about the header's menu button (a <summary>, which Playwright's
 * roles do not cover): its role, its name and whether it is expanded.
 */
async function announced(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "header summary" });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const node = nodes[0]!;
    const expanded = node.properties?.find((p) => p.name === "expanded")?.value.value;
    return `${node.role?.value} “${node.name?.value}”, ${expanded ? "expanded" : "collapsed"}`;
  } finally {
    await cdp.detach();
  }
}

describe("site frame", () => {
  let server: TestServer;
  const browser = useBrowser();
  let site: { footerPhone: string; footerEmail: string; footerAddress: string };

  beforeAll(async () => {
    server = await startServer();
    site = await (await fetch(`${server.url}/api/site-content`)).json();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function open(viewport = DESKTOP) {
    const opened = await browser.open({ viewport });
    return opened;
  }

  async function visit(path: string, viewport = DESKTOP) {
    const opened = await open(viewport);
    const response = await opened.page.goto(`${server.url}${path}`);
    await hydrated(opened.page);
    return { ...opened, response };
  }

  const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, "")}`;
  const offSite = (requests: Request[]) =>
    requests.map((r) => r.url()).filter((url) => !url.startsWith("data:") && new URL(url).origin !== server.url);

  describe("header", () => {
    it("has the logo, the main links, the phone, the patient portal and Request Appointment at 1280px", async () => {
      const { page, errors } = await visit("/");
      const header = page.getByRole("banner");
      await look(header.getByRole("link", { name: "Cypress Lane Behavioral Health" })).attribute("href", "/");
      const nav = header.getByRole("navigation", { name: "Main" });
      for (const [name, href] of [
        ["Services", "/services"],
        ["Team", "/team"],
        ["Insurance", "/insurance"],
      ]) {
        await look(nav.getByRole("link", { name, exact: true })).visible();
        await look(nav.getByRole("link", { name, exact: true })).attribute("href", href);
      }
      const phone = header.getByRole("link", { name: site.footerPhone, exact: true });
      await look(phone).visible();
      await look(phone).attribute("href", telHref(site.footerPhone));
      const portal = header.getByRole("link", { name: /^Patient Portal/ });
      await look(portal).visible();
      await look(portal).attribute("target", "_blank");
      await look(portal).attribute("rel", /\bnoopener\b/);
      await look(portal).attribute("rel", /\bnoreferrer\b/);
      await look(portal).attribute("href", /^https:\/\//);
      const request = header.getByRole("link", { name: "Request Appointment", exact: true });
      await look(request).visible();
      await look(request).attribute("href", "/request-appointment");
      // The mobile menu button is not shown on a wide screen.
      await look(header.getByLabel("Menu", { exact: true })).hidden();
      expect(errors).toEqual([]);
    });

    it("stays at the top of the window when the page scrolls", async () => {
      const { page } = await visit("/");
      await page.mouse.move(600, 500);
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(2000);
      const box = await page.getByRole("banner").boundingBox();
      expect(box!.y).toBeCloseTo(0, 0);
      expect(box!.height).toBeGreaterThan(40);
      await look(page.getByRole("banner").getByRole("link", { name: "Request Appointment", exact: true })).visible();
    });
  });

  describe("mobile menu at 375px", () => {
    const menuLinks = [
      ["Services", "/services"],
      ["Team", "/team"],
      ["Insurance", "/insurance"],
      ["Virtual Visit", "/virtual-visit"],
      ["Request Appointment", "/request-appointment"],
    ];

    it("opens with its links and closes when one is tapped", async () => {
      const { page, errors } = await visit("/", MOBILE);
      const header = page.getByRole("banner");
      const toggle = header.getByLabel("Menu", { exact: true });
      await expect.poll(() => announced(page)).toBe("DisclosureTriangle “Menu”, collapsed");
      const menu = header.getByRole("navigation", { name: "Mobile" });
      await look(menu).hidden();
      // Nothing of the desktop navigation shows at this width.
      await look(header.getByRole("navigation", { name: "Main" })).hidden();

      await toggle.click();
      await expect.poll(() => announced(page)).toBe("DisclosureTriangle “Menu”, expanded");
      await look(menu).visible();
      const phone = menu.getByRole("link", { name: `Call ${site.footerPhone}` });
      await look(phone).visible();
      await look(phone).attribute("href", telHref(site.footerPhone));
      for (const [name, href] of menuLinks) {
        await look(menu.getByRole("link", { name, exact: true })).visible();
        await look(menu.getByRole("link", { name, exact: true })).attribute("href", href);
      }
      const portal = menu.getByRole("link", { name: /^Patient Portal/ });
      await look(portal).visible();
      await look(portal).attribute("target", "_blank");

      await menu.getByRole("link", { name: "Virtual Visit", exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/virtual-visit");
      await look(menu).hidden();
      await expect.poll(() => announced(page)).toBe("DisclosureTriangle “Menu”, collapsed");
      expect(errors).toEqual([]);
    });

    it("works from the keyboard: Enter opens, Escape closes and returns focus to the button", async () => {
      const { page, errors } = await visit("/", MOBILE);
      const header = page.getByRole("banner");
      const toggle = header.getByLabel("Menu", { exact: true });
      const menu = header.getByRole("navigation", { name: "Mobile" });
      await toggle.focus();
      // Focus on the button is visible (the site's one focus ring).
      expect(await toggle.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
      await page.keyboard.press("Enter");
      await expect.poll(() => announced(page)).toBe("DisclosureTriangle “Menu”, expanded");
      await look(menu).visible();

      // Move into the menu, then leave it with Escape.
      await page.keyboard.press("Tab");
      await look(menu.getByRole("link", { name: `Call ${site.footerPhone}` })).focused();
      await page.keyboard.press("Escape");
      await expect.poll(() => announced(page)).toBe("DisclosureTriangle “Menu”, collapsed");
      await look(menu).hidden();
      await look(toggle).focused();
      // Space opens it too, as on any button.
      await page.keyboard.press("Space");
      await look(menu).visible();
      expect(errors).toEqual([]);
    });

    it("opens without JavaScript, by tap and from the keyboard, and its links lead on", async () => {
      const { page } = await browser.open({ viewport: MOBILE, javaScriptEnabled: false });
      await page.goto(`${server.url}/`);
      const header = page.getByRole("banner");
      const toggle = header.getByLabel("Menu", { exact: true });
      const menu = header.getByRole("navigation", { name: "Mobile" });
      await look(toggle).visible();
      await look(menu).hidden();
      await toggle.click();
      await look(menu).visible();
      await expect.poll(() => announced(page)).toBe("DisclosureTriangle “Menu”, expanded");
      for (const [name, href] of menuLinks) {
        await look(menu.getByRole("link", { name, exact: true })).visible();
        await look(menu.getByRole("link", { name, exact: true })).attribute("href", href);
      }
      // Within the window: the last link is reachable, not pushed below the fold of a short phone.
      const last = await menu.getByRole("link", { name: "Request Appointment", exact: true }).boundingBox();
      expect(last!.y + last!.height).toBeLessThanOrEqual(MOBILE.height);
      await toggle.click();
      await look(menu).hidden();

      await toggle.focus();
      await page.keyboard.press("Enter");
      await look(menu).visible();
      await page.keyboard.press("Tab");
      await look(menu.getByRole("link", { name: `Call ${site.footerPhone}` })).focused();
      await menu.getByRole("link", { name: "Team", exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/team");
      await look(page.getByRole("heading", { level: 1 })).visible();
    });
  });

  describe("sticky mobile call-to-action", () => {
    it.each(["/", "/medication-management"])("shows at 375px on %s", async (path) => {
      const { page, errors } = await visit(path, MOBILE);
      const cta = page.getByTestId("sticky-mobile-cta");
      await look(cta).visible();
      await look(cta.getByRole("link", { name: /Call/ })).attribute("href", telHref(site.footerPhone));
      await look(cta.getByRole("link", { name: /Request/ })).attribute("href", "/request-appointment");
      const box = await cta.boundingBox();
      expect(box!.y + box!.height).toBeCloseTo(MOBILE.height, 0);
      expect(errors).toEqual([]);
    });

    // (The staff area, signed in, has no sticky call button either: staff-sign-in and staff-overview-audit tests.)
    it.each(["/request-appointment", "/request-appointment/anything", "/thank-you"])(
      "is left out at 375px on %s",
      async (path) => {
        const { page } = await visit(path, MOBILE);
        await look(page.getByRole("heading", { level: 1 })).visible();
        await look(page.getByTestId("sticky-mobile-cta")).count(0);
      },
    );

    it("is not shown at 1280px", async () => {
      const { page } = await visit("/");
      await look(page.getByTestId("sticky-mobile-cta")).count(1);
      await look(page.getByTestId("sticky-mobile-cta")).hidden();
    });
  });

  describe("footer", () => {
    it("has the crisis line, contact details, hours, links, social links and legal lines", async () => {
      const { page, errors } = await visit("/");
      const footer = page.getByRole("contentinfo");

      // The crisis strip at the top of the footer (the newsletter box has its own notice too).
      const crisis = footer.getByTestId("crisis-notice").first();
      await look(crisis.getByRole("link", { name: "988", exact: true })).attribute("href", "tel:988");
      await look(crisis.getByRole("link", { name: "911", exact: true })).attribute("href", "tel:911");
      await look(crisis).contains("call or text 988");

      await look(footer.getByRole("link", { name: site.footerPhone, exact: true })).attribute(
        "href",
        telHref(site.footerPhone),
      );
      await look(footer.getByRole("link", { name: site.footerEmail, exact: true })).attribute(
        "href",
        `mailto:${site.footerEmail}`,
      );
      const address = footer.locator("address");
      await look(address).contains(site.footerAddress);
      await look(address).contains("Orlando, FL 32810");

      await look(footer.getByRole("heading", { name: "Office Hours" })).visible();
      await look(footer.getByRole("term")).text([/^Mon(day)?\s*[-–]\s*Fri(day)?$/, "Saturday", "Sunday"]);
      await look(footer.getByRole("definition")).text([/^9:00 AM\s*[-–]\s*5:00 PM$/, /^By appointment$/i, /^Closed$/i]);

      await look(footer.getByRole("heading", { name: "Quick Links" })).visible();
      for (const [name, href] of [
        ["Services", "/services"],
        ["Insurance", "/insurance"],
        ["Team", "/team"],
        ["Blog", "/blog"],
        ["Virtual Visit", "/virtual-visit"],
        ["Request Appointment", "/request-appointment"],
      ]) {
        await look(footer.getByRole("link", { name, exact: true })).attribute("href", href);
      }

      await look(footer.getByRole("heading", { name: "Services & Treatments" })).visible();
      const services = [
        "/psychiatric-evaluation",
        "/medication-management",
        "/therapy",
        "/anxiety-disorders",
        "/depression",
        "/adhd",
      ];
      for (const href of services) await look(footer.locator(`a[href="${href}"]`)).visible();

      const social = footer.getByRole("link", { name: /\(opens in a new tab\)$/ });
      await look(social).count(7);
      for (const [i, name] of ["Zocdoc", "Facebook", "X", "Instagram", "TikTok", "LinkedIn", "YouTube"].entries()) {
        const link = social.nth(i);
        await look(link).text(new RegExp(`\\b${name}\\b`));
        await look(link).attribute("target", "_blank");
        await look(link).attribute("rel", /\bnoopener\b/);
        await look(link).attribute("href", /^https:\/\//);
      }

      await look(footer.getByText(/^© \d{4} Cypress Lane Behavioral Health/)).visible();
      await look(footer.getByText(/licensed in the State of Florida/)).visible();
      await look(footer.getByText(/do not sell or advertise prescription drugs online/)).visible();
      expect(errors).toEqual([]);
    });

    // An office's page shows that office, never the main office's block as a second one (decision 0042).
    it.each(["/", "/request-appointment", "/locations/winter-park"])(
      "leaves out 'Visit Our Clinic' on %s",
      async (path) => {
        const { page } = await visit(path);
        await look(page.getByRole("contentinfo")).visible();
        await look(page.getByRole("heading", { name: "Visit Our Clinic" })).count(0);
      },
    );

    it("shows 'Visit Our Clinic' with directions and the areas served on other pages", async () => {
      const { page, errors } = await visit("/medication-management");
      const visit_ = page.getByRole("contentinfo").getByRole("region", { name: "Visit Our Clinic" });
      await look(visit_).visible();
      await look(visit_).contains(site.footerAddress);
      const directions = visit_.getByRole("link", { name: /^Get Directions/ });
      await look(directions).attribute("target", "_blank");
      await look(directions).attribute("rel", /\bnoopener\b/);
      await look(directions).attribute(
        "href",
        /^https:\/\/(www\.)?(google\.com\/maps|maps\.google\.com|www\.openstreetmap\.org)/,
      );
      for (const area of ["Winter Park", "Orlando", "Altamonte Springs", "Central Florida"]) {
        await look(visit_.getByText(/^Serving /)).contains(area);
      }
      // A compact card here: the address leads to the main office's page; no map panel.
      await look(visit_.getByRole("link", { name: new RegExp(site.footerAddress) })).attribute(
        "href",
        "/locations/orlando",
      );
      await look(visit_.locator("iframe")).count(0);
      expect(errors).toEqual([]);
    });

    it("loads the map only when asked, on an office's page", async () => {
      const { page, errors } = await open();
      const requests = recordRequests(page);
      await page.goto(`${server.url}/locations/orlando`);
      await hydrated(page);
      const panel = page.getByTitle(/^Map showing /);
      await panel.scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      expect(requests.length).toBeGreaterThan(3);
      expect(offSite(requests)).toEqual([]);

      // The panel is our own page until the visitor asks; then that frame becomes the map service's.
      const ask = page.frameLocator('iframe[title^="Map showing"]').getByRole("link", { name: "Show map" });
      await look(ask).visible();
      await ask.click();
      await expect
        .poll(() => offSite(requests).filter((url) => url.startsWith("https://www.openstreetmap.org/")).length)
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });

    it("offers the main office's map on the contact page without JavaScript, fetched only when asked", async () => {
      const { page } = await browser.open({ viewport: MOBILE, javaScriptEnabled: false });
      const requests = recordRequests(page);
      await page.goto(`${server.url}/get-started`);
      const findUs = page.getByRole("region", { name: "Where to find us" });
      await look(findUs.getByRole("link", { name: new RegExp(site.footerAddress) })).attribute(
        "href",
        "/locations/orlando",
      );
      await findUs.getByTitle(/^Map showing /).scrollIntoViewIfNeeded();
      const ask = page.frameLocator('iframe[title^="Map showing"]').getByRole("link", { name: "Show map" });
      await look(ask).visible();
      expect(offSite(requests)).toEqual([]);
      await ask.click();
      await expect
        .poll(() => offSite(requests).filter((url) => url.startsWith("https://www.openstreetmap.org/")).length)
        .toBeGreaterThan(0);
    });
  });

  it("answers an unknown path with 404 and the not-found page", async () => {
    const { page, response } = await visit("/definitely-missing");
    expect(response!.status()).toBe(404);
    await look(page.getByRole("heading", { level: 1, name: "We couldn't find that page" })).visible();
    await look(page.getByRole("link", { name: "Go to the home page" })).attribute("href", "/");
  });

  it("shows a spinner while the next page loads on client navigation", async () => {
    const { page, errors } = await visit("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 800,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    const heading = page.getByRole("heading", { level: 1, name: "Medication Management" });
    const loading = page.getByTestId("page-loading");
    await look(loading).count(0);
    // What the visitor sees, in the order it comes: recorded in the page, so the order is exact
    // however slowly the test itself gets to look.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
      const note = (what: string) => !seen.includes(what) && seen.push(what);
      new MutationObserver(() => {
        const status = document.querySelector('[data-testid="page-loading"] [role="status"]');
        if (status) note(`spinner: ${status.textContent?.trim()}`);
        if (document.querySelector("h1")?.textContent?.trim() === "Medication Management") note("new page");
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    await clickSettled(page.getByRole("link", { name: "Learn more about Medication Management" }));
    await heading.waitFor({ state: "visible", timeout: 20_000 });
    await look(loading).count(0);
    // The spinner came first, then the new page.
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([
      "spinner: Loading page",
      "new page",
    ]);
    expect(new URL(page.url()).pathname).toBe("/medication-management");
    expect(errors).toEqual([]);
  });

  it("loads '/' without script errors and without anything from another origin", async () => {
    const { page, errors } = await open();
    const requests = recordRequests(page);
    await page.goto(`${server.url}/`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // Scroll through the page so lazy images and code load too.
    for (let y = 0; y < 12; y++) {
      await page.mouse.wheel(0, 1000);
      // Until the browser has drawn the new position (what is near it is then asked for).
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    }
    await page.waitForLoadState("networkidle");
    const types = new Set(requests.map((r) => r.resourceType()));
    for (const type of ["document", "script", "font", "image"]) expect(types, type).toContain(type);
    expect(offSite(requests)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
