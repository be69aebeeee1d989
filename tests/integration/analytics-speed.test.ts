import { beforeAll, expect, it } from "vitest";
import { parseDayKey } from "~/lib/clinic-time";
import { resolveDateRange } from "~/lib/date-range";
import { loadSpeed, readPageOrder, speedView } from "~/features/web-analytics/speed.server";
import { recordVisits } from "../setup/analytics-visits";
import { SPEED_VISITS } from "../setup/speed-fixture";
import { describeOnEachDatabase } from "../setup/database-suite";

const NOW = new Date("2026-03-20T15:00:00Z");
const range = (from: string, to: string) =>
  resolveDateRange({ preset: "custom", from: parseDayKey(from)!, to: parseDayKey(to)! }, { now: NOW, hourly: true });
const THREE_DAYS = range("2026-03-10", "2026-03-12");

describeOnEachDatabase("site speed", (database) => {
  beforeAll(async () => {
    await recordVisits(database(), SPEED_VISITS);
  });

  it("gives each metric's 75th percentile (percentile_disc) and Google's shares", async () => {
    const speed = await loadSpeed(database().db, { range: THREE_DAYS, filters: {} });
    // Good up to 2500 ms: 1000, 1200, 1500, 1800, 2200. Needs improvement up to 4000: 2600, 3000. Poor: 4500.
    expect(speed.overall.LCP).toEqual({ samples: 8, p75: 2600, good: 5 / 8, needsImprovement: 2 / 8, poor: 1 / 8 });
    // 120 and 600 ms: 75 % of 2 is 1.5 samples, so the 2nd.
    expect(speed.overall.INP).toEqual({ samples: 2, p75: 600, good: 1 / 2, needsImprovement: 0, poor: 1 / 2 });
    expect(speed.overall.CLS).toEqual({ samples: 2, p75: 0.3, good: 1 / 2, needsImprovement: 0, poor: 1 / 2 });
    expect(speed.overall.FCP).toEqual({ samples: 1, p75: 800, good: 1, needsImprovement: 0, poor: 0 });
    expect(speed.overall.TTFB.p75).toBe(300);
    // 8 LCP, 2 INP, 2 CLS, 1 FCP, 1 TTFB.
    expect(speed.samples).toBe(14);
  });

  it("splits by device type", async () => {
    const speed = await loadSpeed(database().db, { range: THREE_DAYS, filters: {} });
    expect(speed.devices.map((d) => [d.device, d.samples, d.vitals.LCP.p75])).toEqual([
      // 2600, 3000, 4500: 75 % of 3 is 2.25 samples, so the 3rd.
      ["mobile", 5, 4500],
      // 1000, 1200, 1500, 1800: 75 % of 4 is exactly the 3rd.
      ["desktop", 8, 1500],
      ["tablet", 1, 2200],
    ]);
    const mobile = speed.devices[0]!.vitals.LCP;
    expect([mobile.good, mobile.needsImprovement, mobile.poor]).toEqual([0, 2 / 3, 1 / 3]);
    expect(speed.devices[2]!.vitals.INP).toEqual({
      samples: 0,
      p75: null,
      good: null,
      needsImprovement: null,
      poor: null,
    });
  });

  it("lists pages by number of measurements, sortable", async () => {
    const speed = await loadSpeed(database().db, { range: THREE_DAYS, filters: {} });
    // "/": LCP 1000, 1200, 1800, 2200, 4500 (the 4th of 5 is the first at or above 75 %), and 5 other measurements.
    expect(speed.pages.map((p) => [p.path, p.samples, p.vitals.LCP.p75])).toEqual([
      ["/", 10, 2200],
      ["/adhd", 3, 2600],
      ["/blog", 1, 3000],
    ]);
    expect(speed.pageCount).toBe(3);
    const bySlowestLcp = await loadSpeed(database().db, {
      range: THREE_DAYS,
      filters: {},
      order: readPageOrder(new URLSearchParams("sort=LCP")),
    });
    expect(bySlowestLcp.pages.map((p) => p.path)).toEqual(["/blog", "/adhd", "/"]);
    // Pages without an INP measurement come last, whichever way.
    const byInpAscending = await loadSpeed(database().db, {
      range: THREE_DAYS,
      filters: {},
      order: readPageOrder(new URLSearchParams("sort=INP&dir=asc")),
    });
    expect(byInpAscending.pages.map((p) => p.path)).toEqual(["/", "/adhd", "/blog"]);
  });

  it("draws each metric's 75th percentile by day", async () => {
    const speed = await loadSpeed(database().db, { range: THREE_DAYS, filters: {} });
    expect(speed.trend.map((t) => t.LCP)).toEqual([2600, 4500, 3000]);
    expect(speed.trend.map((t) => t.INP)).toEqual([120, 600, null]);
  });

  it("applies the dashboard's filters", async () => {
    const mobile = await loadSpeed(database().db, { range: THREE_DAYS, filters: { device: "mobile" } });
    expect(mobile.overall.LCP.p75).toBe(4500);
    expect(mobile.overall.LCP.samples).toBe(3);
    const paid = await loadSpeed(database().db, { range: THREE_DAYS, filters: { channel: "Paid Search" } });
    expect(paid.overall.LCP).toEqual({ samples: 1, p75: 1800, good: 1, needsImprovement: 0, poor: 0 });
    expect(paid.overall.INP.p75).toBeNull();
    const onAdhd = await loadSpeed(database().db, { range: THREE_DAYS, filters: { page: "/adhd" } });
    expect(onAdhd.overall.LCP.samples).toBe(2);
  });

  it("has nothing to say for a range without measurements, and refuses a range it cannot show", async () => {
    const quiet = await loadSpeed(database().db, { range: range("2026-02-01", "2026-02-28"), filters: {} });
    expect(quiet.samples).toBe(0);
    expect(quiet.overall.LCP.p75).toBeNull();
    expect(quiet.devices).toEqual([]);
    expect(quiet.pages).toEqual([]);
    expect(quiet.trend.every((t) => Object.values(t).every((v) => v === null))).toBe(true);
    const refused = await speedView(database().db, new URLSearchParams("from=2026-03-12&to=2026-03-10"), NOW);
    expect(refused.status).toBe(400);
  });

  it("reads any range unfiltered, and at most 31 days at a time with filters, saying so for a longer one", async () => {
    const year = await speedView(database().db, new URLSearchParams("range=12m"), NOW);
    expect(year.status).toBe(200);
    expect(year.view.frame && year.view.speed?.overall.LCP.samples).toBe(9);
    const filteredYear = await speedView(database().db, new URLSearchParams("range=12m&device=mobile"), NOW);
    expect(filteredYear.status).toBe(200);
    expect(filteredYear.view.frame && filteredYear.view.speed).toBeNull();
    const filteredMonth = await speedView(database().db, new URLSearchParams("range=30d&device=mobile"), NOW);
    expect(filteredMonth.view.frame && filteredMonth.view.speed).not.toBeNull();
  });
});
