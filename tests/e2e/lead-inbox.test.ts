import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leads } from "~/db/schema";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { axeViolations } from "../setup/axe";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds, browserDatabaseKinds } from "../setup/database";
import { decodeEntities, withoutScripts } from "../setup/html";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const HOUR = 3_600_000;
const INBOX = "/admin/lead-insights/leads";
/** Leads in the file, enough for several pages of the list and several batches of an export. */
const BULK = 2_345;
const WANDA = {
  firstName: "Wanda",
  lastName: "Whitlock Testperson",
  email: "wanda.whitlock@example.com",
  phone: "(407) 555-0177",
};

/**
 * The inbox and the CSV export against the production build: who may open
 * them, filters in the address, the posted search, keyset pages, the export
 * (columns, 0 rows, formulas neutralised, every row once, audited), in
 * Chromium at 375 and 1280 px, with and without JavaScript.
 */
describe.each(databaseKinds())("the lead inbox on %s", (kind) => {
  let server: TestServer;
  let dataDir: string;
  const cookies: Record<"intake" | "marketing" | "admin", string> = { intake: "", marketing: "", admin: "" };
  let wandaId = "";

  beforeAll(async () => {
    dataDir = copyPgliteTemplate("lead-inbox");
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    const target = databaseUrl ? { databaseUrl } : { dataDir };
    const [intake] = await addStaffTo(target, [
      { name: "Iris Intake", email: "iris.intake@clinic.example", roles: ["intake"] },
      { name: "Mo Marketer", email: "mo.marketer@clinic.example", roles: ["marketing"] },
      { name: "Ada Admin", email: "ada.admin@clinic.example", roles: ["admin"] },
    ]);
    const database = await openDatabase(target);
    try {
      const now = Date.now();
      const bulk = Array.from({ length: BULK }, (_, i) => ({
        createdAt: new Date(now - (i + 2) * HOUR),
        formType: (i % 3 === 0 ? "appointment" : "hero") as "appointment" | "hero",
        firstName: `Person${i}`,
        lastName: "Bulkfill",
        email: `person${i}@example.com`,
        phone: "(407) 555-0100",
        service: i % 2 ? "Depression Treatment" : "Anxiety Treatment",
        source: "/",
        status: (i % 4 === 0 ? "new" : "contacted") as "new" | "contacted",
        firstContactedAt: i % 4 === 0 ? null : new Date(now - (i + 1) * HOUR),
        channel: i % 5 === 0 ? "Paid Search" : "Organic Search",
        campaign: i % 5 === 0 ? '=HYPERLINK("http://evil.example","click")' : null,
        landingPage: "/anxiety-therapy",
        details:
          i % 3 === 0
            ? { preferredContact: "phone", preferredTime: "morning", visitType: "telehealth", insurance: "self_pay" }
            : {},
      }));
      for (let at = 0; at < bulk.length; at += 500) await database.db.insert(leads).values(bulk.slice(at, at + 500));
      const [wanda] = await database.db
        .insert(leads)
        .values({
          ...WANDA,
          formType: "hero",
          source: "/",
          service: "ADHD Evaluation",
          channel: "Email",
          landingPage: "/adhd",
          createdAt: new Date(now - 30 * 60_000),
        })
        .returning({ id: leads.id });
      wandaId = wanda!.id;
      await database.db.update(leads).set({ assignedTo: intake!.id }).where(eq(leads.id, wandaId));
    } finally {
      await database.close();
    }
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    cookies.intake = await signInCookie(server.url, "iris.intake@clinic.example");
    cookies.marketing = await signInCookie(server.url, "mo.marketer@clinic.example");
    cookies.admin = await signInCookie(server.url, "ada.admin@clinic.example");
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  const post = (path: string, cookie: string, body: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body,
    });
  /** What a page says (its text, without markup, styles or scripts): short failure messages, and links kept by href. */
  const words = async (res: Response) => {
    const html = withoutScripts(await res.text()).replaceAll("<!-- -->", "");
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => `href="${m[1]}"`).join(" ");
    return `${decodeEntities(
      html
        .slice(html.indexOf("<main"))
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " "),
    )} ${hrefs}`;
  };

  it("shows intake the newest leads first, by first name and initial, and marketing nothing of them", async () => {
    const res = await get(INBOX, cookies.intake);
    expect(res.status).toBe(200);
    const body = await words(res);
    expect(body).toContain("Wanda W.");
    expect(body.indexOf("Wanda W.")).toBeLessThan(body.indexOf("Person0 B."));
    // The list shows no surname, e-mail or phone: those are on the lead's own page.
    for (const secret of [WANDA.lastName, WANDA.email, WANDA.phone]) expect(body).not.toContain(secret);
    expect(body).toContain(`href="${INBOX}/${wandaId}"`);
    for (const path of [INBOX, `${INBOX}.data`, `${INBOX}/export`, `${INBOX}/export.csv?columns=email`]) {
      const refused = await get(path, cookies.marketing);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).not.toMatch(/Wanda|Person\d|Bulkfill/);
    }
  });

  it("filters by what the address says, and says what it could not understand", async () => {
    const body = await words(await get(`${INBOX}?channel=Email&status=maybe`, cookies.intake));
    expect(body).toContain("Wanda W.");
    expect(body).not.toContain("Person1 B.");
    expect(body).toContain("Part of this address was not understood and was left out (status)");
    expect(body).toContain("Channel: Email");
    const overdue = await words(await get(`${INBOX}?overdue=1&form=appointment`, cookies.intake));
    // Person0, Person12, …: appointment requests (every 3rd), uncontacted (every 4th), all older than a day but the first.
    expect(overdue).toContain("Person24 B.");
    expect(overdue).not.toContain("Person3 B.");
    expect(overdue).not.toContain("Wanda W.");
    expect(overdue).toMatch(/Over 24 h — \d+ h, no contact yet/);
  });

  it("finds a person by a posted search, which never reaches the address", async () => {
    const res = await post(`${INBOX}?channel=Email`, cookies.intake, "intent=search&q=whitlock");
    expect(res.status).toBe(200);
    const body = await words(res);
    expect(body).toContain("1 lead matches your search");
    expect(body).toContain("Wanda W.");
    const byPhone = await words(await post(INBOX, cookies.intake, "intent=search&q=555-0177"));
    expect(byPhone).toContain("Wanda W.");
    const tooShort = await post(INBOX, cookies.intake, "intent=search&q=w");
    expect(tooShort.status).toBe(400);
    expect(await words(tooShort)).toContain("Type at least two letters or digits");
    const forged = await post(INBOX, cookies.intake, "intent=delete-everything");
    expect(forged.status).toBe(400);
  });

  it("exports the filtered leads as CSV: chosen columns, every row once, formulas neutralised, audited", async () => {
    const chosen = await post(
      `${INBOX}/export?channel=Paid+Search`,
      cookies.intake,
      "columns=received&columns=firstName&columns=campaign&columns=email",
    );
    expect(chosen.status).toBe(303);
    const location = chosen.headers.get("location")!;
    expect(location).toBe(`${INBOX}/export.csv?channel=Paid+Search&columns=received%2CfirstName%2Cemail%2Ccampaign`);
    const file = await get(location, cookies.intake);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    expect(file.headers.get("cache-control")).toBe("no-store");
    const lines = (await file.text()).trimEnd().split("\r\n");
    const paid = Math.ceil(BULK / 5);
    expect(lines).toHaveLength(paid + 1);
    expect(lines[0]).toBe("Received (Eastern time),First name,E-mail,Campaign");
    // Newest first, each person once, across the export's batches of 1,000.
    const emails = lines.slice(1).map((line) => /person\d+@example\.com/.exec(line)?.[0]);
    expect(new Set(emails).size).toBe(paid);
    expect(lines[1]).toContain("Person0");
    // A campaign that a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);

    // Written to the audit log: who, how many, which columns and filters; never a person.
    const log = await words(await get("/admin/audit?action=leads_exported", cookies.admin));
    expect(log).toContain("Iris Intake");
    expect(log).toContain(`Rows: ${paid}`);
    expect(log).not.toMatch(/Person\d|Bulkfill|example\.com/);
  });

  it("answers an export with no rows, or no columns, with a sentence and the right status", async () => {
    const none = await post(`${INBOX}/export?campaign=no-such-campaign`, cookies.intake, "columns=received");
    expect(none.status).toBe(422);
    expect(await words(none)).toContain("No leads match these filters, so there is nothing to export.");
    const noColumns = await post(`${INBOX}/export`, cookies.intake, "");
    expect(noColumns.status).toBe(400);
    expect(await words(noColumns)).toContain("Choose at least one column.");
    const unknown = await get(`${INBOX}/export.csv?columns=ssn`, cookies.intake);
    expect(unknown.status).toBe(400);
    const empty = await get(`${INBOX}/export.csv?campaign=no-such-campaign&columns=received`, cookies.intake);
    expect(empty.status).toBe(422);
  });

  // What a browser does is the same on either database: once is enough (decision 0053).
  if (browserDatabaseKinds("pglite").includes(kind)) {
    describe("in the browser", () => {
      const browser = useBrowser();
      it("works on a phone: cards, filters, sorting and pages, by keyboard too", async () => {
        const { page, context } = await browser.open({ viewport: MOBILE });
        await addSessionCookie(context, server.url, cookies.intake);
        await page.goto(`${server.url}${INBOX}`);
        await hydrated(page);
        const table = page.getByRole("table", { name: "Leads, newest first" });
        await look(table.getByRole("row")).count(51);
        // Stacked: each value carries its column's name, and nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        await look(table.getByRole("rowheader").first()).text("Wanda W.");

        const filters = page.getByRole("search", { name: "Filter the leads" });
        await filters.getByLabel("Channel").selectOption("Email");
        await filters.getByRole("button", { name: "Apply filters" }).click();
        await page.waitForURL((url) => url.searchParams.get("channel") === "Email");
        await look(page.getByRole("table", { name: "Leads, newest first" }).getByRole("row")).count(2);
        await page.goBack();
        await look(page.getByRole("table", { name: "Leads, newest first" }).getByRole("row")).count(51);

        // Sorting by name from the header, then the next page and back, all by keyboard.
        const byName = page.getByRole("link", { name: /^Name/ });
        await byName.focus();
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.searchParams.get("sort") === "name");
        const sorted = page.getByRole("table", { name: "Leads, by name, A to Z" });
        await look(sorted.getByRole("columnheader", { name: /Name/ })).attribute("aria-sort", "ascending");
        const firstOfPage = await sorted.getByRole("rowheader").first().innerText();
        await page.getByRole("link", { name: "Next page" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.searchParams.has("after"));
        await expect.poll(() => sorted.getByRole("rowheader").first().innerText()).not.toBe(firstOfPage);
        await page.getByRole("link", { name: "Previous page" }).click();
        await look(sorted.getByRole("rowheader").first()).text(firstOfPage);
        expect(await axeViolations(page)).toEqual([]);
      });

      it("filters and searches without JavaScript too", async () => {
        const { page, context } = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false });
        await addSessionCookie(context, server.url, cookies.intake);
        await page.goto(`${server.url}${INBOX}`);
        const filters = page.getByRole("search", { name: "Filter the leads" });
        await filters.getByLabel("Status").selectOption("new");
        await filters.getByLabel(/past the 24-hour promise/).check();
        await filters.getByRole("button", { name: "Apply filters" }).click();
        await page.waitForURL(
          (url) => url.searchParams.get("status") === "new" && url.searchParams.get("overdue") === "1",
        );
        await look(page.getByRole("link", { name: /Past the promise/ })).visible();
        const search = page.getByRole("form", { name: "Find a person" });
        await search.getByLabel(/Find a person/).fill("wanda");
        await search.getByRole("button", { name: "Search" }).click();
        await look(page.getByRole("heading", { name: "Nobody matches your search" })).visible();
        // Wanda is new but not yet late: the filters stayed on for the search, and the address holds no name.
        expect(page.url()).not.toContain("wanda");
        await look(page.getByRole("table", { name: "Leads, newest first" })).hidden();
      });

      it("has nothing axe can find at 1280 px, filters and a search answer on", async () => {
        const { page, context } = await browser.open({ viewport: DESKTOP });
        await addSessionCookie(context, server.url, cookies.intake);
        await page.goto(`${server.url}${INBOX}?status=new&form=appointment`);
        await hydrated(page);
        const search = page.getByRole("form", { name: "Find a person" });
        await search.getByLabel(/Find a person/).fill("x");
        await search.getByRole("button", { name: "Search" }).click();
        // Too short: the field says so and takes the focus.
        await look(search.getByText("Type at least two letters or digits")).visible();
        await look(search.getByLabel(/Find a person/)).focused();
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});
