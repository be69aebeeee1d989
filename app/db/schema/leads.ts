import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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

export type Lead = typeof leads.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
