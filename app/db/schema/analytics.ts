import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------
// First-party analytics, without cookies. Append-only, time-ordered tables:
// BRIN indexes on time stay tiny at millions of rows.
// ---------------------------------------------------------------------------

/** One random secret per UTC day; visitor ids are hashes keyed by it. Deleted after 48 h. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const visits = pgTable(
  "visits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // First 8 bytes of hash(daily salt, IP, user agent): changes every day, reveals neither.
    visitorId: bigint("visitor_id", { mode: "bigint" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    entryPath: text("entry_path").notNull(),
    exitPath: text("exit_path").notNull(),
    pageviews: integer("pageviews").notNull().default(0),
    events: integer("events").notNull().default(0),
    isBounce: boolean("is_bounce").notNull().default(true),
    referrerHost: text("referrer_host"),
    referrerSource: text("referrer_source"),
    channel: text("channel").notNull(),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    clickIdType: text("click_id_type"),
    browser: text("browser"),
    browserVersion: text("browser_version"),
    os: text("os"),
    deviceType: text("device_type").notNull(),
    // Where the visit came from, looked up from the IP address at ingestion
    // (the address itself is never stored): ISO 3166-1 alpha-2 country and
    // ISO 3166-2 subdivision ("US-FL"). Null when unknown, and for every
    // visit recorded before the lookup existed.
    country: text("country"),
    region: text("region"),
  },
  // visitor_id alone, not (visitor_id, last_seen_at): a visitor id lives one
  // UTC day and has a handful of visits, and with last_seen_at out of every
  // index the updates of a continuing visit (last_seen_at, exit_path, counts)
  // can be HOT updates, writing no index entry. Migration 0010 also leaves
  // free space in each page (fillfactor 50) for those updates to land in.
  (t) => [index("visits_visitor_idx").on(t.visitorId), index("visits_started_brin").using("brin", t.startedAt)],
);

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    visitId: bigint("visit_id", { mode: "number" }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    path: text("path").notNull(),
  },
  (t) => [index("page_views_occurred_brin").using("brin", t.occurredAt), index("page_views_visit_idx").on(t.visitId)],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    visitId: bigint("visit_id", { mode: "number" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    eventType: text("event_type").notNull(),
    eventCategory: text("event_category").notNull().default("general"),
    eventLabel: text("event_label"),
    value: doublePrecision("value"),
    path: text("path"),
  },
  (t) => [
    index("analytics_events_occurred_brin").using("brin", t.occurredAt),
    index("analytics_events_type_occurred_idx").on(t.eventType, t.occurredAt),
  ],
);

/** Beacons from bots, counted per hour (never stored as visits), so the dashboard can say how many it left out. */
export const analyticsBotHits = pgTable("analytics_bot_hits", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  requests: integer("requests").notNull(),
});

// ---------------------------------------------------------------------------
// Daily rollups for the analytics dashboard (decision 0027). A clinic day is
// rolled up once every visit of it has ended; the rows then hold exactly what
// the raw rows give for that day, and every figure is a sum over days. Days
// not rolled up yet (today, yesterday until an hour after midnight) are read
// from the raw rows. Keyed by clinic day in the time zone named in
// analytics_rollup_days: a day rolled up in another zone is read raw and
// rolled up again.
// ---------------------------------------------------------------------------

/**
 * Which clinic days the rollup tables hold, in which time zone and in which
 * layout (ROLLUP_LAYOUT in rollup.server.ts: a day rolled up by an older
 * layout, e.g. before the filter slices, is read raw and rolled up again).
 */
export const analyticsRollupDays = pgTable("analytics_rollup_days", {
  day: date("day").primaryKey(),
  timeZone: text("time_zone").notNull(),
  layout: integer("layout").notNull().default(0),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every rollup table below is kept per slice: "" for all visits, and
 * "<dimension>:<value>" for the visits with that value of a slice dimension
 * (SLICE_DIMENSIONS: "channel:Paid Search", "country:" for an unknown
 * country), so that a dashboard filtered by one such value reads rollups too.
 */

/** A day's top figures. `visitors`: distinct visitor ids of the day. */
export const analyticsDayTotals = pgTable(
  "analytics_day_totals",
  {
    slice: text("slice").notNull().default(""),
    day: date("day").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    pageviews: integer("pageviews").notNull(),
    bounces: integer("bounces").notNull(),
    /** Sum of visit durations in whole seconds. */
    durationSum: bigint("duration_sum", { mode: "number" }).notNull(),
    /** Visits with at least one request sent. */
    leadVisits: integer("lead_visits").notNull(),
    /** Requests sent (lead_submitted events). */
    leads: integer("leads").notNull(),
  },
  (t) => [primaryKey({ columns: [t.slice, t.day] })],
);

/** How many visits of a day lasted each whole number of seconds: the median is read from it exactly. */
export const analyticsDayDurations = pgTable(
  "analytics_day_durations",
  {
    slice: text("slice").notNull().default(""),
    day: date("day").notNull(),
    seconds: integer("seconds").notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.slice, t.day, t.seconds] })],
);

/**
 * A day's figures per value of one dimension (channel, browser, page, entry
 * page…). For "page", pageviews are views of that page and visits/visitors
 * those that viewed it; for "exit", visits are the visits that ended there.
 * An unknown value is stored as "".
 */
export const analyticsDayBreakdowns = pgTable(
  "analytics_day_breakdowns",
  {
    slice: text("slice").notNull().default(""),
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    pageviews: integer("pageviews").notNull(),
    bounces: integer("bounces").notNull(),
    durationSum: bigint("duration_sum", { mode: "number" }).notNull(),
    leadVisits: integer("lead_visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.slice, t.day, t.dimension, t.value] })],
);

/** A day's conversions per goal (event type) and label (form type, phone placement…; "" for none). */
export const analyticsDayGoals = pgTable(
  "analytics_day_goals",
  {
    slice: text("slice").notNull().default(""),
    day: date("day").notNull(),
    goal: text("goal").notNull(),
    label: text("label").notNull(),
    conversions: integer("conversions").notNull(),
    visits: integer("visits").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.slice, t.day, t.goal, t.label] })],
);

/** A day's visits reaching each step of the request funnel (1 landed … 4 sent a request). */
export const analyticsDayFunnel = pgTable(
  "analytics_day_funnel",
  {
    slice: text("slice").notNull().default(""),
    day: date("day").notNull(),
    step: integer("step").notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.slice, t.day, t.step] })],
);

/**
 * A day's web vitals (decision 0027, "Site speed"): one histogram per metric, device type and page
 * (the page the browser reported from, "" for none). A bin is a value rounded up to the metric's step
 * (vitals.ts VITAL_STEPS: 10 ms, 0.01 for CLS) as a number of steps; `bins` ascending and `counts`
 * (measurements in each) side by side: one row per histogram, not per bin, is a sixth of the size.
 * `good` and `poor` are counted from the exact values by Google's rule, never from the bins.
 */
export const analyticsDayVitals = pgTable(
  "analytics_day_vitals",
  {
    day: date("day").notNull(),
    metric: text("metric").notNull(),
    device: text("device").notNull(),
    path: text("path").notNull(),
    samples: integer("samples").notNull(),
    good: integer("good").notNull(),
    poor: integer("poor").notNull(),
    bins: integer("bins").array().notNull(),
    counts: integer("counts").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.device, t.path] })],
);
