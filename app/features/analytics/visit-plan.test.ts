import { describe, expect, it } from "vitest";
import { planVisits, VISIT_IDLE_MS, type Landing, type PlanItem } from "./visit-plan";

const landing: Landing = {
  traffic: { referrerHost: null, source: null, channel: "Direct", clickIdType: null },
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  agent: { browser: "Chrome", browserVersion: "131", os: "Windows", deviceType: "desktop" },
  location: { country: "US", region: "US-FL" },
};
const T = Date.UTC(2026, 10, 21, 12);
const view = (visitor: bigint, at: number, path = "/"): PlanItem => ({
  kind: "page_view",
  at,
  visitor,
  path,
  landing: () => landing,
});
const event = (visitor: bigint, at: number, eventType = "phone_click"): PlanItem => ({
  kind: "event",
  at,
  visitor,
  path: "/",
  eventType,
  eventCategory: "contact",
  eventLabel: "header",
  value: null,
  engagement: eventType !== "web_vital",
});

describe("planVisits", () => {
  it("starts a visit with a page view and joins the visitor's next page views to it", () => {
    const plan = planVisits([view(1n, T, "/"), view(2n, T + 1), view(1n, T + 2, "/team")], []);
    expect(plan.newVisits).toHaveLength(2);
    expect(plan.newVisits[0]).toMatchObject({
      visitor: 1n,
      entryPath: "/",
      exitPath: "/team",
      pageviews: 2,
      isBounce: false,
      startedAt: T,
      lastSeenAt: T + 2,
    });
    expect(plan.newVisits[1]).toMatchObject({ visitor: 2n, pageviews: 1, isBounce: true });
    expect(plan.pageViews.map((p) => p.visit)).toEqual([{ newIndex: 0 }, { newIndex: 1 }, { newIndex: 0 }]);
    expect(plan.updates).toEqual([]);
  });

  it("joins an open visit seen less than 30 minutes ago, and starts a new one after that", () => {
    const open = [
      { id: 10, visitor: 1n, lastSeenAt: T - VISIT_IDLE_MS + 1 },
      { id: 20, visitor: 2n, lastSeenAt: T - VISIT_IDLE_MS },
    ];
    const plan = planVisits([view(1n, T, "/pricing"), view(2n, T, "/faq")], open);
    expect(plan.updates).toEqual([
      { id: 10, lastSeenAt: T, exitPath: "/pricing", pageviews: 1, events: 0, engaged: false },
    ]);
    expect(plan.newVisits).toHaveLength(1);
    expect(plan.newVisits[0]).toMatchObject({ visitor: 2n, entryPath: "/faq" });
  });

  it("counts events on the visit; engagement ends the bounce, web vitals do not", () => {
    const plan = planVisits(
      [view(1n, T), event(1n, T + 1, "web_vital"), view(2n, T), event(2n, T + 1, "phone_click")],
      [{ id: 7, visitor: 3n, lastSeenAt: T - 1000 }],
    );
    expect(plan.newVisits[0]).toMatchObject({ events: 1, isBounce: true });
    expect(plan.newVisits[1]).toMatchObject({ events: 1, isBounce: false });
    expect(plan.events.map((e) => e.visit)).toEqual([{ newIndex: 0 }, { newIndex: 1 }]);
  });

  it("keeps an event without an open visit unattached and opens no visit for it", () => {
    const plan = planVisits([event(5n, T), event(6n, T)], [{ id: 3, visitor: 6n, lastSeenAt: T - VISIT_IDLE_MS - 1 }]);
    expect(plan.newVisits).toEqual([]);
    expect(plan.updates).toEqual([]);
    expect(plan.events.map((e) => e.visit)).toEqual([null, null]);
  });

  it("updates an existing visit's events and engagement without touching its exit page", () => {
    const plan = planVisits([event(1n, T)], [{ id: 4, visitor: 1n, lastSeenAt: T - 60_000 }]);
    expect(plan.updates).toEqual([{ id: 4, lastSeenAt: T, exitPath: null, pageviews: 0, events: 1, engaged: true }]);
  });

  it("uses the latest open visit when the database returned several", () => {
    const plan = planVisits(
      [view(1n, T)],
      [
        { id: 2, visitor: 1n, lastSeenAt: T - 1000 },
        { id: 1, visitor: 1n, lastSeenAt: T - 5000 },
      ],
    );
    expect(plan.updates.map((u) => u.id)).toEqual([2]);
  });
});
