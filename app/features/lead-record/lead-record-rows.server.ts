import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { insuranceProviders, leadEvents, leads, locations, pageViews, users, visits } from "~/db/schema";
import { VISIT_PAGES_SHOWN } from "./lead-record-options";

/*
 * The reads of one lead's page, each by primary key or on an index; their
 * rows are put in words by lead-record-view.ts and brought together by
 * loadLeadRecord (lead-record.server.ts).
 */

/** At most this many other leads are offered as possible duplicates. */
export const DUPLICATES_SHOWN = 20;

const original = alias(leads, "original");
const named = alias(leads, "named");
const other = alias(leads, "other");

/** The lead, its office and insurer by slug, the lead it repeats, and its visit: one row by primary key. */
export function leadRow(db: Db, id: string) {
  return db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      formType: leads.formType,
      firstName: leads.firstName,
      lastName: leads.lastName,
      email: leads.email,
      phone: leads.phone,
      service: leads.service,
      source: leads.source,
      smsOptIn: leads.smsOptIn,
      attribution: leads.attribution,
      details: leads.details,
      status: leads.status,
      channel: leads.channel,
      campaign: leads.campaign,
      landingPage: leads.landingPage,
      visitId: leads.visitId,
      assignedTo: leads.assignedTo,
      firstContactedAt: leads.firstContactedAt,
      scheduledAt: leads.scheduledAt,
      becamePatientAt: leads.becamePatientAt,
      statusChangedAt: leads.statusChangedAt,
      duplicateOf: leads.duplicateOf,
      version: leads.version,
      locationName: locations.name,
      insurerName: insuranceProviders.name,
      originalFirstName: original.firstName,
      originalLastName: original.lastName,
      visitStartedAt: visits.startedAt,
      visitEntryPath: visits.entryPath,
      visitDeviceType: visits.deviceType,
      visitBrowser: visits.browser,
      visitOs: visits.os,
      visitPageviews: visits.pageviews,
    })
    .from(leads)
    .leftJoin(locations, eq(locations.slug, sql`${leads.details}->>'location'`))
    .leftJoin(insuranceProviders, eq(insuranceProviders.slug, sql`${leads.details}->>'insurance'`))
    .leftJoin(original, eq(original.id, leads.duplicateOf))
    .leftJoin(visits, eq(visits.id, leads.visitId))
    .where(eq(leads.id, id));
}
export type LeadRow = Awaited<ReturnType<typeof leadRow>>[number];

/** The timeline (index lead_events_lead_idx), with the lead a duplicate mark names. */
export function eventRows(db: Db, id: string) {
  return db
    .select({
      id: leadEvents.id,
      at: leadEvents.at,
      actorId: leadEvents.actorId,
      kind: leadEvents.kind,
      detail: leadEvents.detail,
      namedId: named.id,
      namedFirstName: named.firstName,
      namedLastName: named.lastName,
    })
    .from(leadEvents)
    .leftJoin(named, and(eq(leadEvents.kind, "duplicate"), eq(named.id, sql`(${leadEvents.detail}->>'target')::uuid`)))
    .where(eq(leadEvents.leadId, id))
    .orderBy(desc(leadEvents.at), desc(leadEvents.id));
}
export type EventRow = Awaited<ReturnType<typeof eventRows>>[number];

/**
 * Other requests from the same e-mail or phone number (the generated keys and
 * their indexes; the lead's own keys read by primary key in the same
 * statement), newest first. Taps on the phone link carry the clinic's number
 * and a placeholder address: they are never anyone's duplicate.
 */
export function duplicateRows(db: Db, id: string) {
  const own = (column: "email_key" | "phone_key" | "form_type") =>
    sql`(select ${sql.identifier(column)} from ${leads} where ${leads.id} = ${id})`;
  return db
    .select({
      id: other.id,
      createdAt: other.createdAt,
      formType: other.formType,
      firstName: other.firstName,
      lastName: other.lastName,
      status: other.status,
      duplicateOf: other.duplicateOf,
      sameEmail: sql<boolean>`${other.emailKey} = ${own("email_key")}`,
      samePhone: sql<boolean>`coalesce(${other.phoneKey} = ${own("phone_key")}, false)`,
    })
    .from(other)
    .where(
      and(
        or(eq(other.emailKey, own("email_key")), and(ne(other.phoneKey, ""), eq(other.phoneKey, own("phone_key")))),
        ne(other.id, id),
        ne(other.formType, "phone_click"),
        sql`${own("form_type")} <> 'phone_click'`,
      ),
    )
    .orderBy(desc(other.createdAt), desc(other.id))
    .limit(DUPLICATES_SHOWN);
}
export type DuplicateRow = Awaited<ReturnType<typeof duplicateRows>>[number];

/** The pages of the visit that led to the request, in order (index page_views_visit_idx); one more to know there are more. */
export function visitPageRows(db: Db, id: string) {
  return db
    .select({ id: pageViews.id, path: pageViews.path, occurredAt: pageViews.occurredAt })
    .from(pageViews)
    .where(eq(pageViews.visitId, sql`(select ${leads.visitId} from ${leads} where ${leads.id} = ${id})`))
    .orderBy(asc(pageViews.occurredAt), asc(pageViews.id))
    .limit(VISIT_PAGES_SHOWN + 1);
}

/** Every staff account (a clinic has a handful): names for the timeline, choices for the assignment. */
export function staffRows(db: Db) {
  return db.select({ id: users.id, name: users.name, roles: users.roles, disabledAt: users.disabledAt }).from(users);
}
export type StaffRow = Awaited<ReturnType<typeof staffRows>>[number];
