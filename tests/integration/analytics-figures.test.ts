import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { parseDayKey } from "~/lib/clinic-time";
import { resolveDateRange } from "~/lib/date-range";
import { DIMENSIONS } from "~/features/web-analytics/dimensions";
import {
  breakdowns,
  dayTotals,
  durationCounts,
  funnelCounts,
  goalTotals,
  type Scope,
} from "~/features/web-analytics/figures.server";
import { funnelPaths } from "~/features/web-analytics/funnel-paths.server";
import type { CardTabs } from "~/features/web-analytics/overview-types";
import { loadOverview } from "~/features/web-analytics/overview.server";
import { pendingDays, rollUpPending } from "~/features/web-analytics/rollup.server";
import { AGENTS, recordVisits, type ScriptedVisit } from "../setup/analytics-visits";
import { describeOnEachDatabase } from "../setup/database-suite";

// Three clinic days around the end of daylight saving time (Sun Nov 1, 2026: 2:00 EDT → 1:00 EST,
// a 25-hour day). Visitor ids change at UTC midnight (8 PM EDT, 7 PM EST), so one browser can be two
// visitors within one clinic day, and one visitor can make two visits.
const VISITS: ScriptedVisit[] = [
  // A, Sat Oct 31 10:00 EDT: from Google, a treatment page, the request page, a request. 150 s.
  {
    ip: "198.51.100.1",
    ua: AGENTS.chrome,
    at: "2026-10-31T14:00:00Z",
    referrer: "https://www.google.com/",
    steps: [
      { after: 0, path: "/" },
      { after: 30, path: "/adhd" },
      { after: 90, path: "/request-appointment" },
      { after: 150, path: "/request-appointment", event: "lead_submitted", label: "appointment" },
    ],
  },
  // B, Sat Oct 31 23:30 EDT (already Nov 1 in UTC): one page, a bounce of 0 s.
  {
    ip: "198.51.100.2",
    ua: AGENTS.iphone,
    at: "2026-11-01T03:30:00Z",
    steps: [{ after: 0, path: "/anxiety-therapy" }],
  },
  // C, Sun Nov 1 1:30 EDT (the first 1:30): a Google ad, then a phone tap: engaged, 40 s.
  {
    ip: "198.51.100.3",
    ua: AGENTS.firefox,
    at: "2026-11-01T05:30:00Z",
    utm: { source: "google", medium: "cpc", campaign: "anxiety-care" },
    gclid: "test-click",
    steps: [
      { after: 0, path: "/anxiety-therapy" },
      { after: 40, path: "/anxiety-therapy", event: "phone_click", label: "page" },
    ],
  },
  // D, Sun Nov 1 1:30 EST (the second 1:30, an hour later): the same visitor, a new visit, from ChatGPT. 60 s.
  {
    ip: "198.51.100.3",
    ua: AGENTS.firefox,
    at: "2026-11-01T06:30:00Z",
    referrer: "https://chatgpt.com/",
    steps: [
      { after: 0, path: "/blog" },
      { after: 60, path: "/adhd" },
    ],
  },
  // E, Sun Nov 1 19:30 EST (Nov 2 in UTC): the same browser, now another visitor id. A bounce whose web vital lasts 5 s.
  {
    ip: "198.51.100.3",
    ua: AGENTS.firefox,
    at: "2026-11-02T00:30:00Z",
    steps: [
      { after: 0, path: "/" },
      { after: 5, path: "/", event: "web_vital", label: "LCP", value: 1800 },
    ],
  },
  // F, Mon Nov 2 9:00 EST: from Facebook on a tablet, a topic page, get started, a request and a sign-up. 210 s.
  {
    ip: "198.51.100.4",
    ua: AGENTS.ipad,
    at: "2026-11-02T14:00:00Z",
    referrer: "https://www.facebook.com/",
    steps: [
      { after: 0, path: "/depression-counseling" },
      { after: 100, path: "/get-started" },
      { after: 200, path: "/get-started", event: "lead_submitted", label: "get_started" },
      { after: 210, path: "/get-started", event: "newsletter_signup" },
    ],
  },
  // G, Mon Nov 2 12:00 EST: straight to the request page and a request (no topic page first). 60 s.
  {
    ip: "198.51.100.5",
    ua: AGENTS.chrome,
    at: "2026-11-02T17:00:00Z",
    steps: [
      { after: 0, path: "/request-appointment" },
      { after: 60, path: "/request-appointment", event: "lead_submitted", label: "appointment" },
    ],
  },
  // H, Mon Nov 2 12:10 EST: the home page alone, 0 s.
  { ip: "198.51.100.6", ua: AGENTS.iphone, at: "2026-11-02T17:10:00Z", steps: [{ after: 0, path: "/" }] },
];

