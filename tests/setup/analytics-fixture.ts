import { AGENTS, type ScriptedVisit, type VisitStep } from "./analytics-visits";

/** Web vitals a visit reports on `path`, `after` seconds in: never after its last step, so no duration changes. */
const vitals = (after: number, path: string, values: Record<string, number>): VisitStep[] =>
  Object.entries(values).map(([label, value]) => ({ after, path, event: "web_vital", label, value }));

/**
 * Eight visits on three clinic days around the end of daylight saving time, with figures worked out
 * by hand in their comments (tests/integration/analytics-figures.test.ts states them all): 8 visits,
 * 7 visitors, 12 page views, 3 bounces, durations 0, 0, 5, 40, 60, 60, 150, 210 s, 3 requests.
 * Their web vitals (a web vital is no engagement and none is sent after a visit's last step) sit on
 * Google's thresholds and between the site speed page's 10 ms / 0.01 steps, so that its daily rollup
 * is tried where rounding could go wrong (tests/integration/analytics-speed-rollup.test.ts).
 */
// Three clinic days around the end of daylight saving time (Sun Nov 1, 2026: 2:00 EDT → 1:00 EST,
// a 25-hour day). Visitor ids change at UTC midnight (8 PM EDT, 7 PM EST), so one browser can be two
// visitors within one clinic day, and one visitor can make two visits.
export const DST_VISITS: ScriptedVisit[] = [
  // A, Sat Oct 31 10:00 EDT: from Google, a treatment page, the request page, a request. 150 s.
  {
    ip: "198.51.100.1",
    ua: AGENTS.chrome,
    at: "2026-10-31T14:00:00Z",
    referrer: "https://www.google.com/",
    steps: [
      { after: 0, path: "/" },
      // On the thresholds: good.
      ...vitals(1, "/", { LCP: 2500, CLS: 0.1, TTFB: 800 }),
      { after: 30, path: "/adhd" },
      // Just over them: needs improvement, and 2510 ms / 210 ms at the page's resolution.
      ...vitals(31, "/adhd", { LCP: 2503.7, INP: 200.4 }),
      { after: 90, path: "/request-appointment" },
      { after: 150, path: "/request-appointment", event: "lead_submitted", label: "appointment" },
    ],
  },
  // B, Sat Oct 31 23:30 EDT (already Nov 1 in UTC): one page, a bounce of 0 s.
  {
    ip: "198.51.100.2",
    ua: AGENTS.iphone,
    at: "2026-11-01T03:30:00Z",
    // On the upper thresholds: needs improvement.
    steps: [{ after: 0, path: "/anxiety-therapy" }, ...vitals(0, "/anxiety-therapy", { LCP: 4000, CLS: 0.25 })],
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
      ...vitals(10, "/anxiety-therapy", { LCP: 1234.5, FCP: 1800, INP: 500 }),
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
      // Just under and just over: 4000 ms (needs improvement), 0.10 (good), 1810 ms (poor).
      ...vitals(5, "/blog", { LCP: 3999.99, CLS: 0.0999, TTFB: 1800.01 }),
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
      ...vitals(1, "/depression-counseling", { LCP: 2600, INP: 120, CLS: 0.3 }),
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
      ...vitals(2, "/request-appointment", { LCP: 4000.5, FCP: 3000, TTFB: 1800 }),
      { after: 60, path: "/request-appointment", event: "lead_submitted", label: "appointment" },
    ],
  },
  // H, Mon Nov 2 12:10 EST: the home page alone, 0 s.
  {
    ip: "198.51.100.6",
    ua: AGENTS.iphone,
    at: "2026-11-02T17:10:00Z",
    steps: [{ after: 0, path: "/" }, ...vitals(0, "/", { LCP: 900 })],
  },
];
