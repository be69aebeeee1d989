import { beforeAll, expect, it } from "vitest";
import { leads, type LeadFormType, type LeadStatus } from "~/db/schema";
import { loadLeadReport } from "~/features/lead-report/lead-report.server";
import type { LeadReport } from "~/features/lead-report/report-types";
import { saveLeadSettings } from "~/features/leads/lead-settings.server";
import { parseDayKey } from "~/lib/clinic-time";
import type { RangeChoice } from "~/lib/date-range";
import { describeOnEachDatabase } from "../setup/database-suite";

// Tuesday 24 November 2026, 9:00 a.m. in New York (EST). The default range is the
// last 30 days, Oct 26 – Nov 24 (the clocks went back on Sunday Nov 1 at 2 a.m.),
// compared with Sep 26 – Oct 25.
const NOW = new Date("2026-11-24T14:00:00Z");
const MINUTE = 60_000;

interface Known {
  at: string;
  form?: LeadFormType;
  status?: LeadStatus;
  channel?: string;
  campaign?: string;
  landing?: string;
  service?: string;
  /** Minutes from arrival to the first contact. */
  contactedAfter?: number;
  scheduled?: boolean;
  patient?: boolean;
}

function lead(known: Known, n: number) {
  const createdAt = new Date(known.at);
  const contacted =
    known.contactedAfter === undefined ? null : new Date(createdAt.getTime() + known.contactedAfter * MINUTE);
  const later = contacted ? new Date(contacted.getTime() + 60 * MINUTE) : null;
  return {
    createdAt,
    formType: known.form ?? "hero",
    // A person the report must never name.
    firstName: "Quentin",
    lastName: `Leakcheck${n}`,
    email: `quentin.leakcheck${n}@example.com`,
    phone: "(407) 555-0177",
    source: known.landing ?? "/",
    status:
      known.status ?? (known.patient ? "patient" : known.scheduled ? "scheduled" : contacted ? "contacted" : "new"),
    channel: known.channel ?? "Direct",
    campaign: known.campaign ?? null,
    landingPage: known.landing ?? "/",
    service: known.form === "phone_click" ? null : (known.service ?? "Anxiety Treatment"),
    firstContactedAt: contacted,
    scheduledAt: known.scheduled || known.patient ? later : null,
    becamePatientAt: known.patient ? later : null,
  };
}

const KNOWN: Known[] = [
  // ---- The range, Oct 26 – Nov 24 ----
  // Mon Oct 26, 00:30 EDT: the range's first half hour.
  { at: "2026-10-26T04:30:00Z", channel: "Organic Search", contactedAfter: 30 },
  // Fri Oct 30, 10:15 p.m. EDT: contacted on Monday morning, 60 hours later; became a patient.
  {
    at: "2026-10-31T02:15:00Z",
    form: "appointment",
    channel: "Paid Search",
    campaign: "fall-anxiety",
    landing: "/anxiety",
    contactedAfter: 3600,
    patient: true,
  },
  // Sun Nov 1, 1:30 a.m. twice: first in EDT, then an hour later in EST (the clocks went back).
  {
    at: "2026-11-01T05:30:00Z",
    form: "get_started",
    channel: "Organic Social",
    service: "Depression",
    contactedAfter: 20,
  },
  {
    at: "2026-11-01T06:30:00Z",
    form: "get_started",
    channel: "Organic Social",
    service: "Depression",
    contactedAfter: 120,
  },
  // Sun Nov 1, 11:30 p.m. EST (Monday in UTC): nobody has answered yet.
  { at: "2026-11-02T04:30:00Z", form: "get_started", channel: "Organic Social", service: "Depression" },
  // Fri Nov 20, 10 p.m. EST: waiting since.
  { at: "2026-11-21T03:00:00Z" },
  // Today 8:30 a.m.: half an hour old, not yet late for anything.
  { at: "2026-11-24T13:30:00Z" },
  // Spam: counted as it arrived, left out of speed to lead.
  { at: "2026-11-10T15:00:00Z", status: "spam" },
  // Thu Nov 12, 10 a.m.: contacted after 3 hours, scheduled.
  {
    at: "2026-11-12T15:00:00Z",
    form: "appointment",
    channel: "Paid Search",
    campaign: "fall-anxiety",
    landing: "/anxiety",
    contactedAfter: 180,
    scheduled: true,
  },
  // Tue Nov 3, 10 a.m.: contacted after 26 hours, past the promise.
  {
    at: "2026-11-03T15:00:00Z",
    channel: "Email",
    campaign: "newsletter-nov",
    landing: "/blog/sleep",
    contactedAfter: 1560,
  },
  // Wed Nov 4, noon: closed as not a fit without a contact.
  { at: "2026-11-04T17:00:00Z", status: "not_a_fit", service: "ADHD" },
  // Calls tapped.
  { at: "2026-10-28T16:00:00Z", form: "phone_click", channel: "Organic Search" },
  { at: "2026-11-05T16:00:00Z", form: "phone_click" },
  { at: "2026-11-24T13:00:00Z", form: "phone_click" },
  // ---- The period before, Sep 26 – Oct 25 ----
  // Sun Oct 25, 11:59 p.m. EDT: the comparison period's last minute.
  { at: "2026-10-26T03:59:00Z", contactedAfter: 10 },
  {
    at: "2026-10-01T14:00:00Z",
    form: "appointment",
    channel: "Paid Search",
    campaign: "fall-anxiety",
    contactedAfter: 90,
  },
  { at: "2026-10-10T14:00:00Z", form: "phone_click" },
  // ---- Neither ----
  // Fri Sep 25, 11 p.m. EDT: a minute's worth of hours before the comparison period.
  { at: "2026-09-26T03:00:00Z", contactedAfter: 5 },
  // August: still waiting, so overdue now whatever the range.
  { at: "2026-08-01T14:00:00Z" },
];

