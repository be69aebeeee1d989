import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
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
  },
  (t) => [
    index("visits_visitor_last_seen_idx").on(t.visitorId, t.lastSeenAt),
    index("visits_started_brin").using("brin", t.startedAt),
  ],
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
