import { beforeAll, describe, expect, it } from "vitest";
import { leads, leadStatuses, type LeadFormType, type LeadStatus } from "~/db/schema";
import { inboxHref, readInboxView, type InboxSort } from "~/features/lead-inbox/inbox-params";
import { INBOX_PAGE_SIZE, readInboxPage, type InboxQuery } from "~/features/lead-inbox/inbox-query.server";
import { loadInbox, searchKind, searchLeads } from "~/features/lead-inbox/inbox.server";
import { countForExport } from "~/features/lead-inbox/export.server";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { openTestDatabase } from "../setup/database";
import { addStaff } from "../setup/staff";
import { describeOnEachDatabase } from "../setup/database-suite";

// Wednesday 11 March 2026, noon in New York (EDT).
const NOW = new Date("2026-03-11T16:00:00Z");
const HOUR = 3_600_000;

interface Made {
  id: string;
  createdAt: Date;
  formType: LeadFormType;
  status: LeadStatus;
  name: string;
}

const FIRST = ["Avery", "Blake", "Casey", "Devon", "Emery", "Finley", "Gray", "Harper", "Indy", "Jules"];
const FORMS: LeadFormType[] = ["hero", "appointment", "get_started", "phone_click"];
const STATUSES: LeadStatus[] = ["new", "contacted", "scheduled", "patient", "spam"];
const CHANNELS = ["Organic Search", "Paid Search", "Direct"];

