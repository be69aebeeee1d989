import { beforeAll, expect, it } from "vitest";
import { loadRealtime, realtimeView } from "~/features/web-analytics/realtime.server";
import { CHART_MINUTES } from "~/features/web-analytics/realtime-types";
import { summariseTimeIndexes } from "~/features/web-analytics/rollup.server";
import { AGENTS, recordVisits, type ScriptedVisit } from "../setup/analytics-visits";
import { describeOnEachDatabase } from "../setup/database-suite";

// The moment the page is read: 10:00:30 EST. The chart's minutes are 9:31 … 10:00 (the current one so far);
// someone is on the site when they sent something after 9:55:30.
const NOW = new Date("2026-03-02T15:00:30Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const VISITS: ScriptedVisit[] = [
  // R1: 20 minutes on the site, the request page 3 minutes ago. On the site, on /request-appointment.
  {
    ip: "192.0.2.1",
    ua: AGENTS.chrome,
    at: ago(20),
    steps: [
      { after: 0, path: "/" },
      { after: 8 * 60, path: "/adhd" },
      { after: 17 * 60, path: "/request-appointment" },
    ],
  },
  // R2: on a phone, the home page 4 minutes ago, the blog 2 minutes ago.
  {
    ip: "192.0.2.2",
    ua: AGENTS.iphone,
    at: ago(4),
    steps: [
      { after: 0, path: "/" },
      { after: 120, path: "/blog" },
    ],
  },
  // R3: read /adhd 10 minutes ago and tapped the phone number a minute ago: still there, on /adhd.
  {
    ip: "192.0.2.3",
    ua: AGENTS.firefox,
    at: ago(10),
    steps: [
      { after: 0, path: "/adhd" },
      { after: 9 * 60, path: "/adhd", event: "phone_click", label: "page" },
    ],
  },
  // R4: a tablet, 8 minutes ago and nothing since: gone, but its view is on the chart.
  { ip: "192.0.2.4", ua: AGENTS.ipad, at: ago(8), steps: [{ after: 0, path: "/" }] },
  // R5: another phone on the blog, a minute ago.
  { ip: "192.0.2.5", ua: AGENTS.iphone, at: ago(1), steps: [{ after: 0, path: "/blog" }] },
  // R6: 40 minutes ago, before the chart. R7: a minute after the moment read, not there yet.
  { ip: "192.0.2.6", ua: AGENTS.chrome, at: ago(40), steps: [{ after: 0, path: "/" }] },
  { ip: "192.0.2.7", ua: AGENTS.chrome, at: ago(-1), steps: [{ after: 0, path: "/late" }] },
];

/** The chart's minutes with views, as [minutes since 9:31, views]. */
const busyMinutes = (minutes: { pageviews: number }[]) =>
  minutes.flatMap((m, i) => (m.pageviews > 0 ? [[i, m.pageviews]] : []));

describeOnEachDatabase("realtime analytics", (database) => {
  beforeAll(async () => {
    await recordVisits(database(), VISITS);
    await summariseTimeIndexes(database().db);
  });

  it("counts who is on the site, where, and the views of each of the last 30 minutes", async () => {
    const now = await loadRealtime(database().db, {}, NOW);
    expect(now.visitors).toBe(4);
    expect(now.pages).toEqual([
      { path: "/blog", visitors: 2 },
      { path: "/adhd", visitors: 1 },
      { path: "/request-appointment", visitors: 1 },
    ]);
    expect(now.morePages).toBe(0);
    expect(now.minutes).toHaveLength(CHART_MINUTES);
    expect(now.minutes[0]).toMatchObject({ start: "2026-03-02T14:31:00.000Z", label: "9:31 AM" });
    expect(now.minutes.at(-1)).toMatchObject({ start: "2026-03-02T15:00:00.000Z", label: "10:00 AM" });
    // R1 at 9:40:30, 9:48:30, 9:57:30; R2 at 9:56:30, 9:58:30; R3 at 9:50:30; R4 at 9:52:30; R5 at 9:59:30.
    expect(busyMinutes(now.minutes)).toEqual([
      [9, 1],
      [17, 1],
      [19, 1],
      [21, 1],
      [25, 1],
      [26, 1],
      [27, 1],
      [28, 1],
    ]);
    expect(now.atWords).toBe("10:00:30 AM");
  });

  it("applies the dashboard's filters", async () => {
    const phones = await loadRealtime(database().db, { device: "mobile" }, NOW);
    expect(phones.visitors).toBe(2);
    expect(phones.pages).toEqual([{ path: "/blog", visitors: 2 }]);
    expect(busyMinutes(phones.minutes)).toEqual([
      [25, 1],
      [27, 1],
      [28, 1],
    ]);
    // Visits that viewed /adhd: R1 and R3.
    const adhd = await realtimeView(database().db, new URLSearchParams("page=/adhd"), NOW);
    expect(adhd.keep).toEqual({ page: "/adhd" });
    expect(adhd.realtime.visitors).toBe(2);
    expect(adhd.realtime.pages.map((p) => p.path)).toEqual(["/adhd", "/request-appointment"]);
    expect(busyMinutes(adhd.realtime.minutes)).toEqual([
      [9, 1],
      [17, 1],
      [19, 1],
      [26, 1],
    ]);
    const called = await loadRealtime(database().db, { goal: "phone" }, NOW);
    expect(called.visitors).toBe(1);
  });

  it("has nobody on the site when nothing happened lately", async () => {
    const later = await loadRealtime(database().db, {}, new Date(NOW.getTime() + 60 * 60_000));
    expect(later.visitors).toBe(0);
    expect(later.pages).toEqual([]);
    expect(later.minutes).toHaveLength(CHART_MINUTES);
    expect(later.minutes.every((m) => m.pageviews === 0)).toBe(true);
  });
});
