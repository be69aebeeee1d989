import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import * as schema from "~/db/schema";
import { clickSettled, hydrated, look } from "../setup/page-assertions";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { root } from "../setup/paths";
import { startServer, type TestServer } from "../setup/server";

interface Treatment {
  id: number;
  slug: string;
  title: string;
  shortDescription: string;
  icon: string | null;
}
interface Provider {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
}

const faqContent: { question: string; answer: string }[] = JSON.parse(
  fs.readFileSync(path.join(root, "content", "faq.json"), "utf8"),
);

/** Document-relative top of an element, to compare the vertical order of sections. */
function top(locator: Locator) {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

describe("home page", () => {
  let server: TestServer;
  const browser = useBrowser();
  let treatments: Treatment[];
  let providers: Provider[];
  let site: { aboutText: string; footerPhone: string };

  beforeAll(async () => {
    server = await startServer();
    treatments = await (await fetch(`${server.url}/api/treatments`)).json();
    providers = await (await fetch(`${server.url}/api/insurance-providers`)).json();
    site = await (await fetch(`${server.url}/api/site-content`)).json();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function open(viewport = DESKTOP, options: { javaScriptEnabled?: boolean } = {}) {
    const opened = await browser.open({ viewport, ...options });
    return opened;
  }

  async function home(viewport = DESKTOP) {
    const opened = await open(viewport);
    await opened.page.goto(`${server.url}/`);
    await hydrated(opened.page);
    return opened;
  }

  const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
  const heroForm = (page: Page) => page.getByRole("form", { name: "Request an appointment" });

  it("shows the sections in the spec's order, from the hero to the footer", async () => {
    const { page, errors } = await home();
    const heading = (name: string, level = 2) => page.getByRole("heading", { name, level, exact: true });
    const hero = heading("Psychiatry, Therapy & Counseling in Winter Park, FL", 1);
    const badges = page.getByRole("list", { name: "Why people choose us" });
    const verified = heading("Verified On");
    const trust = page.getByTestId("trust-factors");
    const insurance = heading("Find an in-network provider from most insurance plans");
    const about = heading("About Cypress Lane Behavioral Health");
    const why = page.getByRole("region", { name: /^Why Choose/ });
    const care = heading("Two Ways to Meet with Us");
    const services = heading("Featured Services");
    const approach = heading("Our Approach Step by Step");
    const comparison = page.getByRole("region", { name: "What Makes Our Care Different" });
    const start = heading("Getting Started Is Simple");
    const lazy = ["testimonials", "team", "conditions", "faq", "locations"].map((name) =>
      page.locator(`[data-section="${name}"]`),
    );
    const footer = page.getByRole("contentinfo");
    const ordered = [
      hero,
      badges,
      verified,
      trust,
      insurance,
      about,
      why,
      care,
      services,
      approach,
      comparison,
      start,
      ...lazy,
      footer,
    ];

    for (const locator of ordered) await look(locator).count(1);
    const tops = [];
    for (const locator of ordered) tops.push(await top(locator));
    for (let i = 1; i < tops.length; i++)
      expect(tops[i], `section ${i} is below section ${i - 1}`).toBeGreaterThan(tops[i - 1]);

    // Hero and trust rows.
    await look(badges.getByRole("listitem")).text([
      /Licensed Florida clinicians/,
      /telehealth/i,
      /Same-week appointments/i,
      /Most insurance accepted/i,
      /4\.8 rating/,
    ]);
    const verifiedNames = await page
      .getByRole("region", { name: "Verified On" })
      .getByRole("listitem")
      .allTextContents();
    expect(verifiedNames).toHaveLength(6);
    expect(new Set(verifiedNames.map((n) => n.trim())).size).toBe(6);
    // Ten compact items, each with its own icon (issue 20).
    await look(trust.getByRole("listitem")).text([
      /Licensed Professionals/,
      /HIPAA Compliant/,
      /Insurance Accepted/,
      /Same-Week Appointments/i,
      /Featured on /,
      /Listed on /,
      /Evidence-Based Treatment/,
      /Compassionate Care/,
      /10\+ Years Experience/,
      /Secure Telehealth/,
    ]);
    const icons = await trust.locator("svg").evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML));
    expect(new Set(icons).size).toBe(10);

    // Insurance strip: title, subtitle, the first five providers as logo cards, and "See all".
    const strip = page.getByRole("region", { name: "Find an in-network provider from most insurance plans" });
    // "Add your insurance" leads to the appointment request and its insurance field.
    await look(
      strip.getByRole("link", { name: "Add your insurance to see in-network mental health providers", exact: true }),
    ).attribute("href", "/request-appointment");
    await look(strip.getByRole("img")).count(5);
    for (const [i, provider] of providers.slice(0, 5).entries()) {
      await look(strip.getByRole("listitem").nth(i).getByRole("img", { name: provider.name })).visible();
    }
    const seeAll = strip.getByRole("link", { name: `See all (${providers.length}+)` });
    expect(providers.length).toBe(10);
    await look(seeAll).attribute("href", "/insurance");

    // About (from site content).
    const firstParagraph = site.aboutText.split(/\n{2,}/)[0];
    await look(
      page.getByRole("region", { name: "About Cypress Lane Behavioral Health" }).getByText(firstParagraph),
    ).visible();

    // Approach: three numbered steps, then the rest of the about text (its first paragraph is About's:
    // no paragraph twice on the page).
    const approachRegion = page.getByRole("region", { name: "Our Approach Step by Step" });
    const steps = approachRegion.getByRole("listitem");
    await look(steps).count(3);
    for (const [i, title] of ["Initial Consultation", "Personalized Treatment Plan", "Ongoing Support"].entries()) {
      await look(steps.nth(i).getByRole("heading", { name: `Step ${i + 1}: ${title}` })).visible();
      await look(steps.nth(i)).contains(String(i + 1));
    }
    const rest = site.aboutText.split(/\n{2,}/)[1]!;
    expect(await top(approachRegion.getByText(rest))).toBeGreaterThan(await top(steps.nth(2)));
    await look(page.getByText(firstParagraph, { exact: true })).count(1);

    // Comparison.
    await look(comparison.getByRole("heading", { level: 3 })).text([
      "Personalized Care",
      "Faster Access",
      "Telehealth Statewide",
    ]);
    await look(comparison.getByRole("link", { name: "Request an Appointment Today" })).attribute(
      "href",
      "/request-appointment",
    );
    await look(
      comparison.getByText("Most insurance plans accepted • Same-week appointments available", { exact: true }),
    ).visible();
    expect(errors).toEqual([]);
  });

  it("puts the lazily loaded sections in the server HTML, not hidden", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // Parse the server's HTML in a page where no script can run.
    const { page } = await open(DESKTOP, { javaScriptEnabled: false });
    await page.setContent(html);
    const sections = {
      testimonials: { heading: "What Our Patients Say", content: "blockquote" },
      team: { heading: "Meet Our Clinicians", content: "h3" },
      conditions: { heading: "Conditions We Treat", content: "li" },
      faq: { heading: "Frequently Asked Questions", content: "details" },
      locations: { heading: "Our Locations", content: "h3" },
    };
    const found = await page.evaluate((sections) => {
      return Object.entries(sections).map(([name, { content }]) => {
        const section = document.querySelector(`[data-section="${name}"]`);
        const h2 = section?.querySelector("h2");
        const items = section ? [...section.querySelectorAll(content)] : [];
        return {
          name,
          heading: h2?.textContent?.trim(),
          items: items.length,
          firstItemText: items[0]?.textContent?.trim() ?? "",
          hidden: !!section?.closest("[hidden]") || items.some((el) => !!el.closest("[hidden]")),
          beforeFooter:
            !!section &&
            !!(section.compareDocumentPosition(document.querySelector("footer")!) & Node.DOCUMENT_POSITION_FOLLOWING),
        };
      });
    }, sections);
    for (const section of found) {
      const expected = sections[section.name as keyof typeof sections];
      expect(section, section.name).toMatchObject({ heading: expected.heading, hidden: false, beforeFooter: true });
      expect(section.items, section.name).toBeGreaterThan(0);
      expect(section.firstItemText.length, section.name).toBeGreaterThan(2);
    }
    // Some of the actual content, e.g. every FAQ question and answer.
    for (const item of faqContent) {
      expect(html).toContain(item.question.replace(/'/g, "&#x27;"));
    }
    expect(html).not.toMatch(/<template/);
  });

  /** Twelve phone screens (issue 20): a home page people scan rather than scroll through. */
  const MAX_SCREENS = 12;
  it(`is at most ${MAX_SCREENS} screens long at 375 × 812, every section the spec orders still there`, async () => {
    const { page, errors } = await browser.open({ viewport: MOBILE });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    // The sections below the fold skip layout until near the screen (content-visibility, decision 0019),
    // so scroll through as a visitor does: each is then laid out at its real height.
    for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += MOBILE.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    const sections = await page.evaluate(() =>
      [...document.querySelectorAll("main > *, main section, footer")].map((el) => ({
        name: el.getAttribute("aria-labelledby") ?? el.getAttribute("data-section") ?? el.tagName.toLowerCase(),
        height: Math.round(el.getBoundingClientRect().height),
      })),
    );
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, JSON.stringify(sections)).toBeLessThanOrEqual(MAX_SCREENS * MOBILE.height);
    for (const name of ["testimonials", "team", "conditions", "faq", "locations"])
      expect(await page.locator(`[data-section="${name}"]`).count(), name).toBe(1);
    expect(errors).toEqual([]);
  });

  it("shows the first three insurance logos in the hero and General Inquiry plus the first 8 treatments as services", async () => {
    const { page, errors } = await home();
    const hero = page.getByRole("region", { name: "Psychiatry, Therapy & Counseling in Winter Park, FL" });
    const logos = hero.getByRole("img");
    await look(logos).count(3);
    for (const [i, provider] of providers.slice(0, 3).entries()) {
      await look(logos.nth(i)).attribute("alt", provider.name);
      await look(logos.nth(i)).visible();
    }
    const options = heroForm(page).getByLabel("Service (optional)").locator("option");
    expect(await options.allTextContents()).toEqual(["General Inquiry", ...treatments.slice(0, 8).map((t) => t.title)]);
    expect(treatments.length).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  });

  it("draws the insurance strip's marks as /insurance does: one tile, one logo height, each named once", async () => {
    const { page, errors } = await home();
    const marks = async (list: Locator) => {
      await list.scrollIntoViewIfNeeded();
      return list.locator("li img").evaluateAll((imgs) =>
        imgs.map((img) => ({
          name: img.getAttribute("alt"),
          height: Math.round(img.getBoundingClientRect().height),
          tile: Math.round(img.closest("li, a")!.getBoundingClientRect().height),
          text: img.closest("li")!.textContent!.trim(),
        })),
      );
    };
    const strip = await marks(
      page.getByRole("region", { name: "Find an in-network provider from most insurance plans" }).getByRole("list"),
    );
    await page.goto(`${server.url}/insurance`);
    const grid = await marks(page.getByRole("list", { name: "Insurance providers" }));
    expect(strip.map((m) => m.name)).toEqual(providers.slice(0, strip.length).map((p) => p.name));
    expect(grid.map((m) => m.name)).toEqual(providers.map((p) => p.name));
    const looks = new Set([...strip, ...grid].map((m) => `${m.height}/${m.tile}`));
    expect([...looks]).toEqual([`${grid[0]!.height}/${grid[0]!.tile}`]);
    expect(grid[0]!.height).toBeGreaterThanOrEqual(24);
    // The logo says the name: no words beside it.
    for (const mark of [...strip, ...grid]) expect(mark.text, mark.name!).toBe("");
    expect(errors).toEqual([]);
  });

  it("shows six featured services, all of them on 'View All Services', and six again on 'Show Less'", async () => {
    const { page, errors } = await home();
    const section = page.getByRole("region", { name: "Featured Services" });
    const cards = section.getByRole("listitem");
    const toggle = section.getByRole("button", { name: "View All Services" });

    async function checkCards(count: number) {
      await look(cards).count(count);
      for (const [i, t] of treatments.slice(0, count).entries()) {
        const card = cards.nth(i);
        await look(card).visible();
        await look(card.getByRole("heading", { level: 3 })).text(t.title);
        await look(card.getByText(t.shortDescription, { exact: true })).visible();
        const link = card.getByRole("link", { name: new RegExp(`^Learn more about ${t.title}$`, "i") });
        await look(link).text("Learn More →");
        await look(link).attribute("href", `/${t.slug}`);
        const icon = card.locator("svg");
        const shown = t.icon ?? "Brain";
        await look(icon).attribute("data-icon", shown);
        await look(icon).className(new RegExp(`\\blucide-${shown.toLowerCase()}\\b`));
      }
    }

    expect(treatments.length).toBe(10);
    await checkCards(6);
    await look(toggle).attribute("aria-expanded", "false");

    await clickSettled(toggle);
    const less = section.getByRole("button", { name: "Show Less" });
    await look(less).attribute("aria-expanded", "true");
    await checkCards(10);
    // The treatment without an icon shows the default Brain.
    const iconless = treatments.findIndex((t) => t.icon === null);
    expect(iconless).toBeGreaterThanOrEqual(0);
    await look(cards.nth(iconless).locator("svg")).attribute("data-icon", "Brain");
    await look(cards.nth(iconless).locator("svg")).className(/\blucide-brain\b/);

    await less.click();
    await look(section.getByRole("button", { name: "View All Services" })).attribute("aria-expanded", "false");
    await checkCards(6);
    expect(errors).toEqual([]);
  });

  describe("FAQ", () => {
    async function faqItems(page: Page) {
      const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
      await faq.scrollIntoViewIfNeeded();
      const question = (i: number) => faq.getByText(faqContent[i].question, { exact: true });
      const answer = (i: number) => faq.getByText(faqContent[i].answer, { exact: true });
      return { question, answer };
    }

    it("keeps at most one answer open, and lets all close", async () => {
      const { page, errors } = await home();
      const { question, answer } = await faqItems(page);
      for (const i of [0, 1, 2]) await look(answer(i)).hidden();

      await clickSettled(question(0));
      await look(answer(0)).visible();

      await question(1).click();
      await look(answer(1)).visible();
      await look(answer(0)).hidden();

      await question(1).click();
      await look(answer(1)).hidden();
      for (const i of [0, 1, 2]) await look(answer(i)).hidden();
      expect(errors).toEqual([]);
    });

    it("works without JavaScript", async () => {
      const { page } = await open(DESKTOP, { javaScriptEnabled: false });
      await page.goto(`${server.url}/`);
      const { question, answer } = await faqItems(page);
      await look(answer(0)).hidden();
      await question(0).click();
      await look(answer(0)).visible();
      await question(1).click();
      await look(answer(1)).visible();
      await look(answer(0)).hidden();
    });
  });

  describe("with an insurance logo that fails to load", () => {
    let broken: TestServer;
    beforeAll(async () => {
      const dataDir = copyPgliteTemplate("broken-logo");
      const database = await openDatabase({ dataDir });
      await database.db
        .update(schema.insuranceProviders)
        .set({ logo: "/images/insurance/missing.svg" })
        .where(eq(schema.insuranceProviders.slug, "aetna"));
      await database.close();
      broken = await startServer({ dataDir });
    });
    afterAll(async () => {
      await broken?.stop();
    });

    it("shows the provider's name instead of a broken image", async () => {
      const missing = await fetch(`${broken.url}/images/insurance/missing.svg`);
      expect(missing.ok).toBe(false);
      const { page, errors } = await open(DESKTOP);
      await page.goto(`${broken.url}/`);
      const strip = page.getByRole("region", { name: "Find an in-network provider from most insurance plans" });
      await strip.scrollIntoViewIfNeeded();
      const hero = page.getByRole("region", { name: "Psychiatry, Therapy & Counseling in Winter Park, FL" });
      for (const where of [hero, strip]) {
        const first = where.getByRole("listitem").filter({ hasText: "Aetna" });
        await look(first).count(1);
        await look(first.getByText("Aetna", { exact: true })).visible();
        await look(first.getByRole("img")).count(0);
        // The others still show their logos.
        await look(where.getByRole("img", { name: "Cigna" })).visible();
      }
      await look(page.locator('img[src*="missing.svg"]')).count(0);
      // No image on the page is broken.
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
          ),
        )
        .toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  describe("hero lead form", () => {
    function recordLeadRequests(page: Page) {
      const requests: Request[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/leads") requests.push(request);
      });
      return requests;
    }

    it("asks for the missing fields, sends nothing, and shows one notification at a time", async () => {
      const { page, errors } = await home();
      const requests = recordLeadRequests(page);
      const form = heroForm(page);
      // The fields are `required` and the browser's own check blocks a truly
      // empty field, and an email field strips whitespace (so an all-space
      // email is empty too). Name and phone made of spaces pass the browser's
      // check and reach the form's trimmed check, which is what we test here.
      await form.getByLabel("Full name").fill("   ");
      await form.getByLabel("Email", { exact: true }).fill("ana@example.com");
      await form.getByLabel("Phone").fill("   ");
      await form.getByRole("button", { name: "Request Appointment" }).click();

      const toasts = notifications(page).getByRole("listitem");
      await look(toasts).count(1);
      const first = toasts.first();
      await look(first).contains("Missing Information");
      await look(first).contains("Please fill in your name, email, and phone number.");
      await look(first).attribute("data-variant", "destructive");
      const firstHandle = await first.elementHandle();

      // A second submission replaces the notification: still only one shown.
      await form.getByRole("button", { name: "Request Appointment" }).click();
      await expect.poll(() => firstHandle!.evaluate((el) => el.isConnected)).toBe(false);
      await look(toasts).count(1);
      await look(toasts.first()).contains("Missing Information");

      // And with every field empty, the browser's required check stops it too.
      await form.getByLabel("Phone").fill("");
      await form.getByLabel("Full name").fill("");
      await form.getByRole("button", { name: "Request Appointment" }).click();
      expect(await form.getByLabel("Full name").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
        true,
      );

      expect(requests).toHaveLength(0);
      expect(page.url()).toBe(`${server.url}/`);
      expect(errors).toEqual([]);
    });

    it("sends the lead as JSON, shows 'Submitting...', then confirms and clears the form", async () => {
      const { page, errors } = await home();
      const requests = recordLeadRequests(page);
      const form = heroForm(page);
      await form.getByLabel("Full name").fill("Ana Maria Lopez");
      await form.getByLabel("Email", { exact: true }).fill("ana@example.com");
      await form.getByLabel("Phone").fill("(407) 555-0100");
      await form.getByLabel("Service").selectOption({ index: 2 });
      const service = await form.getByLabel("Service").inputValue();

      // Slow the network a little so the submitting state can be seen.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 1500,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/leads");
      await form.getByRole("button", { name: "Request Appointment" }).click();
      const request = await sent;
      await look(form.getByRole("button", { name: "Submitting..." })).disabled();

      expect(request.method()).toBe("POST");
      expect(request.headers()["content-type"]).toContain("application/json");
      expect(request.postDataJSON()).toEqual({
        firstName: "Ana",
        lastName: "Maria Lopez",
        email: "ana@example.com",
        phone: "(407) 555-0100",
        service,
        formType: "hero",
        source: "/",
        smsOptIn: "false",
        // The visit's attribution (tests/e2e/measurement.test.ts): a direct visit to "/".
        attribution: { landingPage: "/" },
      });
      expect(service).toBe(treatments[1]!.title);
      const response = await request.response();
      expect(response?.status()).toBe(201);

      const toast = notifications(page).getByRole("listitem");
      await look(toast).count(1);
      await look(toast).contains("Request Submitted!");
      await look(toast).contains("We'll contact you within 24 hours to schedule your appointment.");
      await look(form.getByRole("button", { name: "Request Appointment" })).enabled();
      await look(form.getByLabel("Full name")).value("");
      await look(form.getByLabel("Email", { exact: true })).value("");
      await look(form.getByLabel("Phone")).value("");
      await look(form.getByLabel("Service")).value("");
      expect(requests).toHaveLength(1);
      expect(errors).toEqual([]);
    });

    it("sends 'General Inquiry' when no service is chosen", async () => {
      const { page } = await home();
      const form = heroForm(page);
      await form.getByLabel("Full name").fill("Lee");
      await form.getByLabel("Email", { exact: true }).fill("lee@example.com");
      await form.getByLabel("Phone").fill("407 555 0101");
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/leads");
      await form.getByRole("button", { name: "Request Appointment" }).click();
      const body = (await sent).postDataJSON();
      expect(body).toMatchObject({ firstName: "Lee", lastName: "", service: "General Inquiry" });
      await look(notifications(page).getByRole("listitem")).contains("Request Submitted!");
    });

    it("says the submission failed, with the clinic's phone, marks each field the server refused, and keeps them", async () => {
      const { page, errors } = await home();
      const form = heroForm(page);
      await form.getByLabel("Full name").fill("Ana Maria Lopez");
      // Both pass the browser's own checks (an address needs no dot there) and are refused by the server's schema.
      await form.getByLabel("Email", { exact: true }).fill("bad@x");
      await form.getByLabel("Phone").fill("12");
      const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/leads");
      await form.getByRole("button", { name: "Request Appointment" }).click();
      expect((await sent).status()).toBe(400);

      // The same answer as without JavaScript: the sentence, each field's message, the keyboard on the first.
      await look(form.getByRole("alert")).contains("Please check the highlighted fields.");
      const email = form.getByLabel("Email", { exact: true });
      await look(email).attribute("aria-invalid", "true");
      await look(form.getByText("Please enter a valid email address.")).visible();
      await look(form.getByLabel("Phone")).attribute("aria-invalid", "true");
      await look(form.getByText(/phone number with area code/)).visible();
      expect(await form.getByLabel("Full name").getAttribute("aria-invalid")).toBeNull();
      await look(email).focused();

      const toast = notifications(page).getByRole("listitem");
      await look(toast).count(1);
      await look(toast).contains("Submission Failed");
      await look(toast).contains(`Please try again or call us at ${site.footerPhone}.`);
      expect(site.footerPhone).toBe("(407) 555-0142");
      await look(toast).attribute("data-variant", "destructive");
      await look(form.getByRole("button", { name: "Request Appointment" })).enabled();
      await look(form.getByLabel("Full name")).value("Ana Maria Lopez");
      await look(email).value("bad@x");
      await look(form.getByLabel("Phone")).value("12");
      await look(page.getByText("Request Submitted!")).count(0);
      expect(errors).toEqual([]);
    });

    describe("without JavaScript", () => {
      async function noScriptHome() {
        const opened = await open(MOBILE, { javaScriptEnabled: false });
        await opened.page.goto(`${server.url}/`);
        return opened.page;
      }

      it("posts the form and lands on /thank-you", async () => {
        const page = await noScriptHome();
        const form = heroForm(page);
        await form.getByLabel("Full name").fill("Robin Noscript");
        await form.getByLabel("Email", { exact: true }).fill("robin@example.com");
        await form.getByLabel("Phone").fill("(407) 555-0102");
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST"),
          form.getByRole("button", { name: "Request Appointment" }).click(),
        ]);
        expect(response.status()).toBe(303);
        await page.waitForURL(`${server.url}/thank-you`);
        await look(page.getByRole("heading", { level: 1 })).contains("We received your request");
        await look(page.getByText("We reach out within 24 hours")).visible();
        await look(page.locator('meta[name="robots"]')).attribute("content", "noindex, follow");
        await look(page.getByRole("main").getByTestId("crisis-notice")).visible();
      });

      it("comes back with everything typed and the problem said", async () => {
        const page = await noScriptHome();
        const form = heroForm(page);
        await form.getByLabel("Full name").fill("Robin Noscript");
        await form.getByLabel("Email", { exact: true }).fill("robin@example.com");
        await form.getByLabel("Phone").fill("12-34");
        await form.getByLabel("Service").selectOption({ index: 1 });
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST"),
          form.getByRole("button", { name: "Request Appointment" }).click(),
        ]);
        expect(response.status()).toBe(400);
        await page.waitForLoadState();
        const again = heroForm(page);
        await look(again.getByRole("alert")).contains("Please check the highlighted fields.");
        await look(again.getByLabel("Full name")).value("Robin Noscript");
        await look(again.getByLabel("Email", { exact: true })).value("robin@example.com");
        await look(again.getByLabel("Phone")).value("12-34");
        await look(again.getByLabel("Phone")).attribute("aria-invalid", "true");
        await look(again.getByText(/phone number with area code/)).visible();
        await look(again.getByLabel("Service")).value(treatments[0]!.title);
      });

      it("asks for the missing fields in the spec's words", async () => {
        const page = await noScriptHome();
        const form = heroForm(page);
        await form.getByLabel("Full name").fill("   ");
        await form.getByLabel("Email", { exact: true }).fill("robin@example.com");
        await form.getByLabel("Phone").fill("(407) 555-0102");
        await form.getByRole("button", { name: "Request Appointment" }).click();
        await look(heroForm(page).getByRole("alert")).contains("Please fill in your name, email, and phone number.");
        await look(heroForm(page).getByLabel("Phone")).value("(407) 555-0102");
      });
    });
  });

  it("shows a notification for 5000 ms, moves focus to it with F8, and keeps it at most 420px wide", async () => {
    const { page, errors } = await open(DESKTOP);
    await page.clock.install();
    await page.goto(`${server.url}/`);
    await hydrated(page);
    // The notification viewport loads on the visitor's first touch. Let it load while time
    // still runs: React may hold a lazily loaded part back on a timer before showing it.
    const form = heroForm(page);
    await form.getByLabel("Full name").focus();
    await look(notifications(page)).count(1);
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.mouse.move(0, 0);

    await form.getByLabel("Full name").fill("   ");
    await form.getByLabel("Email", { exact: true }).fill("ana@example.com");
    await form.getByLabel("Phone").fill("   ");
    // Submit with the keyboard so the pointer never rests on the notification (that pauses it).
    await form.getByLabel("Phone").press("Enter");

    const region = notifications(page);
    const toast = region.getByRole("listitem");
    await look(toast).contains("Missing Information");
    await page.clock.runFor(4900);
    await look(toast).visible();
    await page.clock.runFor(100);
    await look(toast).count(0);

    // A new one: F8 takes keyboard focus to the notifications.
    await form.getByLabel("Phone").press("Enter");
    await look(toast).visible();
    expect(await region.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.press("F8");
    await expect.poll(() => region.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    const list = region.getByRole("list");
    const box = await list.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.width).toBeLessThanOrEqual(420);
    const toastBox = await toast.boundingBox();
    expect(toastBox!.width).toBeLessThanOrEqual(420);
    expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(errors).toEqual([]);
  });

  it("newsletter: Subscribe waits for an email, sends it trimmed and reports the success", async () => {
    const { page, errors } = await home(MOBILE);
    const footer = page.getByRole("contentinfo");
    const input = footer.getByLabel("Email address");
    const subscribe = footer.getByRole("button", { name: "Subscribe" });
    await input.scrollIntoViewIfNeeded();

    await look(input).attribute("type", "email");
    await look(subscribe).disabled();
    await input.fill("   ");
    await look(subscribe).disabled();
    await input.fill("someone");
    await look(subscribe).enabled();

    await input.fill("  someone@example.com  ");
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/newsletter/subscribe");
    await subscribe.click();
    const request = await sent;
    expect(request.method()).toBe("POST");
    expect(request.headers()["content-type"]).toContain("application/json");
    // The page the visitor was on is kept as the source of their consent.
    expect(request.postDataJSON()).toEqual({ email: "someone@example.com", source: "/" });

    const toast = notifications(page).getByRole("listitem");
    await look(toast).contains("Subscribed!");
    await look(toast).contains("You'll receive our weekly mental health newsletter.");
    await look(input).value("");
    await look(page.getByText("Subscription failed")).count(0);
    expect(errors).toEqual([]);
  });
});
