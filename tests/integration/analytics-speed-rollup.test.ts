import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { parseDayKey } from "~/lib/clinic-time";
import { resolveDateRange } from "~/lib/date-range";
import { pendingDays, rollUpPending } from "~/features/web-analytics/rollup.server";
import { loadSpeed, speedView } from "~/features/web-analytics/speed.server";
import type { Speed, VitalFigure } from "~/features/web-analytics/speed-types";
import { rate, VITAL_STEPS, VITALS, type Vital } from "~/features/web-analytics/vitals";
import { recordVisits } from "../setup/analytics-visits";
import { DST_VISITS } from "../setup/analytics-fixture";
import { describeOnEachDatabase } from "../setup/database-suite";

const NOW = new Date("2026-11-10T15:00:00Z");
// Sat Oct 31 – Mon Nov 2, 2026: the fall-back Sunday (25 hours) in the middle.
const range = resolveDateRange(
  { preset: "custom", from: parseDayKey("2026-10-31")!, to: parseDayKey("2026-11-02")! },
  { now: NOW, hourly: true },
);

interface Sample {
  metric: Vital;
  device: string;
  path: string;
  day: string;
  value: number;
}

/** The raw rule, worked out here from the measurements themselves: percentile_disc(0.75) and Google's shares. */
function exactFigure(values: number[], vital: Vital) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const count = (rating: string) => sorted.filter((v) => rate(vital, v) === rating).length;
  return {
    samples: n,
    p75: sorted[Math.ceil(0.75 * n) - 1]!,
    good: count("good") / n,
    needsImprovement: count("needs-improvement") / n,
    poor: count("poor") / n,
  };
}

/** A figure from the page against the exact one: the same counts and shares, the 75th percentile rounded up to its step. */
function expectWithinStep(figure: VitalFigure, samples: Sample[], vital: Vital) {
  const values = samples.filter((s) => s.metric === vital).map((s) => s.value);
  if (values.length === 0) {
    expect(figure.samples).toBe(0);
    expect(figure.p75).toBeNull();
    return;
  }
  const exact = exactFigure(values, vital);
  expect({ ...figure, p75: null }).toEqual({ ...exact, p75: null });
  // The smallest multiple of the step at or above the exact value (the step counted in whole hundredths).
  const hundredths = Math.round(VITAL_STEPS[vital] * 100);
  expect(Math.round(figure.p75! * 100) % hundredths).toBe(0);
  expect(figure.p75!).toBeGreaterThanOrEqual(exact.p75);
  expect(figure.p75! - VITAL_STEPS[vital]).toBeLessThan(exact.p75);
}

/** Every figure of the page against the measurements, group by group. */
function expectSpeedOf(speed: Speed, samples: Sample[]) {
  const groups = (key: (s: Sample) => string) => {
    const map = new Map<string, Sample[]>();
    for (const s of samples) map.set(key(s), [...(map.get(key(s)) ?? []), s]);
    return map;
  };
  for (const vital of VITALS) expectWithinStep(speed.overall[vital], samples, vital);
  const devices = groups((s) => s.device);
  expect(speed.devices.map((d) => d.device).sort()).toEqual([...devices.keys()].sort());
  for (const d of speed.devices) {
    expect(d.samples).toBe(devices.get(d.device)!.length);
    for (const vital of VITALS) expectWithinStep(d.vitals[vital], devices.get(d.device)!, vital);
  }
  const pages = groups((s) => s.path);
  expect(speed.pageCount).toBe(pages.size);
  for (const p of speed.pages) {
    for (const vital of VITALS) expectWithinStep(p.vitals[vital], pages.get(p.path)!, vital);
  }
  const days = groups((s) => s.day);
  range.buckets.forEach((bucket, i) => {
    for (const vital of VITALS) {
      const values = (days.get(bucket.start) ?? []).filter((s) => s.metric === vital).map((s) => s.value);
      const p75 = speed.trend[i]![vital];
      if (values.length === 0) expect(p75).toBeNull();
      else {
        const exact = exactFigure(values, vital).p75;
        expect(p75!).toBeGreaterThanOrEqual(exact);
        expect(p75! - VITAL_STEPS[vital]).toBeLessThan(exact);
      }
    }
  });
}

