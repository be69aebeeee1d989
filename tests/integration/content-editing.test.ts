import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { runContentAction } from "~/features/content-editing/content-page.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { decodeEntities, jsonLdBlocks, metaContents } from "../setup/html";
import { addStaff, signInCookie } from "../setup/staff";

const MARKETING = { name: "Mara Content", email: "mara.content@clinic.example", roles: ["marketing"] as const };
const INTAKE = { name: "Ivy Intake", email: "ivy.content@clinic.example", roles: ["intake"] as const };

/** The week of an office's form as the seed has Winter Park, with one day changed. */
const WINTER_PARK_WEEK: Record<string, string> = {
  "monday.opens": "08:30",
  "monday.closes": "18:00",
  "tuesday.opens": "08:30",
  "tuesday.closes": "18:00",
  "wednesday.opens": "08:30",
  "wednesday.closes": "18:00",
  "thursday.opens": "08:30",
  "thursday.closes": "18:00",
  "friday.opens": "08:30",
  "friday.closes": "17:00",
  "saturday.opens": "09:00",
  "saturday.closes": "13:00",
  "saturday.note": "by appointment",
};
const WINTER_PARK_ADDRESS = {
  name: "Winter Park Office",
  slug: "winter-park",
  description:
    "A quiet, tree-lined street a short drive from downtown Winter Park, with free parking next to the building.",
  areasServed: "Winter Park, Maitland, Casselberry, Goldenrod, Baldwin Park",
  latitude: "28.5986",
  longitude: "-81.3512",
  street: "318 Magnolia Bend Avenue, Suite 100",
  city: "Winter Park",
  state: "FL",
  zip: "32789",
  phone: "(407) 555-0143",
  directions:
    "Park for free in the lot beside the building and use the front entrance under the green awning; Suite 100 is on the ground floor. We are across the street from Magnolia Bend Park and its large oak trees.",
  metaDescription:
    "Visit our Winter Park office on Magnolia Bend Avenue for psychiatry, therapy and medication management. Free parking next to the building.",
};

/** The main office's form as the seed has it: its phone, address and hours are the clinic's (decision 0042). */
const MAIN_OFFICE: Record<string, string> = {
  name: "Orlando Office",
  slug: "orlando",
  description:
    "Our main office sits right on the Winter Park and Orlando line, with easy access from I-4 and plenty of parking.",
  areasServed: "Orlando, College Park, Eatonville, Lockhart, Fairview Shores",
  latitude: "28.6095",
  longitude: "-81.393",
  street: "1450 Osprey Lake Drive, Suite 210",
  city: "Orlando",
  state: "FL",
  zip: "32810",
  phone: "(407) 555-0142",
  directions:
    "Free parking is in the surface lot in front of the Osprey Lake Professional Center. Enter through the main lobby doors and take the elevator to the second floor; Suite 210 is on the right.",
  metaDescription:
    "Our main office, near I-4 on the Winter Park and Orlando line: psychiatric care, counseling and medication management, with plenty of parking.",
  ...Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday"].flatMap((day) => [
      [`${day}.opens`, "09:00"],
      [`${day}.closes`, "17:00"],
    ]),
  ),
  "saturday.note": "By appointment",
};

/**
 * The content editor's server side and what visitors then get: fields
 * refused one by one (nothing saved, nothing audited), a save published at
 * once on the public pages (page cache on), audited with before and after,
 * and undone from its audit entry. On each database.
 */
