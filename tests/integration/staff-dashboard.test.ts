import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { leads, newsletterSubscribers, pageViews, visits, type LeadFormType } from "~/db/schema";
import { loadDashboard, WAITING_LIST_SIZE } from "~/features/dashboard/dashboard.server";
import { databaseKinds, openTestDatabase } from "../setup/database";

// Wednesday 11 March 2026, noon in New York (EDT, UTC−4). The clinic's week
// began Monday 9 March at 00:00 EDT (04:00 UTC); today began at 04:00 UTC.
const NOW = new Date("2026-03-11T16:00:00Z");

function lead(
  formType: LeadFormType,
  createdAt: string,
  firstName: string,
  extra: Partial<typeof leads.$inferInsert> = {},
) {
  return {
    formType,
    createdAt: new Date(createdAt),
    firstName,
    lastName: "Testperson",
    email: `${firstName.toLowerCase()}@example.com`,
    phone: "(407) 555-0100",
    service: formType === "phone_click" ? null : "Anxiety Treatment",
    source: "/",
    ...extra,
  };
}

function visit(visitorId: bigint, startedAt: string) {
  return {
    visitorId,
    startedAt: new Date(startedAt),
    lastSeenAt: new Date(startedAt),
    entryPath: "/",
    exitPath: "/",
    pageviews: 1,
    channel: "direct",
    deviceType: "desktop",
  };
}

/** What intake staff and admins see (access.ts: lead-details). */
const INTAKE = { leadDetails: true };

