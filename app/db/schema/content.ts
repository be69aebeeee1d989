import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Small key/value facts about the installation (content version, seed marker). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SocialLinks = Partial<
  Record<"booking" | "facebook" | "x" | "instagram" | "tiktok" | "linkedin" | "youtube", string>
>;
export type OfficeHours = { label: string; value: string }[];
export type MapData = { latitude: number; longitude: number; query: string };

/** The single site-content record (spec §3 plus the clinic's identity). */
export const siteContent = pgTable(
  "site_content",
  {
    id: integer("id").primaryKey().default(1),
    clinicName: text("clinic_name").notNull(),
    tagline: text("tagline"),
    heroTitle: text("hero_title"),
    heroSubtitle: text("hero_subtitle"),
    reviewCount: integer("review_count"),
    reviewRating: real("review_rating"),
    aboutText: text("about_text"),
    footerPhone: text("footer_phone"),
    footerEmail: text("footer_email"),
    footerAddress: text("footer_address"),
    footerCityLine: text("footer_city_line"),
    patientPortalUrl: text("patient_portal_url"),
    virtualVisitUrl: text("virtual_visit_url"),
    social: jsonb("social").$type<SocialLinks>().notNull().default({}),
    hours: jsonb("hours").$type<OfficeHours>().notNull().default([]),
    map: jsonb("map").$type<MapData | null>(),
    areasServed: jsonb("areas_served").$type<string[]>().notNull().default([]),
    // Third-party measurement, off until staff enter an ID (and then only after consent).
    analyticsMeasurementId: text("analytics_measurement_id"),
    adPixelId: text("ad_pixel_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_content_single_row", sql`${t.id} = 1`)],
);

/**
 * The words of a page that has its own URL: its search title and description,
 * the sentence under its h1 and its Markdown body (docs/content.md).
 */
const pageWords = {
  metaTitle: text("meta_title").notNull().default(""),
  metaDescription: text("meta_description").notNull().default(""),
  lede: text("lede").notNull().default(""),
  body: text("body").notNull().default(""),
};

export const treatmentIcons = ["Brain", "Heart", "Users", "Activity"] as const;
export type TreatmentIcon = (typeof treatmentIcons)[number];

export const treatments = pgTable(
  "treatments",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    icon: text("icon").$type<TreatmentIcon>(),
    ...pageWords,
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("treatments_sort_idx").on(t.sortOrder, t.id),
    check("treatments_icon_known", sql`${t.icon} is null or ${t.icon} in ('Brain','Heart','Users','Activity')`),
  ],
);

export const insuranceProviders = pgTable(
  "insurance_providers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    logo: text("logo"),
    ...pageWords,
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("insurance_providers_sort_idx").on(t.sortOrder, t.id)],
);

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  quote: text("quote").notNull(),
  author: text("author").notNull(),
  context: text("context"),
  rating: integer("rating").notNull().default(5),
  sortOrder: integer("sort_order").notNull().default(0),
  published: boolean("published").notNull().default(true),
});

