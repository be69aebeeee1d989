import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { finishedLeadStatuses, leadStatuses, type LeadFormType, type LeadStatus } from "./lead-values";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// Leads and the newsletter: people asking for help. Their contents are
// protected health information: never logged, never sent anywhere but here.
// ---------------------------------------------------------------------------

export { finishedLeadStatuses, leadFormTypes, leadStatuses, type LeadFormType, type LeadStatus } from "./lead-values";
const statusList = leadStatuses.map((s) => `'${s}'`).join(",");
const finishedList = finishedLeadStatuses.map((s) => `'${s}'`).join(",");

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
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    // ---- Where it came from, decided once when it arrived (filters and reports group by these) ----
    /** The channel of the visit that sent it (traffic-source.ts's rules), "Direct" when nothing says otherwise. */
    channel: text("channel").notNull().default("Direct"),
    campaign: text("campaign"),
    /** The path the visit landed on (no query string). */
    landingPage: text("landing_page"),
    /** The analytics visit that led to it, when the server could tell (same visitor id, within the visit). */
    visitId: bigint("visit_id", { mode: "number" }),
    // ---- Keys for search and duplicates, kept by the database itself ----
    emailKey: text("email_key").generatedAlwaysAs(sql`lower(btrim(email))`),
    /** The last ten digits: "+1 (407) 555-0199" and "407.555.0199" are one number. */
    phoneKey: text("phone_key").generatedAlwaysAs(sql`right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)`),
    nameKey: text("name_key").generatedAlwaysAs(sql`lower(btrim(first_name || ' ' || last_name))`),
    statusRank: smallint("status_rank").generatedAlwaysAs(
      sql.raw(`array_position(array[${statusList}]::text[], status)`),
    ),
    // ---- The intake team's work on it ----
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** The first contact attempt, successful or not (or the move to contacted): speed to lead ends here. */
    firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
    /** When it first reached scheduled, and patient: a lead closed later still counts as having got there. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    becamePatientAt: timestamp("became_patient_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    duplicateOf: uuid("duplicate_of").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    /** Raised by every change to status, assignment or duplicate mark: a change made on an older version is a conflict. */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    // Ascending in every column, so a backward scan gives DESC in PostgreSQL's default (nulls
    // first) order: ORDER BY created_at DESC, id DESC, and keyset conditions like
    // (created_at, id) < (…), read them straight off the index (a DESC NULLS LAST index would not).
    index("leads_created_idx").on(t.createdAt, t.id),
    index("leads_form_type_created_idx").on(t.formType, t.createdAt, t.id),
    // A status filter, newest first (read backwards), and the pipeline's order, oldest first within a status.
    index("leads_status_created_idx").on(t.statusRank, t.createdAt, t.id),
    index("leads_name_idx").on(t.nameKey, t.id),
    index("leads_channel_created_idx").on(t.channel, t.createdAt, t.id),
    // Also walked value by value for the list of campaigns (a skip scan), never the whole table.
    index("leads_campaign_created_idx").on(t.campaign, t.createdAt, t.id),
    index("leads_assigned_created_idx").on(t.assignedTo, t.createdAt, t.id),
    index("leads_email_key_idx").on(t.emailKey),
    index("leads_phone_key_idx").on(t.phoneKey),
    // Requests nobody has contacted yet (the overview's waiting list, the overdue filter, the digest).
    index("leads_uncontacted_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'new' and ${t.firstContactedAt} is null and ${t.formType} <> 'phone_click'`),
    // The retention job's candidates.
    index("leads_finished_idx")
      .on(t.statusChangedAt)
      .where(sql.raw(`status in (${finishedList})`)),
    check("leads_form_type_known", sql`${t.formType} in ('hero','phone_click','appointment','get_started')`),
    check("leads_status_known", sql.raw(`status in (${statusList})`)),
  ],
);

export const leadEventKinds = ["status", "contact", "note", "assigned", "duplicate"] as const;
export type LeadEventKind = (typeof leadEventKinds)[number];

/**
 * A lead's timeline: every status change, contact attempt, note, assignment
 * and duplicate mark, with who and when. Notes live here (and nowhere else),
 * so deleting a lead deletes them with it.
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<LeadEventKind>().notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("lead_events_lead_idx").on(t.leadId, t.at),
    check("lead_events_kind_known", sql`${t.kind} in ('status','contact','note','assigned','duplicate')`),
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
export type LeadEvent = typeof leadEvents.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
