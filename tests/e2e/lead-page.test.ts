import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { createLead } from "~/features/leads/leads.server";
import { leadSchema, type LeadInput } from "~/features/leads/lead-schema";
import { leadPagePath } from "~/lib/lead-paths";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds, browserDatabaseKinds } from "../setup/database";
import { decodeEntities, elementTexts, withoutScripts } from "../setup/html";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const SAM = { name: "Sam Stafford", email: "sam.stafford@clinic.example", roles: ["intake"] as const };
const ADA = { name: "Ada Admin", email: "ada.admin@clinic.example", roles: ["admin"] as const };
const MO = { name: "Mo Marketer", email: "mo.marketer@clinic.example", roles: ["marketing"] as const };
const CLEO = { name: "Cleo Clinician", email: "cleo.clinician@clinic.example", roles: ["clinician"] as const };

/** A made-up person's appointment request; each test gets its own person. */
function request(firstName: string, lastName: string, email: string, phone: string): LeadInput {
  return {
    formType: "appointment",
    firstName,
    lastName,
    email,
    phone,
    service: "Depression Treatment",
    source: "/request-appointment",
    smsOptIn: "true",
    attribution: { utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring", landingPage: "/blog" },
    details: {
      preferredContact: "phone",
      preferredTime: "afternoon",
      patientStatus: "new",
      visitType: "telehealth",
      telehealthInFlorida: true,
      insurance: "florida-blue",
      note: "I work nights; afternoons are best.",
      contactConsent: true,
    },
  };
}

const PEOPLE = {
  http: request("Harper", "Lindqvist-Testperson", "harper.lindqvist@example.com", "(407) 555-0121"),
  copy: request("Harper", "Lindqvist-Testperson", "Harper.Lindqvist@example.com ", "(407) 555-0199"),
  browser: request("Bea", "Okonkwo-Testperson", "bea.okonkwo@example.com", "(407) 555-0122"),
  conflict: request("Cass", "Moreau-Testperson", "cass.moreau@example.com", "(407) 555-0123"),
  keyboard: request("Kit", "Varga-Testperson", "kit.varga@example.com", "(407) 555-0124"),
  gone: request("Gale", "Thornbury-Testperson", "gale.thornbury@example.com", "(407) 555-0125"),
};
type Person = keyof typeof PEOPLE;
const fullName = (who: Person) => `${PEOPLE[who].firstName} ${PEOPLE[who].lastName}`;

/** A page's words as a person reads them (no tags, no scripts, entities decoded, spaces collapsed). */
function words(html: string): string {
  return decodeEntities(
    withoutScripts(html)
      .replaceAll("<!-- -->", "")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * One lead's page against the production build: who may open it, the page
 * and its data request, each of its forms posted without JavaScript, the
 * answers for bad input, unknown leads and a change someone else made first,
 * then the page in Chromium at 375 px (a call logged, the status changed,
 * the conflict, the keyboard) and axe at 375 and 1280 px.
 */
describe.each(databaseKinds())("one lead's page on %s", (kind) => {
  let server: TestServer;
  const cookies: Record<"sam" | "ada" | "mo" | "cleo", string> = { sam: "", ada: "", mo: "", cleo: "" };
  const ids = {} as Record<Person, string>;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("lead-page");
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    const target = databaseUrl ? { databaseUrl } : { dataDir };
    await addStaffTo(target, [SAM, ADA, MO, CLEO]);
    // The leads are put in before the server starts: PGlite admits one process at a time.
    const database = await openDatabase(target);
    try {
      for (const who of Object.keys(PEOPLE) as Person[])
        ids[who] = await createLead(database.db, leadSchema.parse(PEOPLE[who]));
    } finally {
      await database.close();
    }
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    for (const [key, person] of [
      ["sam", SAM],
      ["ada", ADA],
      ["mo", MO],
      ["cleo", CLEO],
    ] as const) {
      cookies[key] = await signInCookie(server.url, person.email);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  /** A form posted as a browser without JavaScript posts it (form-encoded, same origin). */
  const post = (id: string, fields: Record<string, string>, cookie = cookies.sam) =>
    fetch(`${server.url}${leadPagePath(id)}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  describe("over HTTP", () => {
    it("shows intake the whole request: the name as the heading, tap-to-call and e-mail links, what they asked", async () => {
      const res = await get(leadPagePath(ids.http), cookies.sam);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(elementTexts(html, "h1")).toEqual([fullName("http")]);
      expect(html).toContain('href="tel:4075550121"');
      expect(html).toContain('href="mailto:harper.lindqvist@example.com"');
      const text = words(html);
      for (const fact of [
        "Preferred contact Phone call",
        "Best time to reach them Afternoon",
        "Visit type Telehealth (video)",
        "In Florida for telehealth Yes, they confirmed they will be in Florida for each visit",
        "Insurance Florida Blue",
        "Text messages Yes: they agreed to text messages about this request",
        "I work nights; afternoons are best.",
        "Channel Email",
        "Campaign spring",
        "Their visit Not known",
        "Harper Lindqvist-Testperson sent a request (Appointment request)",
      ]) {
        expect(text).toContain(fact);
      }
      // The title names no one: it stays in the browser's history.
      expect(elementTexts(html, "title")).toEqual(["Lead · Staff area"]);
      // The other request from the same address is offered as a possible duplicate.
      expect(html).toContain(`href="${leadPagePath(ids.copy)}"`);

      const data = await get(`${leadPagePath(ids.http)}.data`, cookies.ada);
      expect(data.status).toBe(200);
      expect(await data.text()).toContain(PEOPLE.http.email);
    });

    it("refuses marketing and clinicians with 403, page and data request, with nothing of the person", async () => {
      for (const cookie of [cookies.mo, cookies.cleo]) {
        for (const path of [leadPagePath(ids.http), `${leadPagePath(ids.http)}.data`]) {
          const res = await get(path, cookie);
          expect(res.status, path).toBe(403);
          const body = await res.text();
          for (const secret of ["Harper", "Lindqvist", PEOPLE.http.email, "555-0121", "afternoons"]) {
            expect(body, `${path} shows ${secret}`).not.toContain(secret);
          }
        }
        const posted = await post(ids.http, { intent: "note", text: "Not allowed" }, cookie);
        expect(posted.status).toBe(403);
      }
      const signedOut = await get(leadPagePath(ids.http));
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(leadPagePath(ids.http))}`);
    });

    it("answers 404 with a staff-area page for an unknown or malformed id", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "1", "not-a-lead", "%27%20or%201%3D1"]) {
        const res = await get(`/admin/lead-insights/leads/${id}`, cookies.sam);
        expect(res.status, id).toBe(404);
        const html = await res.text();
        expect(elementTexts(html, "h1"), id).toEqual(["No lead at this address"]);
        expect(html).toContain("Signed in as");
        expect((await get(`/admin/lead-insights/leads/${id}.data`, cookies.sam)).status, `${id}.data`).toBe(404);
        expect((await post(id, { intent: "note", text: "Hello" })).status, `POST ${id}`).toBe(404);
      }
    });

    it("takes each form without JavaScript and answers with the page and what it did", async () => {
      const id = ids.http;
      const status = await post(id, { intent: "status", status: "contacted", reason: "Left details", version: "1" });
      expect(status.status).toBe(200);
      let text = words(await status.text());
      expect(text).toContain("The status is now Contacted.");
      expect(text).toContain("Sam Stafford changed the status from New to Contacted Reason: Left details");

      const contact = await post(id, { intent: "contact", method: "call", outcome: "left_message", at: "", note: "" });
      expect(contact.status).toBe(200);
      text = words(await contact.text());
      expect(text).toContain("The contact attempt is logged.");
      expect(text).toContain("Sam Stafford called — left a message");

      const assign = await post(id, { intent: "assign", assignee: "", version: "2" });
      expect(assign.status).toBe(400);
      expect(words(await assign.text())).toContain("It is already assigned to nobody.");
      const staff = /<option value="([0-9a-f-]{36})">Sam Stafford<\/option>/.exec(
        await (await get(leadPagePath(id), cookies.sam)).text(),
      )![1]!;
      const assigned = await post(id, { intent: "assign", assignee: staff, version: "2" });
      expect(assigned.status).toBe(200);
      expect(words(await assigned.text())).toContain("The lead is assigned to Sam Stafford.");

      const note = await post(id, { intent: "note", text: "Prefers a call after 2 pm.\nAsk about the sliding scale." });
      expect(note.status).toBe(200);
      text = words(await note.text());
      expect(text).toContain("The note is added.");
      expect(text).toContain("Sam Stafford added a note Prefers a call after 2 pm. Ask about the sliding scale.");

      const duplicate = await post(ids.copy, { intent: "duplicate", target: id, version: "1" });
      expect(duplicate.status).toBe(200);
      text = words(await duplicate.text());
      expect(text).toContain("The lead is marked as a duplicate.");
      expect(text).toContain("Sam Stafford marked this lead as a duplicate of Harper L.");
      expect(text).toContain("Closed: duplicate");
    });

    it("answers a stale version with 409, saying who changed it to what, and keeps the choice", async () => {
      const id = ids.gone;
      expect((await post(id, { intent: "status", status: "scheduled", version: "1" }, cookies.ada)).status).toBe(200);
      const stale = await post(id, { intent: "status", status: "contacted", reason: "Reached her", version: "1" });
      expect(stale.status).toBe(409);
      const html = await stale.text();
      expect(words(html)).toMatch(
        /Ada Admin changed this lead to Scheduled at \d{1,2}:\d\d [AP]M while you were looking at it\. Your change \(to Contacted\) was not saved\./,
      );
      // The page shows the lead as it is now, the form what this person chose and the current version.
      expect(words(html)).toContain("Status: Scheduled");
      expect(html).toMatch(/<option value="contacted" selected="">Contacted<\/option>/);
      expect(html).toContain('name="version" value="2"');
      expect(html).toContain("Reached her");
    });

    it("refuses bad input with 400 naming the field, text kept; an unknown intent too", async () => {
      const id = ids.gone;
      const forged = await post(id, { intent: "status", status: "vip", version: "2" });
      expect(forged.status).toBe(400);
      const forgedHtml = await forged.text();
      expect(forgedHtml).toContain("Choose one of the statuses in the list.");
      expect(forgedHtml).toMatch(/id="lead-status"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="lead-status"/);
      const long = `Long note ${"x".repeat(2000)}`;
      const overlong = await post(id, { intent: "note", text: long });
      expect(overlong.status).toBe(400);
      const overlongHtml = await overlong.text();
      expect(overlongHtml).toContain("The note must be at most 2000 characters.");
      expect(overlongHtml).toContain(long);
      const unknown = await post(id, { intent: "archive" });
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain("This form could not be understood.");
    });

    it("deletes on request: a reason and the box, then 303 to the inbox; the lead is gone", async () => {
      const id = ids.gone;
      const unticked = await post(id, { intent: "delete", deletionReason: "requested" });
      expect(unticked.status).toBe(400);
      expect(await unticked.text()).toContain("Tick the box to confirm");
      const deleted = await post(id, { intent: "delete", deletionReason: "requested", confirm: "yes" }, cookies.ada);
      expect(deleted.status).toBe(303);
      expect(deleted.headers.get("location")).toBe("/admin/lead-insights/leads?deleted=1");
      expect((await get(leadPagePath(id), cookies.ada)).status).toBe(404);
      const audit = words(await (await get("/admin/audit?action=lead_deleted", cookies.ada)).text());
      expect(audit).toContain(`Lead ${id.slice(0, 8)}`);
      expect(audit).toContain("Reason: the person asked us to delete it");
      expect(audit).not.toContain("Thornbury");
    });

    it("writes one opening to the audit log, not one per reload after a form", async () => {
      const id = ids.keyboard;
      expect((await get(leadPagePath(id), cookies.ada)).status).toBe(200);
      expect((await post(id, { intent: "note", text: "Checked insurance." }, cookies.ada)).status).toBe(200);
      // With JavaScript the page reloads its data after the post: no new opening either.
      expect((await get(`${leadPagePath(id)}.data`, cookies.ada)).status).toBe(200);
      const audit = words(await (await get("/admin/audit?action=lead_viewed", cookies.ada)).text());
      expect(audit.split(`Lead ${id.slice(0, 8)}`).length - 1).toBe(1);
    });
  });

  // What a browser does is the same on either database: once is enough (decision 0053).
  if (browserDatabaseKinds("pglite").includes(kind)) {
    describe("in the browser", () => {
      const browser = useBrowser();
      async function open(who: "sam" | "ada", id: string, viewport = MOBILE) {
        const opened = await browser.open({ viewport });
        await addSessionCookie(opened.context, server.url, cookies[who]);
        const response = await opened.page.goto(`${server.url}${leadPagePath(id)}`);
        expect(response?.status()).toBe(200);
        await hydrated(opened.page);
        return opened.page;
      }
      const form = (page: Page, name: string) => page.getByRole("form", { name });
      const timeline = (page: Page) => page.getByRole("list", { name: "Timeline, newest first" });

      it("logs a call and changes the status on a phone; the timeline shows both", async () => {
        const page = await open("sam", ids.browser);
        await look(page.getByRole("heading", { level: 1 })).text(fullName("browser"));
        await look(page.getByRole("link", { name: "Call (407) 555-0122" })).attribute("href", "tel:4075550122");

        const contact = form(page, "Log a contact attempt");
        await contact.getByLabel("How").selectOption("call");
        await contact.getByLabel("What happened").selectOption("left_message");
        await contact.getByLabel("Note").fill("Said I would try again at 3.");
        await contact.getByRole("button", { name: "Log it" }).click();
        await look(contact.getByRole("status")).text("The contact attempt is logged.");
        await look(timeline(page).getByRole("listitem").first()).contains("Sam Stafford called — left a message");
        await look(timeline(page).getByRole("listitem").first()).contains("Said I would try again at 3.");
        // The first attempt ends the wait.
        await look(page.getByText(/^First contacted/)).visible();

        const status = form(page, "Status");
        await status.getByLabel("Status").selectOption("contacted");
        await status.getByRole("button", { name: "Save status" }).click();
        await look(status.getByRole("status")).text("The status is now Contacted.");
        await look(timeline(page).getByRole("listitem").first()).contains(
          "Sam Stafford changed the status from New to Contacted",
        );
        await look(page.getByText("Status: Contacted")).visible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      });

      it("shows the conflict when someone else changed the lead first, and takes the change again on the new version", async () => {
        const mine = await open("sam", ids.conflict);
        const theirs = await open("ada", ids.conflict);
        await form(theirs, "Status").getByLabel("Status").selectOption("scheduled");
        await form(theirs, "Status").getByRole("button", { name: "Save status" }).click();
        await look(form(theirs, "Status").getByRole("status")).text("The status is now Scheduled.");

        const status = form(mine, "Status");
        await status.getByLabel("Status").selectOption("contacted");
        const answer = mine.waitForResponse((r) => r.request().method() === "POST");
        await status.getByRole("button", { name: "Save status" }).click();
        expect((await answer).status()).toBe(409);
        const alert = status.getByRole("alert");
        await look(alert).contains("Ada Admin changed this lead to Scheduled at");
        await look(alert).contains("while you were looking at it.");
        await look(alert).contains("Your change (to Contacted) was not saved.");
        await look(alert).focused();
        // The page now shows the lead as it is, and the choice is kept.
        await look(mine.getByText("Status: Scheduled")).visible();
        await look(timeline(mine).getByRole("listitem").first()).contains(
          "Ada Admin changed the status from New to Scheduled",
        );
        expect(await status.getByLabel("Status").inputValue()).toBe("contacted");
        await status.getByRole("button", { name: "Save status" }).click();
        await look(status.getByRole("status")).text("The status is now Contacted.");
        await look(mine.getByText("Status: Contacted")).visible();
      });

      it("works the status form by keyboard alone", async () => {
        const page = await open("sam", ids.keyboard);
        const select = form(page, "Status").getByLabel("Status");
        let reached = false;
        for (let i = 0; i < 40 && !reached; i++) {
          await page.keyboard.press("Tab");
          reached = await select.evaluate((el) => el === document.activeElement);
        }
        expect(reached).toBe(true);
        // New → Contacted → Scheduled.
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        expect(await select.inputValue()).toBe("scheduled");
        await page.keyboard.press("Tab");
        await page.keyboard.type("Booked for Thursday");
        await page.keyboard.press("Tab");
        await look(form(page, "Status").getByRole("button", { name: "Save status" })).focused();
        await page.keyboard.press("Enter");
        const message = form(page, "Status").getByRole("status");
        await look(message).text("The status is now Scheduled.");
        await look(message).focused();
        await look(timeline(page).getByRole("listitem").first()).contains("Reason: Booked for Thursday");
      });

      for (const [width, viewport] of [
        ["375", MOBILE],
        ["1280", DESKTOP],
      ] as const) {
        it(`passes axe at ${width}px, a field error showing, with nothing wider than the screen`, async () => {
          const page = await open("ada", ids.http, viewport);
          expect(await axeViolations(page)).toEqual([]);
          const note = form(page, "Add a note");
          await note.getByRole("button", { name: "Add note" }).click();
          await look(note.getByText("Write the note first.")).visible();
          expect(await axeViolations(page)).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        });
      }
    });
  }
});