describe.each(databaseKinds())("site content editing on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let actor: { id: string; email: string; ip: string };
  let officeId: number;
  beforeAll(async () => {
    app = await startApiApp(kind, { PAGE_CACHE_ENTRIES: "200" });
    const [mara] = await addStaff(app.database, [MARKETING, INTAKE]);
    actor = { id: mara!.id, email: mara!.email, ip: "127.0.0.1" };
    cookie = await signInCookie(app.url, MARKETING.email);
    const [office] = await db().select().from(t.locations).where(eq(t.locations.slug, "winter-park"));
    officeId = office!.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const db = () => app.database.db;
  const act = (values: Record<string, string>) => runContentAction(db(), app.services, actor, values);
  const page = async (path: string) => {
    const res = await fetch(`${app.url}${path}`);
    return { res, html: await res.text() };
  };
  const contentEntries = () =>
    db()
      .select()
      .from(t.auditLog)
      .where(inArray(t.auditLog.action, ["site_content_changed", "location_changed"]))
      .orderBy(desc(t.auditLog.id));
  const clinic = {
    intent: "clinic",
    clinicName: "Cypress Lane Behavioral Health",
    footerEmail: "hello@cypresslane.example",
    patientPortalUrl: "https://portal.example.com/cypress-lane",
    virtualVisitUrl: "https://telehealth.example.com/cypress-lane",
    replyPromise: "within 24 hours",
    "social.facebook": "https://www.facebook.com/cypresslanedemo",
  };

  it("is for admin and marketing: the page opens for marketing, not for intake", async () => {
    expect((await fetch(`${app.url}/admin/content`, { headers: { cookie } })).status).toBe(200);
    const intake = await signInCookie(app.url, INTAKE.email);
    expect((await fetch(`${app.url}/admin/content`, { headers: { cookie: intake } })).status).toBe(403);
  });

  it("refuses bad clinic settings field by field, keeps what was typed, and saves nothing", async () => {
    const before = await db().select().from(t.siteContent);
    const { status, answer } = await act({
      ...clinic,
      clinicName: "C",
      footerEmail: "hello@",
      patientPortalUrl: "http://portal.example.com",
      replyPromise: "",
      "social.facebook": "https://www.instagram.com/cypresslanedemo",
    });
    expect(status).toBe(400);
    expect(answer.fields).toEqual({
      clinicName: "Keep the clinic's name between 2 and 80 characters (it has 1).",
      footerEmail: "Enter an e-mail address such as hello@yourclinic.com.",
      patientPortalUrl: "Enter the patient portal link as a full address starting with https://.",
      replyPromise: "Enter the reply promise.",
      "social.facebook": "This does not look like a Facebook address: it should be on facebook.com.",
    });
    expect(answer.values?.clinicName).toBe("C");
    expect(await db().select().from(t.siteContent)).toEqual(before);
    expect(await contentEntries()).toEqual([]);
  });

  it("refuses bad office hours, addresses and closures by field", async () => {
    const { status, answer } = await act({
      intent: "location",
      target: String(officeId),
      ...WINTER_PARK_ADDRESS,
      ...WINTER_PARK_WEEK,
      zip: "3278",
      state: "Florida",
      phone: "123",
      "monday.closes": "07:00",
      "tuesday.closes": "",
      "closure0.date": "2026-02-30",
      "closure1.note": "Staff training",
    });
    expect(status).toBe(400);
    expect(answer.fields).toEqual({
      zip: "Enter the ZIP code as five digits, such as 32789.",
      state: "Enter the state as two letters, such as FL.",
      phone: "Enter the office phone number as a 10-digit US number, such as (407) 555-0142.",
      "monday.closes": "Monday's closing time must be after its opening time.",
      "tuesday.closes": "Enter Tuesday's closing time too, or clear both.",
      "closure0.date": "Enter a real date, such as 2026-12-25.",
      "closure1.date": "Enter the date of this closure, or clear its note.",
    });
    const forged = await act({ intent: "location", target: "999999", ...WINTER_PARK_ADDRESS });
    expect(forged.status).toBe(404);
    expect((await act({ intent: "drop-tables" })).status).toBe(400);
    expect(await contentEntries()).toEqual([]);
  });

  it("publishes an office's hours and closures at once, audited with before and after, and undoes it", async () => {
    // Cached before the change: the change must not hide behind it.
    await page("/locations/winter-park");
    expect((await page("/locations/winter-park")).res.headers.get("x-cache")).toBe("HIT");

    const saved = await act({
      intent: "location",
      target: String(officeId),
      ...WINTER_PARK_ADDRESS,
      ...WINTER_PARK_WEEK,
      phone: "407 555 0149",
      "saturday.opens": "10:00",
      "saturday.closes": "14:00",
      "saturday.note": "",
      "closure0.date": "2099-12-25",
      "closure0.note": "Christmas Day",
    });
    expect(saved.status).toBe(200);
    expect(saved.answer.message).toBe(
      "Published: the office's details (phone, opening hours, holiday closures) changed on the website for every visitor.",
    );

    const { html } = await page("/locations/winter-park");
    expect(html).toContain("(407) 555-0149");
    expect(html).toMatch(/Saturday<\/dt><dd[^>]*>10:00 AM – 2:00 PM<\/dd>/);
    expect(html).toContain("Friday, December 25, 2099");
    expect(html).toContain("Closed: Christmas Day");
    expect(html).toContain('"specialOpeningHoursSpecification"');
    expect(html).toContain('"validFrom":"2099-12-25"');

    const [entry] = await contentEntries();
    expect(entry).toMatchObject({
      action: "location_changed",
      targetType: "location",
      targetId: String(officeId),
      actorId: actor.id,
    });
    expect(entry!.detail).toMatchObject({
      name: "Winter Park Office",
      before: {
        phone: "(407) 555-0143",
        closures: [],
        hours: expect.arrayContaining([{ label: "Saturday", value: "9:00 AM – 1:00 PM, by appointment" }]),
      },
      after: {
        phone: "(407) 555-0149",
        closures: [{ date: "2099-12-25", note: "Christmas Day" }],
        hours: expect.arrayContaining([{ label: "Saturday", value: "10:00 AM – 2:00 PM" }]),
      },
    });

    // The same values again: nothing changes, nothing is audited.
    const entries = (await contentEntries()).length;
    const again = await act({
      intent: "location",
      target: String(officeId),
      ...WINTER_PARK_ADDRESS,
      ...WINTER_PARK_WEEK,
      phone: "(407) 555-0149",
      "saturday.opens": "10:00",
      "saturday.closes": "14:00",
      "saturday.note": "",
      "closure0.date": "2099-12-25",
      "closure0.note": "Christmas Day",
    });
    expect(again.answer.tone).toBe("info");
    expect(await contentEntries()).toHaveLength(entries);

    const undone = await act({ intent: "revert", entry: String(entry!.id) });
    expect(undone.status).toBe(200);
    const back = await page("/locations/winter-park");
    expect(back.html).toContain("(407) 555-0143");
    expect(back.html).toContain("9:00 AM – 1:00 PM, by appointment");
    expect(back.html).not.toContain("Christmas Day");
    const [undo] = await contentEntries();
    expect(undo!.detail).toMatchObject({ revertOf: entry!.id, after: { phone: "(407) 555-0143", closures: [] } });
    expect((await act({ intent: "revert", entry: "999999" })).status).toBe(404);
  });

  it("publishes the reply promise on the request forms, and the main office's phone on every page's frame", async () => {
    await page("/request-appointment");
    const saved = await act({ ...clinic, replyPromise: "within one business day" });
    expect(saved.status).toBe(200);
    const [main] = await db().select().from(t.locations).where(eq(t.locations.isPrimary, true));
    const office = await act({ intent: "location", target: String(main!.id), ...MAIN_OFFICE, phone: "1-407-555-0188" });
    expect(office.status).toBe(200);
    const { html } = await page("/request-appointment");
    expect(html).toContain('href="tel:+14075550188"');
    expect(html).not.toContain("(407) 555-0142");
    expect(html).toMatch(/call or email you(<!-- -->| )*within one business day(<!-- -->)* to find a time/);
    expect(html).toContain("calls or emails you within one business day.");
    const [, entry] = await contentEntries();
    expect(entry).toMatchObject({ action: "site_content_changed", targetType: "site_content" });
    expect(entry!.detail).toMatchObject({
      before: { replyPromise: "within 24 hours" },
      after: { replyPromise: "within one business day" },
    });
    // The social links not sent are removed: the form holds every one of them.
    expect(Object.keys((entry!.detail.after as Record<string, unknown>) ?? {}).sort()).toEqual([
      "replyPromise",
      "social",
    ]);

    await act({ intent: "revert", entry: String(entry!.id) });
    const [site] = await db()
      .select()
      .from(t.siteContent)
      .where(and(eq(t.siteContent.id, 1)));
    expect(site).toMatchObject({ replyPromise: "within 24 hours" });
    expect((await page("/request-appointment")).html).toContain("within 24 hours");
  });

  it("adds an office with its page, sitemap entry and card; a new address redirects; removal refused while linked", async () => {
    const moved = async (path: string) => {
      const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
      return { status: res.status, location: res.headers.get("location") };
    };
    const LAKE_MARY = {
      intent: "location-add",
      target: "new",
      name: "Lake Mary Office",
      slug: "lake-mary",
      description: "A ground-floor suite off Lake Mary Boulevard, with covered parking at the door.",
      areasServed: "Lake Mary, Sanford, Heathrow",
      latitude: "28.7589",
      longitude: "-81.3178",
      street: "77 Heron Point Way, Suite 4",
      city: "Lake Mary",
      state: "fl",
      zip: "32746",
      phone: "407.555.0151",
      "monday.opens": "09:00",
      "monday.closes": "17:00",
    };
    const offices = () => db().select().from(t.locations);
    const count = (await offices()).length;
    const bad = await act({ ...LAKE_MARY, slug: "orlando", phone: "555-01", latitude: "north", name: "" });
    expect(bad.status).toBe(400);
    expect(bad.answer.fields).toEqual({
      name: "Enter the office's name.",
      phone: "Enter the office phone number as a 10-digit US number, such as (407) 555-0142.",
      latitude: "Enter the latitude in degrees between -90 and 90, such as 28.6095.",
    });
    const taken = await act({ ...LAKE_MARY, slug: "orlando" });
    expect(taken.answer.fields).toEqual({
      slug: "Another office already uses /locations/orlando. Choose another page address.",
    });
    expect(await offices()).toHaveLength(count);

    await page("/locations");
    const added = await act(LAKE_MARY);
    expect(added.status).toBe(200);
    expect(added.answer.message).toBe("Published: Lake Mary Office is on the website now, at /locations/lake-mary.");
    const [office] = await db().select().from(t.locations).where(eq(t.locations.slug, "lake-mary"));
    expect(office).toMatchObject({ isPrimary: false, phone: "(407) 555-0151", state: "FL", telehealthOnly: false });
    const { res, html } = await page("/locations/lake-mary");
    expect(res.status).toBe(200);
    expect(html).toContain("77 Heron Point Way, Suite 4");
    expect(html).toContain("Lake Mary, Sanford, Heathrow");
    expect((await page("/locations")).html).toContain('href="/locations/lake-mary"');
    expect((await page("/sitemap.xml")).html).toContain("/locations/lake-mary</loc>");
    const [addedEntry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, "location_added"))
      .orderBy(desc(t.auditLog.id));
    expect(addedEntry).toMatchObject({ actorId: actor.id, targetId: String(office!.id) });

    // A new address (and telehealth only): the old one answers 301.
    const renamed = await act({
      ...LAKE_MARY,
      intent: "location",
      target: String(office!.id),
      slug: "lake-mary-video",
      telehealthOnly: "on",
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(() => moved("/locations/lake-mary"))
      .toEqual({ status: 301, location: "/locations/lake-mary-video" });
    const video = await page("/locations/lake-mary-video");
    expect(video.html).toContain("by secure video only");
    expect(video.html).not.toContain("Get Directions");

    // Refused: the main office, and an office a team member lists.
    const [main] = await db().select().from(t.locations).where(eq(t.locations.isPrimary, true));
    const mainRefused = await act({ intent: "location-delete", target: String(main!.id) });
    expect(mainRefused.status).toBe(409);
    expect(mainRefused.answer.message).toBe(
      "“Orlando Office” was not removed: it is the main office, whose address, phone and hours are the clinic's on every page. Make another office the main one first.",
    );
    expect(mainRefused.answer.linkedFrom).toHaveLength(1);
    const [member] = await db().select().from(t.teamMembers).limit(1);
    await db()
      .update(t.teamMembers)
      .set({ locationIds: [...member!.locationIds, office!.id] })
      .where(eq(t.teamMembers.id, member!.id));
    const linked = await act({ intent: "location-delete", target: String(office!.id) });
    expect(linked.status).toBe(409);
    expect(linked.answer.linkedFrom).toEqual([
      { label: `The team member “${member!.name}”`, href: `/admin/content/team/${member!.id}` },
    ]);
    await db().update(t.teamMembers).set({ locationIds: member!.locationIds }).where(eq(t.teamMembers.id, member!.id));
    expect(await offices()).toHaveLength(count + 1);

    // Removed: its addresses lead to the list of offices, and it leaves the sitemap.
    const removed = await act({ intent: "location-delete", target: String(office!.id) });
    expect(removed.status).toBe(200);
    await expect.poll(() => moved("/locations/lake-mary-video")).toEqual({ status: 301, location: "/locations" });
    expect(await moved("/locations/lake-mary")).toEqual({ status: 301, location: "/locations" });
    expect((await page("/sitemap.xml")).html).not.toContain("/locations/lake-mary");
    expect((await page("/locations")).html).not.toContain("Lake Mary Office");

    // Undone: back at its address, which answers with its page again.
    const [deletedEntry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, "location_deleted"))
      .orderBy(desc(t.auditLog.id));
    const undone = await act({ intent: "revert", entry: String(deletedEntry!.id) });
    expect(undone.status).toBe(200);
    await expect.poll(async () => (await moved("/locations/lake-mary-video")).status).toBe(200);
    expect(await moved("/locations/lake-mary")).toEqual({ status: 301, location: "/locations" });
    const [back] = await db().select().from(t.locations).where(eq(t.locations.slug, "lake-mary-video"));
    expect(back).toMatchObject({ telehealthOnly: true, phone: "(407) 555-0151", isPrimary: false });
    await act({ intent: "location-delete", target: String(back!.id) });
  });

  it("saves an office's getting-here words and search description, checked like the seed's, on its page and in its meta", async () => {
    const form = { intent: "location", target: String(officeId), ...WINTER_PARK_ADDRESS, ...WINTER_PARK_WEEK };
    const refused = await act({ ...form, directions: "Park here.", metaDescription: "Winter Park office." });
    expect(refused.status).toBe(400);
    expect(refused.answer.fields).toEqual({
      directions: "Keep the directions between 20 and 300 characters (it has 10).",
      metaDescription: "Keep the search description between 120 and 156 characters (it has 19).",
    });

    await page("/locations/winter-park");
    const directions =
      "Take SunRail to Winter Park station, then walk four blocks east on Morse Boulevard; bike racks are by the door.";
    const search =
      "Psychiatry and therapy on Magnolia Bend Avenue in Winter Park, a short walk from the SunRail station, with free parking next to the building.";
    const saved = await act({ ...form, directions, metaDescription: search });
    expect(saved.status).toBe(200);
    expect(saved.answer.message).toBe(
      "Published: the office's details (getting here, search description) changed on the website for every visitor.",
    );
    const { html } = await page("/locations/winter-park");
    expect(decodeEntities(html)).toContain(directions);
    expect(metaContents(html, "description")).toEqual([search]);

    // No search description of its own: the page's description stands in.
    await act({ ...form, directions, metaDescription: "" });
    expect(metaContents((await page("/locations/winter-park")).html, "description")).toEqual([
      WINTER_PARK_ADDRESS.description,
    ]);
    await act({ ...form });
    const [row] = await db().select().from(t.locations).where(eq(t.locations.id, officeId));
    expect(row).toMatchObject({
      directions: WINTER_PARK_ADDRESS.directions,
      metaDescription: WINTER_PARK_ADDRESS.metaDescription,
    });
  });

  it("makes another office the main one on every page, audited and undone; telehealth-only refused; removal follows", async () => {
    const LAKE_NONA = {
      intent: "location-add",
      target: "new",
      name: "Lake Nona Office",
      slug: "lake-nona",
      description: "A second-floor suite in the Lake Nona town center, with a parking garage across the street.",
      latitude: "28.3772",
      longitude: "-81.2432",
      street: "9100 Laureate Loop, Suite 220",
      city: "Orlando",
      state: "FL",
      zip: "32827",
      phone: "(407) 555-0161",
      "monday.opens": "10:00",
      "monday.closes": "19:00",
      telehealthOnly: "on",
    };
    const tel = (phone: string) => `tel:+1${phone.replace(/\D/g, "")}`;
    const officeBySlug = async (slug: string) =>
      (await db().select().from(t.locations).where(eq(t.locations.slug, slug)))[0]!;
    const mains = async () =>
      (await db().select().from(t.locations).where(eq(t.locations.isPrimary, true))).map((o) => o.slug);
    const switches = () =>
      db().select().from(t.auditLog).where(eq(t.auditLog.action, "main_office_changed")).orderBy(desc(t.auditLog.id));
    const choose = (id: number, confirm = true) =>
      act({ intent: "main-office", target: String(id), ...(confirm ? { mainOffice: "yes" } : {}) });
    /** What a public page tells of the clinic: its header's and footer's words and call links, its clinic JSON-LD. */
    const frame = async (path: string) => {
      const { html } = await page(path);
      const part = (name: string) => new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, "i").exec(html)?.[1] ?? "";
      const words = (markup: string) =>
        decodeEntities(markup.replace(/<!-- -->/g, "").replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ");
      const clinic = jsonLdBlocks(html)
        .map((block) => JSON.parse(block) as Record<string, unknown>)
        .find((node) => String(node["@id"]).endsWith("/#clinic"));
      return { header: part("header"), footer: words(part("footer")), footerMarkup: part("footer"), clinic };
    };

    expect((await act(LAKE_NONA)).status).toBe(200);
    const nona = await officeBySlug("lake-nona");
    const [orlando, winterPark] = [await officeBySlug("orlando"), await officeBySlug("winter-park")];

    // Refused, nothing changed: the box not ticked, a telehealth-only office, the main office made telehealth only.
    const unticked = await choose(winterPark.id, false);
    expect(unticked.status).toBe(400);
    expect(unticked.answer.fields).toEqual({
      mainOffice: "Tick the box to confirm that every page should show this office's address, phone and hours.",
    });
    const video = await choose(nona.id);
    expect(video.status).toBe(400);
    expect(video.answer.fields).toEqual({
      mainOffice:
        "Lake Nona Office is telehealth only, and the main office's address is shown on every page as the place patients come to. Choose an office patients visit, or clear its “Telehealth only” first.",
    });
    const mainVideo = await act({
      intent: "location",
      target: String(orlando.id),
      ...MAIN_OFFICE,
      telehealthOnly: "on",
    });
    expect(mainVideo.status).toBe(400);
    expect(mainVideo.answer.fields).toEqual({
      telehealthOnly:
        "The main office cannot be telehealth only: its address is the clinic's on every page, as the place patients come to. Choose another main office first.",
    });
    expect((await choose(999999)).status).toBe(404);
    expect(await mains()).toEqual(["orlando"]);
    expect(await switches()).toEqual([]);

    // Chosen: every page's frame and the clinic's structured data at once (the cached home page included).
    const { telehealthOnly: _video, ...inPerson } = LAKE_NONA;
    expect((await act({ ...inPerson, intent: "location", target: String(nona.id) })).status).toBe(200);
    await page("/");
    expect((await page("/")).res.headers.get("x-cache")).toBe("HIT");
    // Through the page's own form, as a browser without JavaScript posts it.
    const posted = await fetch(`${app.url}/admin/content`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "main-office", target: String(nona.id), mainOffice: "yes" }),
    });
    expect(posted.status).toBe(200);
    expect(decodeEntities(await posted.text())).toContain(
      "Published: Lake Nona Office is the main office now. The header, the footer, the Get Started page and the clinic's details for search engines show its address, phone and hours.",
    );
    expect(await mains()).toEqual(["lake-nona"]);
    const home = await frame("/");
    expect(home.header).toContain('href="tel:+14075550161"');
    expect(home.header).not.toContain(tel(orlando.phone));
    expect(home.footerMarkup).toContain('href="tel:+14075550161"');
    expect(home.footer).toContain("9100 Laureate Loop, Suite 220");
    expect(home.footer).toContain("Orlando, FL 32827");
    expect(home.footer).toContain("10:00 AM – 7:00 PM");
    expect(home.footer).not.toContain("1450 Osprey Lake Drive");
    expect(home.clinic).toMatchObject({
      telephone: "(407) 555-0161",
      address: { streetAddress: "9100 Laureate Loop, Suite 220", postalCode: "32827" },
      geo: { latitude: 28.3772, longitude: -81.2432 },
    });
    expect((await frame("/get-started")).header).toContain('href="tel:+14075550161"');
    const [entry] = await switches();
    expect(entry).toMatchObject({ actorId: actor.id, targetType: "location", targetId: String(nona.id) });
    expect(entry!.detail).toEqual({
      name: "Lake Nona Office",
      before: { mainOffice: "Orlando Office" },
      after: { mainOffice: "Lake Nona Office" },
      previousId: orlando.id,
    });
    expect((await choose(nona.id)).answer).toMatchObject({
      tone: "info",
      message: "Nothing changed: Lake Nona Office is already the main office.",
    });

    // The main office cannot be removed; once another is the main one, the old one can (nothing links to it).
    const kept = await act({ intent: "location-delete", target: String(nona.id) });
    expect(kept.status).toBe(409);
    expect(kept.answer.message).toContain("it is the main office");
    expect((await choose(winterPark.id)).status).toBe(200);
    expect((await act({ intent: "location-delete", target: String(nona.id) })).status).toBe(200);
    const keptToo = await act({ intent: "location-delete", target: String(winterPark.id) });
    expect([keptToo.status, keptToo.answer.message]).toEqual([
      409,
      "“Winter Park Office” was not removed: it is the main office, whose address, phone and hours are the clinic's on every page. Make another office the main one first.",
    ]);

    // Undone: refused while the office it would bring back is gone; the first choice undone puts Orlando back everywhere.
    const [second] = await switches();
    const gone = await act({ intent: "revert", entry: String(second!.id) });
    expect([gone.status, gone.answer.message]).toEqual([
      400,
      "That change cannot be undone: Lake Nona Office is no longer listed.",
    ]);
    const undone = await act({ intent: "revert", entry: String(entry!.id) });
    expect(undone.status).toBe(200);
    expect(undone.answer.message).toBe(
      "Undone: Orlando Office is the main office again, on every page of the website.",
    );
    expect(await mains()).toEqual(["orlando"]);
    const back = await frame("/");
    // Orlando's phone as an earlier case left it.
    expect(back.header).toContain(`href="${tel(orlando.phone)}"`);
    expect(back.footer).toContain("1450 Osprey Lake Drive, Suite 210");
    expect(back.clinic).toMatchObject({ telephone: orlando.phone });
    const [undo] = await switches();
    expect(undo!.detail).toMatchObject({
      before: { mainOffice: "Winter Park Office" },
      after: { mainOffice: "Orlando Office" },
      revertOf: entry!.id,
    });
  });
});