const NOW = new Date("2026-11-10T15:00:00Z");
const range = resolveDateRange(
  { preset: "custom", from: parseDayKey("2026-10-31")!, to: parseDayKey("2026-11-02")! },
  { now: NOW, hourly: true },
);
const TABS: CardTabs = { pages: "page", sources: "channel", devices: "device", locations: "country" };
const scope = (rollups: boolean, filters = {}): Scope => ({ from: "2026-10-31", to: "2026-11-02", filters, rollups });

describeOnEachDatabase("analytics figures", (database) => {
  beforeAll(async () => {
    await recordVisits(database(), VISITS);
  });

  it("add up to what the visits were, day by day in clinic time", async () => {
    const { db } = database();
    const overview = await loadOverview(db, {
      range,
      filters: {},
      metric: "visitors",
      tabs: TABS,
      rollups: false,
      now: NOW,
    });
    const figure = (m: string) => overview.figures.find((f) => f.metric === m)!.value;
    expect(figure("visits")).toBe(8);
    // Oct 31: A, B. Nov 1: C and D are one visitor, E (after UTC midnight) another. Nov 2: F, G, H.
    expect(figure("visitors")).toBe(7);
    expect(figure("pageviews")).toBe(12);
    expect(figure("views_per_visit")).toBe(1.5);
    // B, E and H: one page and nothing done (a web vital is no engagement; a phone tap is).
    expect(figure("bounce_rate")).toBe(3 / 8);
    // 0, 0, 5, 40, 60, 60, 150, 210 s: the lower median is 40, the mean 65.625.
    expect(figure("median_duration")).toBe(40);
    expect(figure("mean_duration")).toBe(65.625);
    expect(figure("leads")).toBe(3);
    expect(figure("conversion_rate")).toBe(3 / 8);

    const days = await dayTotals(db, scope(false));
    expect([...days.entries()].map(([day, t]) => [day, t.visits, t.visitors])).toEqual(
      expect.arrayContaining([
        ["2026-10-31", 2, 2],
        ["2026-11-01", 3, 2],
        ["2026-11-02", 3, 3],
      ]),
    );
    expect(days.size).toBe(3);
    // By day on the chart: the 25-hour Sunday is one day.
    expect(overview.chart.points.map((p) => p.value)).toEqual([2, 2, 3]);

    const channels = overview.cards.sources.rows.map((r) => [r.value, r.visits, r.leadVisits]);
    expect(channels).toEqual([
      ["Direct", 4, 1],
      ["AI Assistants", 1, 0],
      ["Organic Search", 1, 1],
      ["Organic Social", 1, 1],
      ["Paid Search", 1, 0],
    ]);
    const pages = overview.cards.pages.rows.map((r) => [r.value, r.visitors, r.pageviews]);
    expect(pages.slice(0, 3)).toEqual([
      ["/", 3, 3],
      ["/adhd", 2, 2],
      ["/anxiety-therapy", 2, 2],
    ]);
    const goal = (key: string) => overview.goals.find((g) => g.key === key)!;
    expect(goal("lead")).toMatchObject({ conversions: 3, visits: 3, rate: 3 / 8 });
    expect(goal("lead-appointment")).toMatchObject({ conversions: 2, visits: 2 });
    expect(goal("lead-get-started")).toMatchObject({ conversions: 1 });
    expect(goal("phone-page")).toMatchObject({ conversions: 1, rate: 1 / 8 });
    expect(goal("newsletter")).toMatchObject({ conversions: 1 });
    expect(goal("directions")).toMatchObject({ conversions: 0, rate: 0 });
  });

  it("follow visits through the request funnel in order", async () => {
    const { db } = database();
    // 8 visits; A, B, C, D, F saw a treatment or topic page; A and F then a request page, and both sent one.
    // G went straight to the request page, so it left the funnel at the first step.
    expect(await funnelCounts(db, scope(false), await funnelPaths(db))).toEqual([8, 5, 2, 2]);
  });

  it("filter every figure by a breakdown's value or a goal", async () => {
    const { db } = database();
    const direct = await dayTotals(db, scope(false, { channel: "Direct" }));
    expect([...direct.values()].reduce((n, t) => n + t.visits, 0)).toBe(4);
    const sent = await breakdowns(db, scope(false, { goal: "lead" }), ["channel"], { limit: 10 });
    expect(sent.rows.map((r) => [r.value, r.visits])).toEqual([
      ["Direct", 1],
      ["Organic Search", 1],
      ["Organic Social", 1],
    ]);
    const onAdhd = await dayTotals(db, scope(false, { page: "/adhd" }));
    expect([...onAdhd.values()].reduce((n, t) => n + t.visits, 0)).toBe(2);
    const unknownCountry = await dayTotals(db, scope(false, { country: "(none)", device: "mobile" }));
    expect([...unknownCountry.values()].reduce((n, t) => n + t.visits, 0)).toBe(2);
  });

  it("read from the daily rollups exactly what the raw rows give, across the daylight-saving change", async () => {
    const { db } = database();
    const paths = await funnelPaths(db);
    const before = await pendingDays(db, NOW);
    expect(before.days.slice(0, 3)).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
    let left = before.count;
    while (left > 0) left = (await rollUpPending(db, { now: NOW, maxDays: 5, kind: database().kind })).pending;
    const rolled = await db.execute(sql`select count(*)::int as n from analytics_day_totals`);
    expect((rolled as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);

    for (const dims of [DIMENSIONS]) {
      const a = await breakdowns(db, scope(true), dims, { limit: 1000 });
      const b = await breakdowns(db, scope(false), dims, { limit: 1000 });
      expect(a.rows).toEqual(b.rows);
    }
    expect(await dayTotals(db, scope(true))).toEqual(await dayTotals(db, scope(false)));
    expect(await durationCounts(db, scope(true))).toEqual(await durationCounts(db, scope(false)));
    const goals = (rows: Awaited<ReturnType<typeof goalTotals>>) =>
      [...rows].sort((x, y) => `${x.goal}/${x.label}`.localeCompare(`${y.goal}/${y.label}`));
    expect(goals(await goalTotals(db, scope(true)))).toEqual(goals(await goalTotals(db, scope(false))));
    expect(await funnelCounts(db, scope(true), paths)).toEqual(await funnelCounts(db, scope(false), paths));
    for (const metric of ["visitors", "median_duration", "conversion_rate"] as const) {
      const fromRollups = await loadOverview(db, { range, filters: {}, metric, tabs: TABS, rollups: true, now: NOW });
      const fromRaw = await loadOverview(db, { range, filters: {}, metric, tabs: TABS, rollups: false, now: NOW });
      expect(fromRollups).toEqual(fromRaw);
    }
    // A day rolled up and a day read raw in one range: nothing counted twice.
    await db.execute(sql`delete from analytics_rollup_days where day = '2026-11-01'`);
    expect(await dayTotals(db, scope(true))).toEqual(await dayTotals(db, scope(false)));
  });
});