const custom = (from: string, to: string): RangeChoice => ({
  preset: "custom",
  from: parseDayKey(from)!,
  to: parseDayKey(to)!,
});

describeOnEachDatabase("the lead insights report", (database) => {
  let report: LeadReport;

  beforeAll(async () => {
    await database().db.insert(leads).values(KNOWN.map(lead));
    report = await loadLeadReport(database().db, { preset: "30d" }, NOW);
  });

  it("counts requests, calls tapped and how far the requests got, in the range and the period before", () => {
    expect(report.range.current).toMatchObject({ from: "2026-10-26", to: "2026-11-24" });
    expect(report.totals).toEqual({
      current: { requests: 11, calls: 3, contacted: 6, scheduled: 2, patients: 1 },
      previous: { requests: 2, calls: 1, contacted: 2, scheduled: 0, patients: 0 },
    });
    expect(report.promiseHours).toBe(24);
  });

  it("draws every day of the range, with the matching day of the period before", () => {
    const { series } = report;
    expect(series).toHaveLength(30);
    const byDay = Object.fromEntries(
      series
        .filter((p) => p.requests + p.calls > 0 || (p.previousTotal ?? 0) > 0)
        .map((p) => [p.title, [p.requests, p.calls, p.previousTotal]]),
    );
    expect(byDay).toEqual({
      "Oct 26, 2026": [1, 0, 0],
      "Oct 28, 2026": [0, 1, 0],
      "Oct 30, 2026": [1, 0, 0],
      // Both 1:30 a.m.s and 11:30 p.m. EST are the clinic's Nov 1; Oct 1 is the 6th day before.
      "Oct 31, 2026": [0, 0, 1],
      "Nov 1, 2026": [3, 0, 0],
      "Nov 3, 2026": [1, 0, 0],
      "Nov 4, 2026": [1, 0, 0],
      "Nov 5, 2026": [0, 1, 0],
      "Nov 9, 2026": [0, 0, 1],
      "Nov 10, 2026": [1, 0, 0],
      "Nov 12, 2026": [1, 0, 0],
      "Nov 20, 2026": [1, 0, 0],
      // Today, and Oct 25's last minute as its match.
      "Nov 24, 2026": [1, 1, 1],
    });
    expect(series[5]).toMatchObject({ title: "Oct 31, 2026", previousTitle: "Oct 1, 2026" });
    expect(series.reduce((n, p) => n + p.requests, 0)).toBe(11);
  });

  it("breaks the leads down by form, channel, campaign, landing page and service, with the period before", () => {
    const table = (dimension: string) =>
      report.breakdowns
        .find((b) => b.dimension === dimension)!
        .rows.map((r) => [
          r.label,
          r.requests,
          r.calls,
          r.contacted,
          r.scheduled,
          r.patients,
          r.previous?.requests,
          r.previous?.calls,
        ]);
    expect(table("form")).toEqual([
      ["Home page form", 6, 0, 2, 0, 0, 1, 0],
      ["Get started form", 3, 0, 2, 0, 0, 0, 0],
      ["Appointment request", 2, 0, 2, 2, 1, 1, 0],
      ["Call tapped", 0, 3, 0, 0, 0, 0, 1],
    ]);
    expect(table("channel")).toEqual([
      ["Direct", 4, 2, 0, 0, 0, 1, 1],
      ["Organic Social", 3, 0, 2, 0, 0, 0, 0],
      ["Paid Search", 2, 0, 2, 2, 1, 1, 0],
      ["Organic Search", 1, 1, 1, 0, 0, 0, 0],
      ["Email", 1, 0, 1, 0, 0, 0, 0],
    ]);
    expect(table("campaign")).toEqual([
      ["No campaign", 8, 3, 3, 0, 0, 1, 1],
      ["fall-anxiety", 2, 0, 2, 2, 1, 1, 0],
      ["newsletter-nov", 1, 0, 1, 0, 0, 0, 0],
    ]);
    expect(table("landing")).toEqual([
      ["/", 8, 3, 3, 0, 0, 2, 1],
      ["/anxiety", 2, 0, 2, 2, 1, 0, 0],
      ["/blog/sleep", 1, 0, 1, 0, 0, 0, 0],
    ]);
    expect(table("service")).toEqual([
      ["Anxiety Treatment", 7, 0, 4, 2, 1, 2, 0],
      ["Depression", 3, 0, 2, 0, 0, 0, 0],
      ["ADHD", 1, 0, 0, 0, 0, 0, 0],
      // Calls tapped name no service.
      ["Not given", 0, 3, 0, 0, 0, 0, 1],
    ]);
  });

  it("measures speed to lead on requests only: median, 90th percentile, shares within 1 h, 24 h and the promise", () => {
    // Ten requests (the spam left out); contacted after 20, 30, 120, 180, 1560 and 3600 minutes.
    expect(report.speed.current).toEqual({
      requests: 10,
      contacted: 6,
      medianMinutes: 150,
      p90Minutes: 2580,
      // Out of the six contacted and the three never contacted that are over an hour
      // (and a day) old; today's half-hour-old request is not late yet.
      withinHour: { count: 2, of: 9, share: 2 / 9 },
      withinDay: { count: 4, of: 9, share: 4 / 9 },
      withinPromise: { count: 4, of: 9, share: 4 / 9 },
    });
    expect(report.speed.previous).toEqual({
      requests: 2,
      contacted: 2,
      medianMinutes: 50,
      p90Minutes: 82,
      withinHour: { count: 1, of: 2, share: 0.5 },
      withinDay: { count: 2, of: 2, share: 1 },
      withinPromise: { count: 2, of: 2, share: 1 },
    });
    // Still new and past 24 hours, whenever they arrived: Nov 1, Nov 20 and August.
    expect(report.speed.overdueNow).toBe(3);
  });

  it("maps the median wait by weekday and hour of arrival in clinic time, the wait so far for those still waiting", () => {
    const cells = report.speed.heatMap;
    expect(cells).toHaveLength(7 * 24);
    const filled = cells
      .filter((c) => c.requests > 0)
      .map((c) => [c.weekday, c.hour, c.requests, c.measured, c.waiting, c.medianWaitMinutes]);
    expect(filled).toEqual([
      [1, 0, 1, 1, 0, 30], // Monday 00:30 EDT
      [2, 8, 1, 1, 1, 30], // today, waiting half an hour so far
      [2, 10, 1, 1, 0, 1560],
      [3, 12, 1, 0, 0, null], // closed without a contact: no wait to measure
      [4, 10, 1, 1, 0, 180],
      // Friday 10 p.m.: 60 hours, and 83 hours so far.
      [5, 22, 2, 2, 1, (3600 + 4980) / 2],
      // Sunday 1:30 a.m., both of them (EDT and EST).
      [7, 1, 2, 2, 0, 70],
      // Sunday 11:30 p.m. EST, waiting since: 22 days 9 hours 30 minutes.
      [7, 23, 1, 1, 1, 32_250],
    ]);
  });

  it("compares this month with the same days of last month, leaving the days between out", async () => {
    const month = await loadLeadReport(database().db, { preset: "month" }, NOW);
    expect(month.range.current).toMatchObject({ from: "2026-11-01", to: "2026-11-24" });
    expect(month.range.previous).toMatchObject({ from: "2026-10-01", to: "2026-10-24" });
    expect(month.totals.current).toMatchObject({ requests: 9, calls: 2 });
    // Oct 1 and Oct 10; not Oct 25 to Oct 31.
    expect(month.totals.previous).toMatchObject({ requests: 1, calls: 1 });
  });

  it("shows twelve months by month, and all time from the first lead with nothing to compare", async () => {
    const year = await loadLeadReport(database().db, { preset: "12m" }, NOW);
    expect(year.series.map((p) => [p.label, p.requests, p.calls, p.previousTotal])).toEqual([
      ["Dec 2025", 0, 0, 0],
      ["Jan 2026", 0, 0, 0],
      ["Feb 2026", 0, 0, 0],
      ["Mar 2026", 0, 0, 0],
      ["Apr 2026", 0, 0, 0],
      ["May 2026", 0, 0, 0],
      ["Jun 2026", 0, 0, 0],
      ["Jul 2026", 0, 0, 0],
      ["Aug 2026", 1, 0, 0],
      ["Sep 2026", 1, 0, 0],
      ["Oct 2026", 4, 2, 0],
      ["Nov 2026", 9, 2, 0],
    ]);
    const all = await loadLeadReport(database().db, { preset: "all" }, NOW);
    expect(all.range.current.from).toBe("2026-08-01");
    expect(all.totals).toEqual({
      current: { requests: 15, calls: 4, contacted: 9, scheduled: 2, patients: 1 },
      previous: null,
    });
    expect(all.speed.previous).toBeNull();
    expect(all.breakdowns[0]!.rows[0]!.previous).toBeNull();
  });

  it("says nothing can be computed, never 0, for a range without leads", async () => {
    const empty = await loadLeadReport(database().db, custom("2025-03-01", "2025-03-31"), NOW);
    expect(empty.totals.current).toEqual({ requests: 0, calls: 0, contacted: 0, scheduled: 0, patients: 0 });
    expect(empty.speed.current).toEqual({
      requests: 0,
      contacted: 0,
      medianMinutes: null,
      p90Minutes: null,
      withinHour: { count: 0, of: 0, share: null },
      withinDay: { count: 0, of: 0, share: null },
      withinPromise: { count: 0, of: 0, share: null },
    });
    expect(empty.speed.heatMap.every((c) => c.requests === 0 && c.medianWaitMinutes === null)).toBe(true);
    // The overdue count is about now, not the range.
    expect(empty.speed.overdueNow).toBe(3);
  });

  it("measures against the promise set by an administrator", async () => {
    await saveLeadSettings(database().db, { promiseHours: 48, retentionMonths: 24, digestHour: 8 });
    try {
      const longer = await loadLeadReport(database().db, { preset: "30d" }, NOW);
      expect(longer.promiseHours).toBe(48);
      // The 26-hour contact is within 48 hours; known: the six contacted, and the three over 48 hours old.
      expect(longer.speed.current.withinPromise).toEqual({ count: 5, of: 9, share: 5 / 9 });
      expect(longer.speed.current.withinDay).toEqual({ count: 4, of: 9, share: 4 / 9 });
      expect(longer.speed.overdueNow).toBe(3);
    } finally {
      await saveLeadSettings(database().db, { promiseHours: 24, retentionMonths: 24, digestHour: 8 });
    }
  });

  it("holds no name, contact detail or lead id anywhere", async () => {
    const text = JSON.stringify(report);
    expect(text).not.toMatch(/Quentin|Leakcheck|@example\.com|555-0177/);
    const ids = await database().db.select({ id: leads.id }).from(leads);
    for (const { id } of ids) expect(text).not.toContain(id);
  });
});
