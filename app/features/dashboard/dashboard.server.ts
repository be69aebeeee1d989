import { and, asc, eq, gte, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import type { LeadFormType } from "~/db/schema";
import { leads, newsletterSubscribers, pageViews, visits } from "~/db/schema";
import {
  addDays,
  CLINIC_TIME_ZONE,
  clinicPeriods,
  dayKey,
  formatClinicDateTime,
  formatClinicDay,
  startOfClinicDay,
} from "~/lib/clinic-time";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { formTypeWords, shortName, waitedWords, type Waited } from "~/features/leads/lead-words";

/** A waiting request as the query reads it for someone with lead details. */
interface WaitingRow {
  id: string;
  createdAt: Date;
  formType: LeadFormType;
  firstName: string;
  lastName: string;
  service: string | null;
}

/** How many waiting requests the overview lists (the rest are counted). */
export const WAITING_LIST_SIZE = 20;
const TRAFFIC_DAYS = 7;

export interface TodayAndWeek {
  today: number;
  week: number;
}

export interface WaitingLead {
  id: string;
  /** "Avery Q." */
  name: string;
  form: string;
  service: string | null;
  receivedAt: string;
  /** "Mar 10, 2026, 3:04 PM" in clinic time. */
  receivedText: string;
  waited: Waited;
}

export interface TrafficDay {
  day: string;
  label: string;
  pageViews: number;
  visitors: number;
}

export interface Dashboard {
  /** "Tue, Mar 10": the clinic's today. */
  todayLabel: string;
  /** The reply promise the waits are measured against (a lead setting). */
  promiseHours: number;
  requests: TodayAndWeek;
  callsTapped: TodayAndWeek;
  newsletterSignUps: TodayAndWeek;
  /**
   * Requests nobody has contacted yet. `leads` (who, oldest first) only for a
   * role with lead details; everyone else sees how many, and how many are late.
   */
  waiting: { leads: WaitingLead[] | null; total: number; late: number };
  traffic: { days: TrafficDay[]; pageViews: number; visitors: number };
}

const PHONE_CLICK: LeadFormType = "phone_click";
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
// A fixed constant, not input: written into the SQL so SELECT and GROUP BY are one expression.
const clinicDate = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/**
 * The staff overview in five aggregate queries (after the lead settings), each on an index: new
 * requests and tapped calls (leads by created_at), the waiting list (oldest
 * first, with the count of the rest in the same statement), newsletter
 * sign-ups, and page views and visitors per clinic day (BRIN on time).
 */
export async function loadDashboard(
  db: Db,
  { leadDetails }: { leadDetails: boolean },
  now = new Date(),
): Promise<Dashboard> {
  const { today, todayStart, weekStart } = clinicPeriods(now);
  const { promiseHours } = await readLeadSettings(db);
  const lateBefore = new Date(now.getTime() - promiseHours * 3_600_000);
  // Nobody has tried to reach them yet (the index leads_uncontacted_idx holds exactly these).
  const waitingLeads = and(eq(leads.status, "new"), isNull(leads.firstContactedAt), ne(leads.formType, PHONE_CLICK))!;
  const trafficStart = startOfClinicDay(addDays(today, -(TRAFFIC_DAYS - 1)));
  const isCall = eq(leads.formType, PHONE_CLICK);
  const isToday = gte(leads.createdAt, todayStart);

  const [[leadCounts], waitingRows, [signUps], viewsByDay, visitorsByDay] = await Promise.all([
    db
      .select({
        requestsToday: countWhere(and(ne(leads.formType, PHONE_CLICK), isToday)!),
        requestsWeek: countWhere(ne(leads.formType, PHONE_CLICK)),
        callsToday: countWhere(and(isCall, isToday)!),
        callsWeek: countWhere(isCall),
      })
      .from(leads)
      .where(gte(leads.createdAt, weekStart)),
    // Taps on the phone link are not people who asked to be contacted. Without lead details
    // (marketing, clinicians) the query reads counts only: no name leaves the database.
    leadDetails
      ? db
          .select({
            id: leads.id,
            createdAt: leads.createdAt,
            formType: leads.formType,
            firstName: leads.firstName,
            lastName: leads.lastName,
            service: leads.service,
            total: sql<number>`count(*) over ()`.mapWith(Number),
            late: sql<number>`count(*) filter (where ${leads.createdAt} <= ${lateBefore}) over ()`.mapWith(Number),
          })
          .from(leads)
          .where(waitingLeads)
          .orderBy(asc(leads.createdAt), asc(leads.id))
          .limit(WAITING_LIST_SIZE)
      : db
          .select({ total: sql<number>`count(*)`.mapWith(Number), late: countWhere(lte(leads.createdAt, lateBefore)) })
          .from(leads)
          .where(waitingLeads),
    db
      .select({
        today: countWhere(gte(newsletterSubscribers.consentedAt, todayStart)),
        week: sql<number>`count(*)`.mapWith(Number),
      })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.status, "subscribed"), gte(newsletterSubscribers.consentedAt, weekStart))),
    db
      .select({ day: clinicDate(pageViews.occurredAt), count: sql<number>`count(*)`.mapWith(Number) })
      .from(pageViews)
      .where(gte(pageViews.occurredAt, trafficStart))
      .groupBy(sql`1`),
    // Visitor ids change every day, so they are counted per day; a person
    // who comes on three days is three visitors (the page says so).
    db
      .select({
        day: clinicDate(visits.startedAt),
        count: sql<number>`count(distinct ${visits.visitorId})`.mapWith(Number),
      })
      .from(visits)
      .where(gte(visits.startedAt, trafficStart))
      .groupBy(sql`1`),
  ]);

  const views = new Map(viewsByDay.map((row) => [row.day, row.count]));
  const visitors = new Map(visitorsByDay.map((row) => [row.day, row.count]));
  const days = Array.from({ length: TRAFFIC_DAYS }, (_, i) => {
    const day = addDays(today, i - (TRAFFIC_DAYS - 1));
    const key = dayKey(day);
    return { day: key, label: formatClinicDay(day), pageViews: views.get(key) ?? 0, visitors: visitors.get(key) ?? 0 };
  }).reverse();

  return {
    todayLabel: formatClinicDay(today),
    promiseHours,
    requests: { today: leadCounts?.requestsToday ?? 0, week: leadCounts?.requestsWeek ?? 0 },
    callsTapped: { today: leadCounts?.callsToday ?? 0, week: leadCounts?.callsWeek ?? 0 },
    newsletterSignUps: { today: signUps?.today ?? 0, week: signUps?.week ?? 0 },
    waiting: {
      total: waitingRows[0]?.total ?? 0,
      late: waitingRows[0]?.late ?? 0,
      leads: !leadDetails
        ? null
        : (waitingRows as WaitingRow[]).map((row) => ({
            id: row.id,
            name: shortName(row.firstName, row.lastName),
            form: formTypeWords[row.formType] ?? row.formType,
            service: row.service,
            receivedAt: row.createdAt.toISOString(),
            receivedText: formatClinicDateTime(row.createdAt),
            waited: waitedWords(Math.max(0, (now.getTime() - row.createdAt.getTime()) / 60_000), promiseHours),
          })),
    },
    traffic: {
      days,
      pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
      visitors: days.reduce((sum, d) => sum + d.visitors, 0),
    },
  };
}
