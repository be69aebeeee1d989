/**
 * What the analytics dashboard breaks visits down by, what it filters by and
 * which figures it draws: the names shared by the server (which turns them
 * into SQL) and the page (which turns them into links). No server code.
 */

/** Every breakdown of visits the dashboard lists (each also a filter). */
export const DIMENSIONS = [
  "page",
  "entry",
  "exit",
  "channel",
  "source",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "device",
  "browser",
  "os",
  "country",
  "region",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const dimensionWords: Record<Dimension, { one: string; many: string; column: string }> = {
  page: { one: "Page", many: "Top pages", column: "Page" },
  entry: { one: "Entry page", many: "Entry pages", column: "Entry page" },
  exit: { one: "Exit page", many: "Exit pages", column: "Exit page" },
  channel: { one: "Channel", many: "Channels", column: "Channel" },
  source: { one: "Source", many: "Sources", column: "Source" },
  referrer: { one: "Referrer", many: "Referrers", column: "Referring site" },
  utm_source: { one: "UTM source", many: "UTM sources", column: "utm_source" },
  utm_medium: { one: "UTM medium", many: "UTM mediums", column: "utm_medium" },
  utm_campaign: { one: "UTM campaign", many: "UTM campaigns", column: "utm_campaign" },
  utm_term: { one: "UTM term", many: "UTM terms", column: "utm_term" },
  utm_content: { one: "UTM content", many: "UTM contents", column: "utm_content" },
  device: { one: "Device", many: "Devices", column: "Device type" },
  browser: { one: "Browser", many: "Browsers", column: "Browser" },
  os: { one: "Operating system", many: "Operating systems", column: "Operating system" },
  country: { one: "Country", many: "Countries", column: "Country" },
  region: { one: "State or region", many: "States and regions", column: "State or region" },
};

/** In the address, an unknown value (no referrer, no UTM, no location) is this word. */
export const UNKNOWN_VALUE = "(none)";

/**
 * The goals: each an event type, optionally one label of it. The key is what
 * the address and the goals card use.
 */
export const GOALS = [
  { key: "lead", eventType: "lead_submitted", label: null, name: "Requests sent" },
  { key: "lead-appointment", eventType: "lead_submitted", label: "appointment", name: "Appointment requests" },
  { key: "lead-hero", eventType: "lead_submitted", label: "hero", name: "Home page requests" },
  { key: "lead-get-started", eventType: "lead_submitted", label: "get_started", name: "Get started requests" },
  { key: "phone", eventType: "phone_click", label: null, name: "Phone taps" },
  { key: "phone-header", eventType: "phone_click", label: "header", name: "Phone taps in the header" },
  { key: "phone-footer", eventType: "phone_click", label: "footer", name: "Phone taps in the footer" },
  { key: "phone-page", eventType: "phone_click", label: "page", name: "Phone taps in a page" },
  { key: "phone-sticky", eventType: "phone_click", label: "sticky", name: "Phone taps on the call bar" },
  { key: "newsletter", eventType: "newsletter_signup", label: null, name: "Newsletter sign-ups" },
  { key: "virtual-visit", eventType: "virtual_visit_click", label: null, name: "Virtual visit clicks" },
  { key: "directions", eventType: "get_directions", label: null, name: "Get directions clicks" },
] as const;
export type Goal = (typeof GOALS)[number];
export type GoalKey = Goal["key"];
export const GOAL_EVENT_TYPES = [...new Set(GOALS.map((g) => g.eventType))];
export const goalByKey = (key: string): Goal | undefined => GOALS.find((g) => g.key === key);

/** The figures at the top; each can be drawn in the main chart. */
export const METRICS = [
  "visitors",
  "visits",
  "pageviews",
  "views_per_visit",
  "bounce_rate",
  "median_duration",
  "mean_duration",
  "leads",
  "conversion_rate",
] as const;
export type Metric = (typeof METRICS)[number];

export const metricWords: Record<Metric, string> = {
  visitors: "Unique visitors",
  visits: "Visits",
  pageviews: "Page views",
  views_per_visit: "Views per visit",
  bounce_rate: "Bounce rate",
  median_duration: "Median visit duration",
  mean_duration: "Mean visit duration",
  leads: "Requests sent",
  conversion_rate: "Request conversion rate",
};

/** The filters the address may carry: every dimension, and a goal. */
export const FILTER_KEYS = [...DIMENSIONS, "goal"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
