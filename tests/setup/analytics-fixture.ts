import { AGENTS, type ScriptedVisit } from "./analytics-visits";

/**
 * Eight visits on three clinic days around the end of daylight saving time, with figures worked out
 * by hand in their comments (tests/integration/analytics-figures.test.ts states them all): 8 visits,
 * 7 visitors, 12 page views, 3 bounces, durations 0, 0, 5, 40, 60, 60, 150, 210 s, 3 requests.
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
