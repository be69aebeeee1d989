import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { parseDayKey } from "~/lib/clinic-time";
import { resolveDateRange } from "~/lib/date-range";
import { DIMENSIONS, UNKNOWN_VALUE } from "~/features/web-analytics/dimensions";
import type { Filters } from "~/features/web-analytics/filters";
import { SLICE_DIMENSIONS } from "~/features/web-analytics/slices";
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
import { saveAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { recordVisits } from "../setup/analytics-visits";
import { DST_VISITS as VISITS } from "../setup/analytics-fixture";
import { describeOnEachDatabase } from "../setup/database-suite";

const NOW = new Date("2026-11-10T15:00:00Z");
const range = resolveDateRange(
  { preset: "custom", from: parseDayKey("2026-10-31")!, to: parseDayKey("2026-11-02")! },
  { now: NOW, hourly: true },
);
const TABS: CardTabs = { pages: "page", sources: "channel", devices: "device", locations: "country" };
const ZONE = "America/New_York";
const scope = (rollups: boolean, filters: Filters = {}): Scope => ({
  zone: ZONE,
  from: "2026-10-31",
  to: "2026-11-02",
  filters,
  rollups,
});

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

  it("chart a single day hour by hour, the repeated hour of the fall-back day as its own point", async () => {
    const { db } = database();
    const yesterday = resolveDateRange(
      { preset: "yesterday" },
      { now: new Date("2026-11-02T17:00:00Z"), hourly: true },
    );
    const overview = await loadOverview(db, {
      range: yesterday,
      filters: {},
      metric: "visits",
      tabs: TABS,
      rollups: false,
      now: NOW,
    });
    const points = overview.chart.points;
    expect(points).toHaveLength(25);
    const busy = points.flatMap((p, i) => (p.value ? [[i, p.label, p.value]] : []));
    // C at the first 1:30, D at the second, E at 7:30 PM.
    expect(busy).toEqual([
      [1, "1 AM", 1],
      [2, "1 AM (again)", 1],
      [20, "7 PM", 1],
    ]);
    // The day before (Oct 31, 24 hours), lined up by position: A at 10 AM, B at 11:30 PM.
    expect(points.flatMap((p, i) => (p.previous ? [[i, p.previous]] : []))).toEqual([
      [10, 1],
      [23, 1],
    ]);
    expect(overview.figures.find((f) => f.metric === "visits")).toMatchObject({ value: 3, previous: 2 });
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
    const before = await pendingDays(db, NOW, ZONE);
    expect(before.days.slice(0, 3)).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
    let left = before.count;
    while (left > 0) left = (await rollUpPending(db, { now: NOW, maxDays: 5, kind: database().kind })).pending;
    const rolled = await db.execute(sql`select slice, count(*)::int as n from analytics_day_totals group by slice`);
    const daysPerSlice = new Map(
      (rolled as unknown as { rows: { slice: string; n: number }[] }).rows.map((r) => [r.slice, r.n]),
    );
    expect(daysPerSlice.get("")).toBe(3);

    // All visits, and each value of each slice dimension the fixture has (an unknown country included):
    // the same figures from the rollups and from the raw rows.
    const sliceFilters: Filters[] = [{}];
    for (const dimension of SLICE_DIMENSIONS) {
      const values = await breakdowns(db, scope(false), [dimension], { limit: 1000 });
      for (const row of values.rows) sliceFilters.push({ [dimension]: row.value === "" ? UNKNOWN_VALUE : row.value });
    }
    expect(sliceFilters).toContainEqual({ country: UNKNOWN_VALUE });
    expect(sliceFilters).toContainEqual({ channel: "Direct" });
    expect(daysPerSlice.get("channel:Direct")).toBeGreaterThan(0);
    const goals = (rows: Awaited<ReturnType<typeof goalTotals>>) =>
      [...rows].sort((x, y) => `${x.goal}/${x.label}`.localeCompare(`${y.goal}/${y.label}`));
    for (const filters of sliceFilters) {
      const a = await breakdowns(db, scope(true, filters), DIMENSIONS, { limit: 1000 });
      const b = await breakdowns(db, scope(false, filters), DIMENSIONS, { limit: 1000 });
      expect(a.rows, JSON.stringify(filters)).toEqual(b.rows);
      expect(await dayTotals(db, scope(true, filters))).toEqual(await dayTotals(db, scope(false, filters)));
      expect(await durationCounts(db, scope(true, filters))).toEqual(await durationCounts(db, scope(false, filters)));
      expect(goals(await goalTotals(db, scope(true, filters)))).toEqual(
        goals(await goalTotals(db, scope(false, filters))),
      );
      expect(await funnelCounts(db, scope(true, filters), paths)).toEqual(
        await funnelCounts(db, scope(false, filters), paths),
      );
    }
    for (const metric of ["visitors", "median_duration", "conversion_rate"] as const) {
      for (const filters of [{}, { channel: "Direct" }, { device: "mobile" }]) {
        const fromRollups = await loadOverview(db, { range, filters, metric, tabs: TABS, rollups: true, now: NOW });
        const fromRaw = await loadOverview(db, { range, filters, metric, tabs: TABS, rollups: false, now: NOW });
        expect(fromRollups).toEqual(fromRaw);
      }
    }
    // A day rolled up and a day read raw in one range: nothing counted twice.
    await db.execute(sql`delete from analytics_rollup_days where day = '2026-11-01'`);
    expect(await dayTotals(db, scope(true))).toEqual(await dayTotals(db, scope(false)));
    expect(await dayTotals(db, scope(true, { channel: "Direct" }))).toEqual(
      await dayTotals(db, scope(false, { channel: "Direct" })),
    );
  });

  it("divide the days at the setting's midnight, and roll every day up again when it changes", async () => {
    const { db, kind } = database();
    while ((await rollUpPending(db, { now: NOW, maxDays: 5, kind })).pending > 0);
    const inNewYork = await dayTotals(db, scope(true));
    expect(await saveAnalyticsSettings(db, { timeZone: "UTC" })).toMatchObject({ ok: true });
    try {
      // Rolled up in New York's days: pending again, and read raw in UTC's meanwhile.
      const pending = await pendingDays(db, NOW, "UTC");
      expect(pending.days.slice(0, 3)).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
      const inUtc = { ...scope(true), zone: "UTC" };
      const rawUtc = await dayTotals(db, { ...inUtc, rollups: false });
      expect(await dayTotals(db, inUtc)).toEqual(rawUtc);
      while ((await rollUpPending(db, { now: NOW, maxDays: 5, kind })).pending > 0);
      expect((await pendingDays(db, NOW, "UTC")).count).toBe(0);
      expect(await dayTotals(db, inUtc)).toEqual(rawUtc);
      expect(await durationCounts(db, inUtc)).toEqual(await durationCounts(db, { ...inUtc, rollups: false }));
      // The evening visits of New York's days are the next morning's in UTC: the days differ, their sum does not
      // (the range's three UTC days begin and end 4 and 5 hours before New York's).
      const visitsOf = (days: Map<string, { visits: number }>) =>
        [...days].map(([day, t]) => [day, t.visits] as const).sort();
      expect(visitsOf(rawUtc)).not.toEqual(visitsOf(inNewYork));
      const everyVisit = await dayTotals(db, { ...inUtc, from: "2026-10-30", to: "2026-11-03", rollups: false });
      const total = (days: Map<string, { visits: number }>) => [...days.values()].reduce((n, t) => n + t.visits, 0);
      expect(total(everyVisit)).toBe(VISITS.length);
    } finally {
      await saveAnalyticsSettings(db, { timeZone: "America/New_York" });
    }
    // Back in New York: rolled up again, the same figures as before.
    while ((await rollUpPending(db, { now: NOW, maxDays: 5, kind })).pending > 0);
    expect(await dayTotals(db, scope(true))).toEqual(inNewYork);
  });
});
