import { AGENTS, type ScriptedVisit, type VisitStep } from "./analytics-visits";

/**
 * Visits that report web vitals, with the figures worked out by hand in
 * tests/integration/analytics-speed.test.ts (and read off the page in the
 * e2e test): eight LCP samples on Mar 10 – 12, 2026, on phones, desktops and
 * a tablet, on three pages, one of them from a Google ad.
 */
const vital = (label: string, value: number, path: string, after = 1): VisitStep => ({
  after,
  path,
  event: "web_vital",
  label,
  value,
});

/** A visit that lands on `path` and reports these vitals (label → value) a second later. */
function measured(ip: string, ua: string, at: string, path: string, vitals: Record<string, number>, extra = {}) {
  return {
    ip,
    ua,
    at,
    ...extra,
    steps: [{ after: 0, path }, ...Object.entries(vitals).map(([label, value]) => vital(label, value, path))],
  } satisfies ScriptedVisit;
}

// Tue Mar 10 – Thu Mar 12, 2026 in clinic time (EDT: days start at 04:00 UTC). Eight LCP samples:
// 1000, 1200, 1500, 1800, 2200, 2600, 3000, 4500 ms. The 75th percentile is the 6th of 8 (6/8 = 75 %): 2600.
export const SPEED_VISITS: ScriptedVisit[] = [
  // Mon Mar 9, 23:59 EDT: started before the range, so its (very slow) measurements are not in it.
  measured("203.0.113.9", AGENTS.chrome, "2026-03-10T03:59:00Z", "/", { LCP: 9999, INP: 900 }),
  // Day 1.
  measured("203.0.113.1", AGENTS.chrome, "2026-03-10T14:00:00Z", "/", {
    LCP: 1000,
    FCP: 800,
    TTFB: 300,
    CLS: 0.05,
    INP: 120,
  }),
  measured("203.0.113.2", AGENTS.iphone, "2026-03-10T15:00:00Z", "/adhd", { LCP: 2600, CLS: 0.3 }),
  // Day 2.
  measured("203.0.113.3", AGENTS.iphone, "2026-03-11T14:00:00Z", "/", { LCP: 4500, INP: 600 }),
  measured("203.0.113.4", AGENTS.chrome, "2026-03-11T15:00:00Z", "/adhd", { LCP: 1500 }),
  measured("203.0.113.5", AGENTS.ipad, "2026-03-11T16:00:00Z", "/", { LCP: 2200 }),
  // Day 3.
  measured("203.0.113.6", AGENTS.firefox, "2026-03-12T14:00:00Z", "/", { LCP: 1200 }),
  measured("203.0.113.7", AGENTS.iphone, "2026-03-12T15:00:00Z", "/blog", { LCP: 3000 }),
  measured(
    "203.0.113.8",
    AGENTS.chrome,
    "2026-03-12T16:00:00Z",
    "/",
    { LCP: 1800 },
    {
      utm: { source: "google", medium: "cpc", campaign: "adhd" },
      gclid: "test-click",
    },
  ),
];