describeOnEachDatabase("site speed from the daily vitals rollup", (database) => {
  let samples: Sample[];
  beforeAll(async () => {
    await recordVisits(database(), DST_VISITS);
    // The measurements as stored, each with its visit's device and clinic day (as the bucket's first instant).
    const rows = await database().db.execute(sql`
      select e.event_label as metric, v.device_type as device, coalesce(e.path, '') as path, e.value,
        to_char(((v.started_at at time zone 'America/New_York')::date)::timestamp at time zone 'America/New_York'
          at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as day
      from analytics_events e join visits v on v.id = e.visit_id
      where e.event_type = 'web_vital' and v.started_at >= ${range.current.start}::timestamptz
        and v.started_at < ${range.current.end}::timestamptz`);
    samples = (rows as unknown as { rows: Sample[] }).rows.map((r) => ({ ...r, value: Number(r.value) }));
  });

  it("rounds each 75th percentile up to 10 ms (0.01 for CLS) and keeps threshold values in their rating", async () => {
    const speed = await loadSpeed(database().db, { range, filters: {}, rollups: false });
    // LCP: 900, 1234.5, 1800, 2500, 2503.7, 2600, 3999.99, 4000, 4000.5: the 7th of 9 (6.75) is 3999.99.
    // Good up to and including 2500 (4), poor above 4000 (1).
    expect(speed.overall.LCP).toEqual({ samples: 9, p75: 4000, good: 4 / 9, needsImprovement: 4 / 9, poor: 1 / 9 });
    // CLS: 0.0999, 0.1, 0.25, 0.3: 0.1 is good, 0.25 needs improvement.
    expect(speed.overall.CLS).toEqual({ samples: 4, p75: 0.25, good: 2 / 4, needsImprovement: 1 / 4, poor: 1 / 4 });
    // TTFB: 800, 1800, 1800.01: the 3rd is 1800.01, poor, shown as 1810.
    expect(speed.overall.TTFB).toEqual({ samples: 3, p75: 1810, good: 1 / 3, needsImprovement: 1 / 3, poor: 1 / 3 });
    // By day: Oct 31 (A, B) 2500, 2503.7, 4000; the 25-hour Nov 1 (C, D, E) 1234.5, 1800, 3999.99; Nov 2 900, 2600, 4000.5.
    expect(speed.trend.map((t) => t.LCP)).toEqual([4000, 4000, 4010]);
    // INP on Oct 31: 200.4 alone, needs improvement, shown as 210 ms.
    expect(speed.trend.map((t) => t.INP)).toEqual([210, 500, 120]);
    expectSpeedOf(speed, samples);
  });

  it("reads the same figures from the rollup, rolled or partly rolled, as from the raw rows", async () => {
    const { db } = database();
    expect((await pendingDays(db, NOW, "America/New_York")).days.slice(0, 3)).toEqual([
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ]);
    let left = Infinity;
    while (left > 0) left = (await rollUpPending(db, { now: NOW, maxDays: 5, kind: database().kind })).pending;
    const rolled = await db.execute(sql`select count(distinct day)::int as days, sum(samples)::int as samples
      from analytics_day_vitals where day between '2026-10-31' and '2026-11-02'`);
    expect((rolled as unknown as { rows: unknown[] }).rows[0]).toEqual({ days: 3, samples: samples.length });

    const fromRaw = await loadSpeed(db, { range, filters: {}, rollups: false });
    const fromRollup = await loadSpeed(db, { range, filters: {} });
    expect(fromRollup).toEqual(fromRaw);
    expectSpeedOf(fromRollup, samples);
    // Sorted by a metric, the same order.
    const order = { sort: "LCP" as const, descending: true };
    expect(await loadSpeed(db, { range, filters: {}, order })).toEqual(
      await loadSpeed(db, { range, filters: {}, order, rollups: false }),
    );
    // The 25-hour day read raw, the days around it from the rollup: nothing counted twice or missed.
    await db.execute(sql`delete from analytics_rollup_days where day = '2026-11-01'`);
    expect(await loadSpeed(db, { range, filters: {} })).toEqual(fromRaw);
    // With a filter, from the raw rows (the rollup has no channels), and at the same resolution.
    const direct = await loadSpeed(db, { range, filters: { channel: "Direct" } });
    // Direct: B (4000), E (1800), G (4000.5), H (900): the 3rd of 4 is 4000.
    expect(direct.overall.LCP).toMatchObject({ samples: 4, p75: 4000, poor: 1 / 4 });
  });

  it("shows a year unfiltered, and a filtered range of up to 31 days", async () => {
    const { db } = database();
    const year = await speedView(db, new URLSearchParams("range=12m"), NOW);
    expect(year.view.frame && year.view.speed?.overall.LCP).toMatchObject({ samples: 9, p75: 4000 });
    const filteredYear = await speedView(db, new URLSearchParams("range=12m&device=mobile"), NOW);
    expect(filteredYear.status).toBe(200);
    expect(filteredYear.view.frame && filteredYear.view.speed).toBeNull();
    const filteredMonth = await speedView(db, new URLSearchParams("range=30d&device=mobile"), NOW);
    // Mobile: B (4000) and H (900).
    expect(filteredMonth.view.frame && filteredMonth.view.speed?.overall.LCP).toMatchObject({ samples: 2, p75: 4000 });
  });
});
