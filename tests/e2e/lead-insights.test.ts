import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leads, type LeadFormType } from "~/db/schema";
import { addDays, clinicDayOf, dayKey } from "~/lib/clinic-time";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaff, signInCookie } from "../setup/staff";

const PEOPLE = {
  admin: { name: "Avery Adminton", email: "avery.adminton@clinic.example", roles: ["admin"] as const },
  intake: { name: "Ivy Intake", email: "ivy.intake@clinic.example", roles: ["intake"] as const },
  marketing: { name: "Mo Marketer", email: "mo.marketer@clinic.example", roles: ["marketing"] as const },
  clinician: { name: "Cleo Clinician", email: "cleo.clinician@clinic.example", roles: ["clinician"] as const },
};
/** A campaign name a spreadsheet would run as a formula (CSV injection). */
const FORMULA_CAMPAIGN = '=HYPERLINK("http://evil.example","click")';
/** What no answer of the report may hold: the people behind the requests. */
const PERSONAL = ["Quentin", "Leakcheck", "leakcheck@example.com", "555-0177"];

const HOUR = 3_600_000;
const PATH = "/admin/lead-insights";

/**
 * The lead insights report and its CSV against the production build, on
 * leads of known ages: the page and its data request for the roles that
 * may open it, with no person in them; 403 for the others; the CSV
 * (aggregates only, formulas neutralised, audited); the range picker with
 * and without JavaScript at phone and desktop widths; the charts' tables
 * and keyboard values; axe.
 */
