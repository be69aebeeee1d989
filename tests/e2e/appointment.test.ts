import { eq } from "drizzle-orm";
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leads } from "~/db/schema";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { axeViolations } from "../setup/axe";

const ENV = { RATE_LIMIT_FORMS: "1000" };

describe("appointment request and get-started pages", () => {
  let server: TestServer;
  const browser = useBrowser();
  let dataDir: string;
  let services: string[];
  let providers: { slug: string; name: string }[];
  let phone: string;

  beforeAll(async () => {
    dataDir = copyPgliteTemplate("appointment");
    server = await startServer({ dataDir, env: ENV });
    services = ((await (await fetch(`${server.url}/api/treatments`)).json()) as { title: string }[]).map(
      (t) => t.title,
    );
    providers = await (await fetch(`${server.url}/api/insurance-providers`)).json();
    phone = (await (await fetch(`${server.url}/api/site-content`)).json()).footerPhone;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function visit(path: string, viewport = DESKTOP, options: { javaScriptEnabled?: boolean } = {}) {
    const opened = await browser.open({ viewport, ...options });
    await opened.page.goto(`${server.url}${path}`);
    if (options.javaScriptEnabled !== false) await hydrated(opened.page);
    return opened;
  }

  /**
   * The stored lead with this e-mail. PGlite allows one process at a time,
   * so the server stops while the test reads its database, then starts again
   * on the same data.
   */
  async function storedLeads(email: string) {
    await browser.closeAll();
    expect(server.output()).not.toContain(email);
    await server.stop();
    const database = await openDatabase({ dataDir });
    try {
      return await database.db.select().from(leads).where(eq(leads.email, email));
    } finally {
      await database.close();
      server = await startServer({ dataDir, env: ENV });
    }
  }

  function recordLeadRequests(page: Page) {
    const requests: Request[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/leads") requests.push(request);
    });
    return requests;
  }

  const appointmentForm = (page: Page) => page.getByRole("form", { name: "Request an appointment" });
  const getStartedForm = (page: Page) => page.getByRole("form", { name: "Get started with a call back" });
  const summary = (form: Locator) => form.getByRole("alert").filter({ hasText: "There is a problem" });
  const radio = (form: Locator, group: string, name: string) =>
    form.getByRole("group", { name: group }).getByRole("radio", { name });

  /** Everything the full form asks, filled in as a person would (telehealth, another insurer). */
  async function fillAppointment(form: Locator, email: string) {
    await form.getByLabel("Full name").fill("Riley Appointment Tester");
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Phone number").fill("(407) 555-0166");
    await radio(form, "Have you been to our clinic before?", "I've been seen here before").check();
    await radio(form, "Best way to contact you", "Text message").check();
    await radio(form, "Best time to reach you", "Morning").check();
    await form.getByLabel("What would you like help with?").selectOption(services[2]!);
    await radio(form, "How would you like to meet?", "Telehealth (secure video)").check();
    await form.getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" }).check();
    await form.getByLabel("How would you like to pay for your visits?").selectOption("Other / not sure");
    await form.getByLabel("Name of your insurance company").fill("Acme Health Plan");
    await form.getByLabel("Anything you'd like us to know").fill("Afternoons after 3 work best.");
    await form.getByRole("checkbox", { name: /may contact me by phone or email/ }).check();
    await form.getByRole("checkbox", { name: /send me text messages/ }).check();
  }

  const expectedDetails = {
    preferredContact: "text",
    preferredTime: "morning",
    patientStatus: "existing",
    visitType: "telehealth",
    telehealthInFlorida: true,
    insurance: "other",
    insuranceOther: "Acme Health Plan",
    note: "Afternoons after 3 work best.",
    contactConsent: true,
  };

  describe("page", () => {
    it.each([
      ["/request-appointment", "Request an Appointment", "Request an appointment"],
      ["/get-started", "Get Started", "Get started with a call back"],
    ])("%s has its title, description, canonical, JSON-LD and one h1", async (path, crumb, h1) => {
      const { page } = await visit(path, MOBILE, { javaScriptEnabled: false });
      const title = await page.title();
      expect(title.length).toBeLessThanOrEqual(60);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description!.length).toBeGreaterThanOrEqual(120);
      expect(description!.length).toBeLessThanOrEqual(156);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
        new RegExp(`^https?://[^/]+${path}$`),
      );
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      expect(blocks.map((b) => b["@type"])).toEqual(["ContactPage", "BreadcrumbList"]);
      const trail = blocks[1]!.itemListElement as { position: number; name: string; item: string }[];
      expect(trail.map((c) => [c.position, c.name])).toEqual([
        [1, "Home"],
        [2, crumb],
      ]);
      expect(trail[1]!.item).toMatch(new RegExp(`${path}$`));
      await look(page.getByRole("heading", { level: 1 })).text(h1);
      await look(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" })).visible();
      await look(page.getByRole("main").getByTestId("crisis-notice")).visible();
    });

    it("lists the treatments, the offices and the insurers from the database, links the short form, and hides the sticky call bar", async () => {
      const { page, errors } = await visit("/request-appointment", MOBILE);
      const form = appointmentForm(page);
      expect(await form.getByLabel("What would you like help with?").locator("option").allTextContents()).toEqual([
        "Not sure yet",
        ...services,
      ]);
      const insurance = await form
        .getByLabel("How would you like to pay for your visits?")
        .locator("option")
        .allTextContents();
      expect(insurance).toEqual([
        "Choose one",
        ...providers.map((p) => p.name),
        "I'll pay myself (self-pay)",
        "Other / not sure",
      ]);
      const offices = await form.getByLabel("Preferred office").locator("option").allTextContents();
      expect(offices[0]).toBe("No preference");
      expect(offices.length).toBeGreaterThan(1);
      await look(page.getByRole("link", { name: "Use the short form" })).attribute("href", "/get-started");
      await look(page.getByTestId("sticky-mobile-cta")).count(0);
      await look(
        form.getByText("Please don't include medical details here — we'll talk about them privately."),
      ).visible();
      // The text-message consent: unticked, with rates, frequency and STOP said.
      const sms = form.getByRole("checkbox", { name: /send me text messages/ });
      expect(await sms.isChecked()).toBe(false);
      const smsWording = await form.locator(`#${await sms.getAttribute("aria-describedby")}`).innerText();
      expect(smsWording).toMatch(/Message and data rates may apply/);
      expect(smsWording).toMatch(/Reply STOP/);
      expect(smsWording).toMatch(/frequency varies/);
      expect(errors).toEqual([]);
    });

    it("shows the Florida confirmation only for telehealth, and the office only for in-person visits", async () => {
      const { page } = await visit("/request-appointment");
      const form = appointmentForm(page);
      const florida = form.getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" });
      const office = form.getByLabel("Preferred office");
      const otherName = form.getByLabel("Name of your insurance company");
      await look(florida).hidden();
      await look(office).visible();
      await look(otherName).hidden();
      await radio(form, "How would you like to meet?", "Telehealth (secure video)").check();
      await look(florida).visible();
      await look(form.getByText(/licensed in Florida/)).visible();
      await look(office).hidden();
      await radio(form, "How would you like to meet?", "In person, at one of our offices").check();
      await look(florida).hidden();
      await look(office).visible();
      await form.getByLabel("How would you like to pay for your visits?").selectOption("Other / not sure");
      await look(otherName).visible();
    });
  });

  describe("with JavaScript", () => {
    it("an empty submission lists every problem, moves focus to the list, marks the fields, and sends nothing", async () => {
      const { page, errors } = await visit("/request-appointment", MOBILE);
      const requests = recordLeadRequests(page);
      const form = appointmentForm(page);
      await form.getByRole("button", { name: "Send my request" }).click();
      const list = summary(form);
      await look(list).visible();
      await look(list).focused();
      await look(list.getByRole("listitem")).text([
        "Please enter your name.",
        "Please enter your email address.",
        "Please enter your phone number.",
        "Please tell us whether you are new to our clinic or have been seen here before.",
        "Please choose in person or telehealth.",
        "Please choose your insurance, self-pay, or Other / not sure.",
        "Please agree that we may contact you about this request.",
      ]);
      const name = form.getByLabel("Full name");
      await look(name).attribute("aria-invalid", "true");
      const describedBy = await name.getAttribute("aria-describedby");
      await look(form.locator(`#${describedBy}`)).text("Please enter your name.");
      await look(form.getByRole("group", { name: "How would you like to meet?" })).attribute(
        "aria-describedby",
        /visitType-error/,
      );
      // A link in the list takes the keyboard to its field.
      await list.getByRole("link", { name: "Please enter your email address." }).click();
      await look(form.getByLabel("Email address")).focused();
      // Proving a negative: no request follows (one would have started with the click).
      await page.waitForTimeout(300);
      expect(requests).toHaveLength(0);
      expect(page.url()).toBe(`${server.url}/request-appointment`);
      expect(errors).toEqual([]);
    });

    it("sends the request as JSON with its details, lands on /thank-you, and the lead is stored with them", async () => {
      const { page, errors } = await visit("/request-appointment");
      const requests = recordLeadRequests(page);
      const form = appointmentForm(page);
      const email = "riley.js@example.com";
      await fillAppointment(form, email);
      // Telehealth without the Florida confirmation is not sent.
      await form.getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" }).uncheck();
      await form.getByRole("button", { name: "Send my request" }).click();
      await look(summary(form).getByRole("listitem")).text([
        "For telehealth, please confirm you will be in Florida at the time of each visit.",
      ]);
      expect(requests).toHaveLength(0);

      await form.getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" }).check();
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/leads");
      await form.getByRole("button", { name: "Send my request" }).click();
      const request = await sent;
      expect(request.headers()["content-type"]).toContain("application/json");
      expect(request.postDataJSON()).toEqual({
        firstName: "Riley",
        lastName: "Appointment Tester",
        email,
        phone: "(407) 555-0166",
        service: services[2],
        formType: "appointment",
        source: "/request-appointment",
        smsOptIn: "true",
        details: expectedDetails,
        attribution: { landingPage: "/request-appointment" },
      });
      expect((await request.response())?.status()).toBe(201);
      await page.waitForURL(`${server.url}/thank-you`);
      await look(page.getByRole("heading", { level: 1 })).contains("We received your request");
      expect(requests).toHaveLength(1);
      expect(errors).toEqual([]);

      const [row] = await storedLeads(email);
      expect(row).toMatchObject({
        formType: "appointment",
        firstName: "Riley",
        lastName: "Appointment Tester",
        phone: "(407) 555-0166",
        service: services[2],
        source: "/request-appointment",
        smsOptIn: true,
        details: expectedDetails,
      });
    });

    it("keeps every value and says how to reach us when the request cannot be sent", async () => {
      const { page, errors } = await visit("/request-appointment", MOBILE);
      const form = appointmentForm(page);
      await fillAppointment(form, "riley.down@example.com");
      await page.route("**/api/leads", (route) =>
        route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"away"}' }),
      );
      await form.getByRole("button", { name: "Send my request" }).click();
      const alert = form.getByRole("alert").filter({ hasText: "Submission Failed" });
      await look(alert).contains(`Please try again or call us at ${phone}.`);
      await look(alert).focused();
      await look(form.getByLabel("Full name")).value("Riley Appointment Tester");
      await look(form.getByLabel("Email address")).value("riley.down@example.com");
      await look(form.getByLabel("Anything you'd like us to know")).value("Afternoons after 3 work best.");
      expect(await radio(form, "How would you like to meet?", "Telehealth (secure video)").isChecked()).toBe(true);
      await look(form.getByRole("button", { name: "Send my request" })).enabled();
      expect(page.url()).toBe(`${server.url}/request-appointment`);

      // A 400 from the server puts its messages on the fields they name.
      await page.unroute("**/api/leads");
      await page.route("**/api/leads", (route) =>
        route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            error: "Please check: details.insurance.",
            fields: {
              "details.insurance": "Please choose your insurance from the list, self-pay, or Other / not sure.",
            },
          }),
        }),
      );
      await form.getByRole("button", { name: "Send my request" }).click();
      await look(summary(form).getByRole("listitem")).text([
        "Please choose your insurance from the list, self-pay, or Other / not sure.",
      ]);
      await look(form.getByLabel("How would you like to pay for your visits?")).attribute("aria-invalid", "true");
      await look(form.getByRole("alert").filter({ hasText: "Submission Failed" })).count(0);
      expect(errors).toEqual([]);
    });

    it("get started: sends the short form and lands on /thank-you; the lead is stored", async () => {
      const { page, errors } = await visit("/get-started", MOBILE);
      const requests = recordLeadRequests(page);
      const form = getStartedForm(page);
      await form.getByRole("button", { name: "Request a call back" }).click();
      await look(summary(form).getByRole("listitem")).count(4);
      expect(requests).toHaveLength(0);

      const email = "sam.getstarted@example.com";
      await form.getByLabel("Full name").fill("Sam Callback");
      await form.getByLabel("Email address").fill(email);
      await form.getByLabel("Phone number").fill("407.555.0188");
      await form.getByRole("checkbox", { name: /may contact me by phone or email/ }).check();
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/leads");
      await form.getByRole("button", { name: "Request a call back" }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        firstName: "Sam",
        lastName: "Callback",
        service: "Not sure yet",
        formType: "get_started",
        source: "/get-started",
        smsOptIn: "false",
        details: { contactConsent: true },
      });
      await page.waitForURL(`${server.url}/thank-you`);
      expect(errors).toEqual([]);
      const [row] = await storedLeads(email);
      expect(row).toMatchObject({ formType: "get_started", firstName: "Sam", details: { contactConsent: true } });
    });
  });

  describe("without JavaScript", () => {
    it("the browser's own required-field check holds an empty request back", async () => {
      const { page } = await visit("/request-appointment", MOBILE, { javaScriptEnabled: false });
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      const form = appointmentForm(page);
      await form.getByRole("button", { name: "Send my request" }).click();
      // The first empty required field is where the browser points the visitor.
      await look(form.getByLabel("Full name")).focused();
      expect(
        await form.getByLabel("Full name").evaluate((input: HTMLInputElement) => input.validity.valueMissing),
      ).toBe(true);
      // Proving a negative: no post follows (one would have started with the click).
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
      expect(page.url()).toBe(`${server.url}/request-appointment`);
    });

    it("a refused request comes back with every value kept and each problem said", async () => {
      const { page } = await visit("/request-appointment", MOBILE, { javaScriptEnabled: false });
      const form = appointmentForm(page);
      await fillAppointment(form, "robin.native@example.com");
      await form.getByLabel("Phone number").fill("12-34");
      await form.getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" }).uncheck();
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await form.getByRole("button", { name: "Send my request" }).click();
      expect((await response).status()).toBe(400);
      await page.waitForLoadState();

      const again = appointmentForm(page);
      await look(summary(again)).contains("Please fix 2 problems below.");
      // The browser puts focus on the list of problems as the page loads.
      await look(summary(again)).focused();
      await look(summary(again).getByRole("listitem")).text([
        "Please enter a phone number with area code (10 to 15 digits).",
        "For telehealth, please confirm you will be in Florida at the time of each visit.",
      ]);
      await look(again.getByLabel("Phone number")).attribute("aria-invalid", "true");
      await look(
        again.getByText("Please enter a phone number with area code (10 to 15 digits).", { exact: true }).first(),
      ).visible();
      await look(again.getByLabel("Full name")).value("Riley Appointment Tester");
      await look(again.getByLabel("Email address")).value("robin.native@example.com");
      await look(again.getByLabel("Phone number")).value("12-34");
      expect(await radio(again, "Have you been to our clinic before?", "I've been seen here before").isChecked()).toBe(
        true,
      );
      expect(await radio(again, "Best way to contact you", "Text message").isChecked()).toBe(true);
      expect(await radio(again, "Best time to reach you", "Morning").isChecked()).toBe(true);
      expect(await radio(again, "How would you like to meet?", "Telehealth (secure video)").isChecked()).toBe(true);
      await look(again.getByLabel("What would you like help with?")).value(services[2]!);
      await look(again.getByLabel("How would you like to pay for your visits?")).value("other");
      await look(again.getByLabel("Name of your insurance company")).value("Acme Health Plan");
      await look(again.getByLabel("Anything you'd like us to know")).value("Afternoons after 3 work best.");
      expect(await again.getByRole("checkbox", { name: /may contact me by phone or email/ }).isChecked()).toBe(true);
      expect(await again.getByRole("checkbox", { name: /send me text messages/ }).isChecked()).toBe(true);
      expect(
        await again
          .getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" })
          .isChecked(),
      ).toBe(false);
      await look(
        again.getByRole("checkbox", { name: "I will be in Florida at the time of each telehealth visit" }),
      ).visible();
    });

    it("a good request lands on /thank-you and the lead is stored with its details", async () => {
      const { page } = await visit("/request-appointment", DESKTOP, { javaScriptEnabled: false });
      const form = appointmentForm(page);
      const email = "robin.good@example.com";
      await fillAppointment(form, email);
      // In person this time: the Florida box (still ticked, now hidden) and the other insurer's name are left out.
      await radio(form, "How would you like to meet?", "In person, at one of our offices").check();
      await form.getByLabel("Preferred office").selectOption({ index: 1 });
      const office = await form.getByLabel("Preferred office").inputValue();
      await form.getByLabel("How would you like to pay for your visits?").selectOption(providers[1]!.name);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        form.getByRole("button", { name: "Send my request" }).click(),
      ]);
      expect(response.status()).toBe(303);
      await page.waitForURL(`${server.url}/thank-you`);
      await look(page.getByRole("heading", { level: 1 })).contains("We received your request");

      const [row] = await storedLeads(email);
      expect(row).toMatchObject({ formType: "appointment", source: "/request-appointment", smsOptIn: true });
      expect(row!.details).toEqual({
        ...expectedDetails,
        telehealthInFlorida: undefined,
        insuranceOther: undefined,
        visitType: "in_person",
        location: office,
        insurance: providers[1]!.slug,
      });
    });

    it("get started: the short form lands on /thank-you and the lead is stored", async () => {
      const { page } = await visit("/get-started", MOBILE, { javaScriptEnabled: false });
      const form = getStartedForm(page);
      const email = "sam.native@example.com";
      await form.getByLabel("Full name").fill("Sam Native");
      await form.getByLabel("Email address").fill(email);
      await form.getByLabel("Phone number").fill("(407) 555-0189");
      await form.getByLabel("What would you like help with?").selectOption(services[0]!);
      await form.getByRole("checkbox", { name: /may contact me by phone or email/ }).check();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        form.getByRole("button", { name: "Request a call back" }).click(),
      ]);
      expect(response.status()).toBe(303);
      await page.waitForURL(`${server.url}/thank-you`);
      const [row] = await storedLeads(email);
      expect(row).toMatchObject({
        formType: "get_started",
        service: services[0],
        source: "/get-started",
        details: { contactConsent: true },
      });
    });
  });

  describe.each([
    ["375px", MOBILE],
    ["1280px", DESKTOP],
  ] as const)("axe (WCAG 2.2 A/AA) at %s", (_label, viewport) => {
    it.each(["/request-appointment", "/get-started"])(
      "finds no violations on %s, empty and with errors",
      async (path) => {
        const { page, errors } = await visit(path, viewport);
        await page.waitForLoadState("networkidle");
        expect(await axeViolations(page)).toEqual([]);
        await page
          .getByRole("main")
          .getByRole("button", { name: /Send my request|Request a call back/ })
          .click();
        await look(summary(page.getByRole("main"))).visible();
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      },
    );
  });
});