describe.each(databaseKinds())("staff overview numbers on %s", (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await db.insert(leads).values([
      lead("hero", "2026-03-11T14:00:00Z", "Today"), // 10:00 today, waiting 2 h
      lead("appointment", "2026-03-10T09:00:00Z", "Tuesday", { service: null }), // 05:00 Tue, 31 h
      lead("get_started", "2026-03-08T20:00:00Z", "Sunday"), // last week, 68 h: the oldest
      lead("hero", "2026-03-09T03:59:00Z", "Lastminute", { status: "contacted" }), // Sun 23:59, last week
      lead("hero", "2026-03-11T15:00:00Z", "Answered", { status: "contacted" }), // today, answered
      lead("phone_click", "2026-03-11T15:30:00Z", "Phone"), // today: a call tapped, no one to contact
      lead("phone_click", "2026-03-09T04:00:00Z", "Phone"), // Monday 00:00: this week
      lead("phone_click", "2026-03-02T15:00:00Z", "Phone"), // the week before
    ]);
    const subscriber = (email: string, consentedAt: string, status: "subscribed" | "unsubscribed" = "subscribed") => ({
      email,
      emailKey: email,
      status,
      consentedAt: new Date(consentedAt),
      consentSource: "/",
    });
    await db
      .insert(newsletterSubscribers)
      .values([
        subscriber("a@example.com", "2026-03-11T13:00:00Z"),
        subscriber("b@example.com", "2026-03-09T12:00:00Z"),
        subscriber("c@example.com", "2026-03-06T12:00:00Z"),
        subscriber("d@example.com", "2026-03-11T12:00:00Z", "unsubscribed"),
      ]);
    const stored = await db
      .insert(visits)
      .values([
        visit(1n, "2026-03-11T14:00:00Z"),
        visit(1n, "2026-03-11T15:00:00Z"), // the same visitor again today
        visit(2n, "2026-03-11T15:10:00Z"),
        visit(1n, "2026-03-10T14:00:00Z"), // yesterday: counted again (ids rotate daily)
        visit(3n, "2026-03-05T17:00:00Z"), // six days ago: the first day shown
        visit(4n, "2026-03-04T17:00:00Z"), // seven days ago: not shown
      ])
      .returning({ id: visits.id });
    const view = (occurredAt: string) => ({ visitId: stored[0]!.id, occurredAt: new Date(occurredAt), path: "/" });
    await db.insert(pageViews).values([
      view("2026-03-11T14:00:00Z"),
      view("2026-03-11T14:05:00Z"),
      view("2026-03-11T15:10:00Z"),
      view("2026-03-11T03:30:00Z"), // 23:30 on Tuesday in New York, Wednesday in UTC
      view("2026-03-10T14:00:00Z"),
      view("2026-03-05T17:00:00Z"),
      view("2026-03-05T18:00:00Z"),
      view("2026-03-04T17:00:00Z"),
      view("2026-03-04T18:00:00Z"),
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("counts today's and this week's requests, calls tapped and sign-ups in clinic time", async () => {
    const dashboard = await loadDashboard(database.db, INTAKE, NOW);
    expect(dashboard.todayLabel).toBe("Wed, Mar 11");
    expect(dashboard.requests).toEqual({ today: 2, week: 3 });
    expect(dashboard.callsTapped).toEqual({ today: 1, week: 2 });
    expect(dashboard.newsletterSignUps).toEqual({ today: 1, week: 2 });
  });

  it("lists requests not yet contacted, oldest first, without phone clicks, flagging those past 24 hours", async () => {
    const { waiting } = await loadDashboard(database.db, INTAKE, NOW);
    expect(waiting.total).toBe(3);
    expect(waiting.late).toBe(2);
    expect(waiting.leads!.map(({ name, form, service, waited }) => ({ name, form, service, waited }))).toEqual([
      {
        name: "Sunday T.",
        form: "Get started form",
        service: "Anxiety Treatment",
        waited: { text: "Over 24 h — 2 d 20 h", late: true },
      },
      {
        name: "Tuesday T.",
        form: "Appointment request",
        service: null,
        waited: { text: "Over 24 h — 31 h", late: true },
      },
      {
        name: "Today T.",
        form: "Home page form",
        service: "Anxiety Treatment",
        waited: { text: "Waiting 2 h", late: false },
      },
    ]);
    expect(waiting.leads![1]).toMatchObject({
      receivedAt: "2026-03-10T09:00:00.000Z",
      receivedText: "Mar 10, 2026, 5:00 AM",
    });
    // Staff see what they need to act on, not the lead's contact details.
    expect(JSON.stringify(waiting)).not.toMatch(/Testperson|@example\.com|555-0100/);
  });

  it("gives a role without lead details the counts only: how many wait and how many are late, no one by name", async () => {
    const dashboard = await loadDashboard(database.db, { leadDetails: false }, NOW);
    expect(dashboard.waiting).toEqual({ total: 3, late: 2, leads: null });
    expect(JSON.stringify(dashboard)).not.toMatch(/Sunday|Tuesday|Today T\.|Testperson|@example\.com/);
    // The other figures are the same for every role.
    const full = await loadDashboard(database.db, INTAKE, NOW);
    expect({ ...dashboard, waiting: null }).toEqual({ ...full, waiting: null });
  });

  it("shows page views and visitors for each of the last seven clinic days", async () => {
    const { traffic } = await loadDashboard(database.db, INTAKE, NOW);
    expect(traffic.days.map((d) => [d.day, d.pageViews, d.visitors])).toEqual([
      ["2026-03-11", 3, 2],
      ["2026-03-10", 2, 1],
      ["2026-03-09", 0, 0],
      ["2026-03-08", 0, 0],
      ["2026-03-07", 0, 0],
      ["2026-03-06", 0, 0],
      ["2026-03-05", 2, 1],
    ]);
    expect(traffic.days[0]!.label).toBe("Wed, Mar 11");
    expect(traffic).toMatchObject({ pageViews: 7, visitors: 4 });
  });

  it(`lists at most ${WAITING_LIST_SIZE} waiting requests and counts the rest`, async () => {
    await database.db
      .insert(leads)
      .values(
        Array.from({ length: WAITING_LIST_SIZE }, (_, i) =>
          lead("hero", new Date(Date.UTC(2026, 2, 11, 15, i)).toISOString(), `Later${i}`),
        ),
      );
    const { waiting, requests } = await loadDashboard(database.db, INTAKE, NOW);
    expect(waiting.total).toBe(WAITING_LIST_SIZE + 3);
    expect(waiting.leads).toHaveLength(WAITING_LIST_SIZE);
    expect(waiting.leads![0]!.name).toBe("Sunday T.");
    expect(waiting.leads!.at(-1)!.name).toBe(`Later${WAITING_LIST_SIZE - 4} T.`);
    expect(requests.today).toBe(2 + WAITING_LIST_SIZE);
  });

  it("says nothing is waiting when every request has been answered", async () => {
    await database.db.update(leads).set({ status: "contacted" });
    const { waiting } = await loadDashboard(database.db, INTAKE, NOW);
    expect(waiting).toEqual({ total: 0, late: 0, leads: [] });
  });
});