describe.each(databaseKinds())("lead insights on %s", (kind) => {
  let server: TestServer;
  const cookies: Record<string, string> = {};
  let leadIds: string[] = [];
  const today = clinicDayOf(new Date());

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("lead-insights");
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    const target = databaseUrl ? { databaseUrl } : { dataDir };
    const database = await openDatabase(target);
    try {
      await addStaff(database, Object.values(PEOPLE));
      const now = Date.now();
      const lead = (
        n: number,
        formType: LeadFormType,
        hoursAgo: number,
        extra: Partial<typeof leads.$inferInsert>,
      ) => ({
        createdAt: new Date(now - hoursAgo * HOUR),
        formType,
        firstName: "Quentin",
        lastName: `Leakcheck${n}`,
        email: `quentin${n}.leakcheck@example.com`,
        phone: "(407) 555-0177",
        service: formType === "phone_click" ? null : "Anxiety Treatment",
        source: "/",
        landingPage: "/",
        ...extra,
      });
      const contactedAfter = (hoursAgo: number, minutes: number) => new Date(now - hoursAgo * HOUR + minutes * 60_000);
      const rows = await database.db
        .insert(leads)
        .values([
          lead(1, "hero", 72, {
            channel: "Organic Search",
            status: "contacted",
            firstContactedAt: contactedAfter(72, 45),
          }),
          lead(2, "appointment", 120, {
            channel: "Paid Search",
            campaign: FORMULA_CAMPAIGN,
            landingPage: "/anxiety",
            status: "patient",
            firstContactedAt: contactedAfter(120, 135),
            scheduledAt: contactedAfter(120, 600),
            becamePatientAt: contactedAfter(120, 6000),
          }),
          lead(3, "get_started", 2, {}),
          lead(4, "hero", 72, {}),
          lead(5, "phone_click", 24, {}),
          // The period before.
          lead(6, "hero", 40 * 24, { status: "contacted", firstContactedAt: contactedAfter(40 * 24, 10) }),
        ])
        .returning({ id: leads.id });
      leadIds = rows.map((row) => row.id);
    } finally {
      await database.close();
    }
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    for (const [role, person] of Object.entries(PEOPLE)) cookies[role] = await signInCookie(server.url, person.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, role: keyof typeof PEOPLE) =>
    fetch(`${server.url}${path}`, { headers: { cookie: cookies[role]! }, redirect: "manual" });
  /** The words of a page as a person reads them. */
  const words = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");
  const expectNoOne = (body: string, where: string) => {
    for (const word of [...PERSONAL, ...leadIds]) expect(body, `${where} holds "${word}"`).not.toContain(word);
  };

  describe("over HTTP", () => {
    it.each(["marketing", "intake", "admin"] as const)(
      "shows %s the figures, and no person, in the page and its data request",
      async (role) => {
        const page = await get(PATH, role);
        expect(page.status).toBe(200);
        const html = await page.text();
        const text = words(html);
        expect(text).toContain("Lead insights");
        // Four requests and a call tapped in the last 30 days; one request the period before.
        expect(text).toMatch(/Requests 4 Up 300% from 1/);
        expect(text).toMatch(/Calls tapped 1 No earlier data/);
        // Contacted after 45 minutes and 2 h 15 min: the median is halfway.
        expect(text).toMatch(/Median time to first contact 1 h 30 min/);
        // The request left three days without a contact; not the one from two hours ago.
        expect(text).toMatch(/Overdue right now 1 /);
        expect(text).toContain(FORMULA_CAMPAIGN);
        expectNoOne(html, `${PATH} as ${role}`);

        const data = await get(`${PATH}.data`, role);
        expect(data.status).toBe(200);
        expectNoOne(await data.text(), `${PATH}.data as ${role}`);
      },
    );

    it("says so when a range has no leads, and when a figure cannot be computed", async () => {
      const quiet = words(await (await get(`${PATH}?from=2025-01-01&to=2025-01-31`, "marketing")).text());
      expect(quiet).toContain("No leads in this range");
      expect(quiet).toContain("Still, 1 request from before is overdue for a reply right now.");
      // Yesterday and today: one request, two hours old, nobody has contacted it yet.
      const recent = `from=${dayKey(addDays(today, -1))}&to=${dayKey(today)}`;
      const text = words(await (await get(`${PATH}?${recent}`, "marketing")).text());
      expect(text).toMatch(
        /Median time to first contact Not enough data No request in this range has been contacted yet\./,
      );
      expect(text).not.toMatch(/Median time to first contact 0/);
    });

    it("refuses a clinician the page, its data and its CSV", async () => {
      for (const path of [PATH, `${PATH}.data`, `${PATH}/report.csv`]) {
        const res = await get(path, "clinician");
        expect(res.status, path).toBe(403);
        expectNoOne(await res.text(), path);
      }
    });

    it("says why a custom range cannot be shown: 400, the days kept in the form", async () => {
      const res = await get(`${PATH}?from=2026-03-10&to=2026-03-01`, "marketing");
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(words(html)).toContain("The last day (Mar 1, 2026) is before the first day (Mar 10, 2026).");
      expect(html).toMatch(/id="range-to"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="range-to"/);
      expect(html).toContain('value="2026-03-10"');
      const csv = await get(`${PATH}/report.csv?from=2026-03-10&to=2026-03-01`, "marketing");
      expect(csv.status).toBe(400);
      expect(await csv.text()).toContain("is before the first day");
    });

    it("downloads the figures as CSV: aggregates only, formulas neutralised, the download audited", async () => {
      const from = dayKey(addDays(today, -29));
      const to = dayKey(today);
      const res = await get(`${PATH}/report.csv?from=${from}&to=${to}`, "marketing");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="lead-report-${from}-to-${to}.csv"`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.text();
      const lines = body.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        'Section,Dimension,Value,Requests,Calls tapped,Contacted,Scheduled,Became patients,Contacted (%),Scheduled (%),Became patients (%),"Requests, period before","Calls tapped, period before"',
      );
      expect(lines).toContain(`Breakdown,Channel,Paid Search,1,0,1,1,1,100,100,100,0,0`);
      expect(lines).toContain("Breakdown,Form,Call tapped,0,1,0,0,0,,,,0,0");
      expect(lines).toContain('"Speed to lead, range",Median minutes to first contact,90,,,,,,,,,,');
      // The campaign is there as text a spreadsheet shows, never a formula it runs.
      expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(body).not.toMatch(/(^|,)"?=HYPERLINK/m);
      expectNoOne(body, "the CSV");

      const audit = await get("/admin/audit?action=lead_report_exported", "admin");
      const trail = words(await audit.text());
      expect(trail).toContain("Downloaded the lead insights figures");
      expect(trail).toContain(`Range: ${from} to ${to}`);
      expect(trail).toContain(PEOPLE.marketing.name);
      expectNoOne(trail, "the audit trail");
    });
  });

  // What a browser does is the same on either database: once is enough (decision 0053).
  if (browserDatabaseKinds("postgres").includes(kind)) {
    describe("in the browser", () => {
      const browser = useBrowser();
      async function open(viewport = DESKTOP, javaScriptEnabled = true, path = PATH) {
        const opened = await browser.open({ viewport, javaScriptEnabled });
        await addSessionCookie(opened.context, server.url, cookies.marketing!);
        const response = await opened.page.goto(`${server.url}${path}`);
        expect(response?.status()).toBe(200);
        if (javaScriptEnabled) await hydrated(opened.page);
        return opened.page;
      }
      const summary = (page: Page) => page.locator("[data-range-summary]");
      const ranges = (page: Page) => page.getByRole("navigation", { name: "Ranges" });
      const customRange = async (page: Page, from: string, to: string) => {
        const form = page.getByRole("form", { name: "Custom range" });
        await form.getByLabel("First day").fill(from);
        await form.getByLabel("Last day").fill(to);
        await form.getByRole("button", { name: "Show this range" }).click();
      };
      const from = dayKey(addDays(today, -10));
      const to = dayKey(addDays(today, -1));

      for (const viewport of [MOBILE, DESKTOP]) {
        it(`picks a preset, then a custom range, with JavaScript at ${viewport.width} px`, async () => {
          const page = await open(viewport);
          await look(summary(page)).contains("(last 30 days, by day)");
          await look(ranges(page).getByRole("link", { name: "Last 30 days" })).attribute("aria-current", "true");
          await ranges(page).getByRole("link", { name: "Last 7 days" }).click();
          await page.waitForURL((url) => url.searchParams.get("range") === "7d");
          await look(summary(page)).contains("(last 7 days, by day)");
          await look(ranges(page).getByRole("link", { name: "Last 7 days" })).attribute("aria-current", "true");

          await customRange(page, from, to);
          await page.waitForURL((url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to);
          await look(summary(page)).contains("(custom range, by day), compared with");
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        });

        it(`picks a preset, then a custom range, without JavaScript at ${viewport.width} px`, async () => {
          const page = await open(viewport, false);
          // No chart can be drawn: its box is not there, the figures are, as a table.
          expect(await page.locator('[data-chart="leads-over-time"]').isVisible()).toBe(false);
          await look(page.getByRole("table", { name: "Leads by day" })).visible();
          await ranges(page).getByRole("link", { name: "Last 90 days" }).click();
          await page.waitForURL((url) => url.searchParams.get("range") === "90d");
          await look(summary(page)).contains("(last 90 days, by week)");
          await look(page.getByRole("table", { name: "Leads by week" })).visible();

          await customRange(page, from, to);
          await page.waitForURL((url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to);
          await look(summary(page)).contains("(custom range, by day)");
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        });

        it(`has no axe violations at ${viewport.width} px, charts drawn`, async () => {
          const page = await open(viewport);
          await look(page.locator(".recharts-surface").first()).visible();
          expect(await axeViolations(page)).toEqual([]);
        });
      }

      it("folds the chart's table away once drawn, one press from the keyboard, and reads a value on focus", async () => {
        const page = await open(DESKTOP);
        const chart = page.getByRole("application", { name: "Leads by day" });
        await look(chart).visible();
        const table = page.getByRole("table", { name: "Leads by day" });
        await look(table).hidden();
        const disclosure = page.locator("summary", { hasText: "Show as a table" }).first();
        await disclosure.focus();
        await page.keyboard.press("Enter");
        await look(table).visible();
        expect(await table.getByRole("row").count()).toBe(31);

        // The chart is one stop for the keyboard; focus shows the first day's figures, arrows move on.
        await chart.focus();
        const tooltip = page.locator(".recharts-tooltip-wrapper [role=status]").first();
        await look(tooltip).visible();
        await look(tooltip).contains(dayWordsOf(addDays(today, -29)));
        await look(tooltip).contains("Requests");
        await look(tooltip).contains("Calls tapped");
        await page.keyboard.press("ArrowRight");
        await look(tooltip).contains(dayWordsOf(addDays(today, -28)));
      });
    });
  }
});

/** "Oct 26, 2026": a clinic day as the chart's tooltip titles it. */
function dayWordsOf(day: { year: number; month: number; day: number }): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
    new Date(Date.UTC(day.year, day.month - 1, day.day)),
  );
}