describeOnEachDatabase("the lead inbox", (database) => {
  let made: Made[] = [];
  let intakeId = "";
  let otherId = "";

  beforeAll(async () => {
    const { db } = database();
    const [intake, other] = await addStaff(database(), [
      { name: "Iris Intake", email: "iris.intake@clinic.example", roles: ["intake"] },
      { name: "Omar Other", email: "omar.other@clinic.example", roles: ["admin"] },
    ]);
    intakeId = intake!.id;
    otherId = other!.id;
    // 130 leads, one every 3 hours back from NOW, a few sharing the same instant (ties must page cleanly).
    const rows = Array.from({ length: 130 }, (_, i) => {
      const createdAt = new Date(NOW.getTime() - Math.floor(i / 2) * 3 * HOUR - 60_000);
      const formType = FORMS[i % FORMS.length]!;
      const status = STATUSES[i % STATUSES.length]!;
      return {
        createdAt,
        formType,
        status,
        firstName: formType === "phone_click" ? "Phone" : FIRST[i % FIRST.length]!,
        lastName: formType === "phone_click" ? "Click" : `Testperson${String(i).padStart(3, "0")}`,
        email: formType === "phone_click" ? "phone-click@leads.invalid" : `person${i}@example.com`,
        phone: `(407) 555-01${String(i % 100).padStart(2, "0")}`,
        service: i % 3 === 0 ? "Anxiety Treatment" : "Depression Treatment",
        source: "/",
        channel: CHANNELS[i % CHANNELS.length]!,
        campaign: i % 3 === 1 ? "spring-anxiety" : null,
        landingPage: "/anxiety-therapy",
        firstContactedAt: status === "new" ? null : new Date(createdAt.getTime() + HOUR),
        assignedTo: i % 5 === 1 ? intakeId : i % 5 === 2 ? otherId : null,
      };
    });
    const inserted = await db.insert(leads).values(rows).returning({
      id: leads.id,
      createdAt: leads.createdAt,
      formType: leads.formType,
      status: leads.status,
      nameKey: leads.nameKey,
    });
    made = inserted.map((row) => ({ ...row, name: row.nameKey! }));
  });

  const query = (over: Partial<InboxQuery> = {}): InboxQuery => ({
    filters: {},
    sort: "newest",
    me: intakeId,
    promiseHours: 24,
    now: NOW,
    ...over,
  });

  /** Every page of a view, followed by its "next" cursors, and back again by "previous". */
  async function walk(q: InboxQuery) {
    const { db } = database();
    const pages = [];
    let page = await readInboxPage(db, q);
    pages.push(page);
    while (page.next) {
      page = await readInboxPage(db, q, { after: page.next });
      pages.push(page);
    }
    const back = [page];
    while (page.previous) {
      page = await readInboxPage(db, q, { before: page.previous });
      back.unshift(page);
    }
    return { pages, back };
  }

  const byNewest = (a: Made, b: Made) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

  it("lists every lead once, newest first, 50 a page, and pages back to the first the same way", async () => {
    const { pages, back } = await walk(query());
    expect(pages.map((p) => p.rows.length)).toEqual([INBOX_PAGE_SIZE, INBOX_PAGE_SIZE, 30]);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(ids).toEqual([...made].sort(byNewest).map((m) => m.id));
    expect(back.flatMap((p) => p.rows.map((r) => r.id))).toEqual(ids);
    expect(pages[0]!.previous).toBeUndefined();
    expect(pages.at(-1)!.next).toBeUndefined();
  });

  it.each<[InboxSort, (a: Made, b: Made) => number]>([
    ["oldest", (a, b) => -byNewest(a, b)],
    ["status", (a, b) => leadStatuses.indexOf(a.status) - leadStatuses.indexOf(b.status) || -byNewest(a, b)],
    ["status-desc", (a, b) => leadStatuses.indexOf(b.status) - leadStatuses.indexOf(a.status) || byNewest(a, b)],
    ["name", (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)],
    ["name-desc", (a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : a.id < b.id ? 1 : -1)],
  ])("sorts by %s across pages without skipping or repeating a lead", async (sort, compare) => {
    const { pages, back } = await walk(query({ sort }));
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    const expected = [...made].sort(compare).map((m) => m.id);
    if (sort.startsWith("name")) {
      // Names sort by the database's collation: same set, each once, and in the database's own order.
      expect(new Set(ids).size).toBe(made.length);
      expect([...ids].sort()).toEqual([...expected].sort());
    } else {
      expect(ids).toEqual(expected);
    }
    expect(back.flatMap((p) => p.rows.map((r) => r.id))).toEqual(ids);
  });

  it("filters by status, form, channel, campaign, service, dates and assignee, alone and together", async () => {
    const count = async (filters: InboxQuery["filters"]) =>
      (await walk(query({ filters }))).pages.flatMap((p) => p.rows);
    expect((await count({ status: "spam" })).every((r) => r.status === "spam")).toBe(true);
    expect(await count({ status: "spam" })).toHaveLength(made.filter((m) => m.status === "spam").length);
    expect((await count({ status: "open" })).map((r) => r.status).sort()).toEqual(
      made
        .filter((m) => ["new", "contacted", "scheduled"].includes(m.status))
        .map((m) => m.status)
        .sort(),
    );
    expect(await count({ status: "finished" })).toHaveLength(
      made.filter((m) => ["patient", "spam"].includes(m.status)).length,
    );
    expect(
      (await count({ form: "appointment", channel: "Paid Search" })).every(
        (r) => r.formType === "appointment" && r.channel === "Paid Search",
      ),
    ).toBe(true);
    expect((await count({ campaign: "spring-anxiety" })).every((r) => r.campaign === "spring-anxiety")).toBe(true);
    expect((await count({ service: "Anxiety Treatment" })).length).toBe(44);
    // 10 March 2026 in New York: 04:00 UTC on the 10th to 04:00 UTC on the 11th.
    const tenth = await count({ from: "2026-03-10", to: "2026-03-10" });
    expect(tenth.length).toBeGreaterThan(0);
    for (const row of tenth) {
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-03-10T04:00:00Z"));
      expect(row.createdAt.getTime()).toBeLessThan(Date.parse("2026-03-11T04:00:00Z"));
    }
    const mine = await count({ assigned: "me" });
    expect(mine.length).toBe(26);
    expect(await count({ assigned: otherId })).toHaveLength(26);
    expect(await count({ assigned: "none" })).toHaveLength(78);
  });

  it("marks as overdue only uncontacted form requests older than the promise", async () => {
    const overdue = (await walk(query({ filters: { overdue: true } }))).pages.flatMap((p) => p.rows);
    const expected = made.filter(
      (m) => m.status === "new" && m.formType !== "phone_click" && NOW.getTime() - m.createdAt.getTime() > 24 * HOUR,
    );
    expect(overdue.map((r) => r.id).sort()).toEqual(expected.map((m) => m.id).sort());
    // A shorter promise makes more of them late.
    const twoHours = (await walk(query({ filters: { overdue: true }, promiseHours: 2 }))).pages.flatMap((p) => p.rows);
    expect(twoHours.length).toBeGreaterThan(overdue.length);
  });

  it("finds people by the start of a name, an e-mail, or digits of a phone, never a phone tap", async () => {
    const { db } = database();
    const view = readInboxView(new URLSearchParams());
    const byName = await searchLeads(db, "testperson01", view, intakeId, 24, NOW);
    expect(byName.length).toBe(
      made.filter((m) => m.name.includes(" testperson01") && m.formType !== "phone_click").length,
    );
    expect(byName.length).toBeGreaterThan(0);
    const byEmail = await searchLeads(db, "Person5@Example.com", view, intakeId, 24, NOW);
    expect(byEmail.map((r) => r.lastName)).toEqual(["Testperson005"]);
    const byPhone = await searchLeads(db, "555-0142", view, intakeId, 24, NOW);
    expect(byPhone.length).toBeGreaterThan(0);
    expect(byPhone.every((r) => r.formType !== "phone_click")).toBe(true);
    // A search never matches on a LIKE wildcard typed by someone.
    expect(await searchLeads(db, "%", view, intakeId, 24, NOW)).toEqual([]);
    expect(searchKind("a@b")).toBe("email");
    expect(searchKind("(407) 555")).toBe("phone");
    expect(searchKind("Avery 2")).toBe("name");
  });

  it("ignores a cursor or filter value that does not parse, and says which", async () => {
    const { db } = database();
    const view = readInboxView(
      new URLSearchParams("status=maybe&channel=Carrier+pigeon&from=2026-02-30&sort=newest&after=garbage"),
    );
    expect(view.ignored.sort()).toEqual(["channel", "from", "status"]);
    const page = await readInboxPage(db, query({ filters: view.filters }), { after: view.after });
    expect(page.rows[0]!.id).toBe([...made].sort(byNewest)[0]!.id);
    expect(inboxHref({ status: "new", overdue: true }, "name")).toBe(
      "/admin/lead-insights/leads?status=new&overdue=1&sort=name",
    );
  });
});

describe("the inbox and its export while the database is away", () => {
  it("answer the staff area's 503 (with Retry-After), never a 500", async () => {
    const away = await openTestDatabase("pglite");
    await away.close();
    const view = readInboxView(new URLSearchParams("status=new"));
    const refused = { init: { status: 503, headers: expect.objectContaining({ "Retry-After": "5" }) } };
    await expect(readForStaff(() => loadInbox(away.db, view, "me"))).rejects.toMatchObject(refused);
    await expect(
      readForStaff(() => countForExport(away.db, { filters: view.filters, me: "me", promiseHours: 24, asOf: NOW })),
    ).rejects.toMatchObject(refused);
  });
});