export const teamMembers = pgTable("team_members", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  credentials: text("credentials").notNull(),
  role: text("role").notNull(),
  licenseType: text("license_type").notNull(),
  specialties: jsonb("specialties").$type<string[]>().notNull().default([]),
  languages: jsonb("languages").$type<string[]>().notNull().default([]),
  acceptingNewPatients: boolean("accepting_new_patients").notNull().default(true),
  modalities: jsonb("modalities").$type<string[]>().notNull().default([]),
  bio: text("bio").notNull(),
  metaDescription: text("meta_description").notNull().default(""),
  photo: text("photo"),
  photoAlt: text("photo_alt").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const conditions = pgTable("conditions", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  summary: text("summary").notNull(),
  treatmentSlug: text("treatment_slug"),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqItems = pgTable("faq_items", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const locations = pgTable("locations", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zip: text("zip").notNull(),
  phone: text("phone").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  description: text("description").notNull(),
  areasServed: jsonb("areas_served").$type<string[]>().notNull().default([]),
  isPrimary: boolean("is_primary").notNull().default(false),
  metaDescription: text("meta_description").notNull().default(""),
  hours: jsonb("hours").$type<OfficeHours>().notNull().default([]),
  directions: text("directions").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const pageSections = ["info", "topic", "legal"] as const;
export type PageSection = (typeof pageSections)[number];
export const pageSchemaTypes = ["MedicalWebPage", "Service", "WebPage"] as const;
export type PageSchemaType = (typeof pageSchemaTypes)[number];

/** Every other public page with words of its own: info, topic and legal pages, list introductions. */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    section: text("section").$type<PageSection>().notNull(),
    schemaType: text("schema_type").$type<PageSchemaType>().notNull().default("WebPage"),
    title: text("title").notNull(),
    ...pageWords,
    published: boolean("published").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("pages_section_known", sql`${t.section} in ('info','topic','legal')`),
    check("pages_schema_type_known", sql`${t.schemaType} in ('MedicalWebPage','Service','WebPage')`),
  ],
);

export const blogPostStatuses = ["draft", "published"] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];

/** Articles. The author and the clinician who reviewed them are team members. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    metaTitle: text("meta_title").notNull(),
    metaDescription: text("meta_description").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    authorSlug: text("author_slug").references(() => teamMembers.slug, { onUpdate: "cascade", onDelete: "set null" }),
    reviewerSlug: text("reviewer_slug").references(() => teamMembers.slug, {
      onUpdate: "cascade",
      onDelete: "set null",
    }),
    status: text("status").$type<BlogPostStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.status, t.publishedAt.desc(), t.id.desc()),
    check("blog_posts_status_known", sql`${t.status} in ('draft','published')`),
    check("blog_posts_published_has_date", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
  ],
);

export type Page = typeof pages.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type InferTreatment = typeof treatments.$inferSelect;
export type InferInsuranceProvider = typeof insuranceProviders.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type Condition = typeof conditions.$inferSelect;
export type Location = typeof locations.$inferSelect;

// ---------------------------------------------------------------------------
// Leads and the newsletter: people asking for help. Their contents are
// protected health information: never logged, never sent anywhere but here.
// ---------------------------------------------------------------------------

export const leadFormTypes = ["hero", "phone_click", "appointment", "get_started"] as const;
export type LeadFormType = (typeof leadFormTypes)[number];

/** What brought the visitor (captured on landing, kept for the visit). */
export type LeadAttribution = Partial<
  Record<
    | "utmSource"
    | "utmMedium"
    | "utmCampaign"
    | "utmTerm"
    | "utmContent"
    | "gclid"
    | "gbraid"
    | "wbraid"
    | "fbclid"
    | "landingPage"
    | "referrer",
    string
  >
>;

export const leads = pgTable(
  "leads",
  {
    // Random, so a link in a staff e-mail reveals nothing and cannot be guessed.
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    formType: text("form_type").$type<LeadFormType>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    service: text("service"),
    source: text("source").notNull(),
    smsOptIn: boolean("sms_opt_in").notNull().default(false),
    attribution: jsonb("attribution").$type<LeadAttribution>().notNull().default({}),
    // Extra fields of longer forms (the appointment request), kept with the lead.
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").notNull().default("new"),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt.desc()),
    index("leads_form_type_created_idx").on(t.formType, t.createdAt.desc()),
    // The staff overview's waiting list (status 'new', oldest first) stays small whatever the table's size.
    index("leads_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'new'`),
    check("leads_form_type_known", sql`${t.formType} in ('hero','phone_click','appointment','get_started')`),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    // lower(trim(email)): one row per mailbox however it was typed.
    emailKey: text("email_key").notNull(),
    status: text("status").$type<"subscribed" | "unsubscribed">().notNull().default("subscribed"),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    consentSource: text("consent_source").notNull(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_key_idx").on(t.emailKey)],
);

/**
 * Staff notifications waiting to be sent, written in the lead's own
 * transaction so a crash between commit and e-mail loses nothing.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // "sent", "skipped" (no SMTP configured) or the last error's message (never lead data).
    outcome: text("outcome"),
  },
  (t) => [
    index("notification_outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Fixed-window write counters per client, shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

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

export type Lead = typeof leads.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;

// ---------------------------------------------------------------------------
// Staff accounts (issue 5). The staff area holds the names of people seeking
// care: every way in is checked and every visit is written down.
// ---------------------------------------------------------------------------

export const staffRoles = ["admin", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    // "scrypt$ln=15,r=8,p=1$<salt>$<hash>": the parameters travel with the hash so they can be raised later.
    passwordHash: text("password_hash").notNull(),
    // Set for an account created or reset with a one-time password.
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    // Base32 TOTP secret (RFC 6238); enrolment is complete once totpEnabledAt is set.
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    // The last time step accepted, so a code cannot be used twice.
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    check("users_role_known", sql`${t.role} in ('admin','staff')`),
  ],
);

/** Two-factor recovery codes: only their hashes are kept; each works once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    // SHA-256 of the cookie's random token: a copy of this table signs nobody in.
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // The absolute end (created + 12 h); the idle end is lastSeenAt + 30 min.
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
);

/** Sign-in attempts, kept for the brute-force counters (shared by every instance). */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // lower(trim(email typed)) and a keyed hash of the address.
    accountKey: text("account_key").notNull(),
    ipKey: text("ip_key").notNull(),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [index("login_attempts_account_idx").on(t.accountKey, t.at), index("login_attempts_ip_idx").on(t.ipKey, t.at)],
);

/** A pause on sign-in for an account or an address, after too many failures. */
export const loginLockouts = pgTable(
  "login_lockouts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_lockouts_key_idx").on(t.key, t.until)],
);

/**
 * Who did what, when and from where in the staff area. Append-only: a
 * trigger (migration 0003) refuses every UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    // The actor's e-mail when it happened (or the address typed, for a failed sign-in).
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip").notNull().default(""),
    // Small facts about the change (old and new role, say); never lead contents.
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_actor_idx").on(t.actorId, t.at)],
);

export type User = typeof users.$inferSelect;
export type StaffSession = typeof staffSessions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
