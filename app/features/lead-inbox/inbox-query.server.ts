import { and, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { finishedLeadStatuses, leads, users } from "~/db/schema";
import { addDays, parseDayKey, startOfClinicDay } from "~/lib/clinic-time";
import { decodeCursor, encodeCursor, type CursorValues } from "~/lib/keyset.server";
import { OPEN_STATUSES, type InboxFilters, type InboxSort } from "./inbox-params";

/** Leads on one page of the inbox. */
export const INBOX_PAGE_SIZE = 50;

/** A lead as a row of the inbox: what intake needs to pick whom to call next. */
export interface InboxRow {
  id: string;
  createdAt: Date;
  formType: (typeof leads.$inferSelect)["formType"];
  firstName: string;
  lastName: string;
  service: string | null;
  preferredContact: string | null;
  preferredTime: string | null;
  channel: string;
  campaign: string | null;
  landingPage: string | null;
  status: (typeof leads.$inferSelect)["status"];
  firstContactedAt: Date | null;
  assignedName: string | null;
}

export interface InboxQuery {
  filters: InboxFilters;
  sort: InboxSort;
  /** The signed-in person (for "assigned to me"). */
  me: string;
  promiseHours: number;
  now?: Date;
}

/** The WHERE of the inbox's filters (shared with the export, so both always agree). */
export function inboxWhere({ filters, me, promiseHours, now = new Date() }: Omit<InboxQuery, "sort">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status === "open") conditions.push(inArray(leads.status, [...OPEN_STATUSES]));
  else if (filters.status === "finished") conditions.push(inArray(leads.status, [...finishedLeadStatuses]));
  else if (filters.status) conditions.push(eq(leads.status, filters.status));
  if (filters.form) conditions.push(eq(leads.formType, filters.form));
  if (filters.service) conditions.push(eq(leads.service, filters.service));
  if (filters.channel) conditions.push(eq(leads.channel, filters.channel));
  if (filters.campaign) conditions.push(eq(leads.campaign, filters.campaign));
  const from = filters.from ? parseDayKey(filters.from) : null;
  const to = filters.to ? parseDayKey(filters.to) : null;
  if (from) conditions.push(gte(leads.createdAt, startOfClinicDay(from)));
  if (to) conditions.push(lt(leads.createdAt, startOfClinicDay(addDays(to, 1))));
  if (filters.overdue) {
    // The same rows as the index leads_uncontacted_idx, past the promise.
    conditions.push(
      eq(leads.status, "new"),
      isNull(leads.firstContactedAt),
      ne(leads.formType, "phone_click"),
      lt(leads.createdAt, new Date(now.getTime() - promiseHours * 3_600_000)),
    );
  }
  if (filters.assigned === "none") conditions.push(isNull(leads.assignedTo));
  else if (filters.assigned) conditions.push(eq(leads.assignedTo, filters.assigned === "me" ? me : filters.assigned));
  return and(...conditions);
}

/** A sort as the columns it orders by, each ascending or not; the id last keeps the order total. */
type Key = { expr: SQL; asc: boolean; kind: "text" | "int" | "time" | "uuid" };
const created: SQL = sql`${leads.createdAt}`;
const keysOf: Record<InboxSort, Key[]> = {
  newest: [
    { expr: created, asc: false, kind: "time" },
    { expr: sql`${leads.id}`, asc: false, kind: "uuid" },
  ],
  oldest: [
    { expr: created, asc: true, kind: "time" },
    { expr: sql`${leads.id}`, asc: true, kind: "uuid" },
  ],
  // The pipeline's order (new first), newest first within a status: the index leads_status_created_idx.
  status: [
    { expr: sql`${leads.statusRank}`, asc: true, kind: "int" },
    { expr: created, asc: false, kind: "time" },
    { expr: sql`${leads.id}`, asc: false, kind: "uuid" },
  ],
  "status-desc": [
    { expr: sql`${leads.statusRank}`, asc: false, kind: "int" },
    { expr: created, asc: true, kind: "time" },
    { expr: sql`${leads.id}`, asc: true, kind: "uuid" },
  ],
  name: [
    { expr: sql`${leads.nameKey}`, asc: true, kind: "text" },
    { expr: sql`${leads.id}`, asc: true, kind: "uuid" },
  ],
  "name-desc": [
    { expr: sql`${leads.nameKey}`, asc: false, kind: "text" },
    { expr: sql`${leads.id}`, asc: false, kind: "uuid" },
  ],
};

const castOf = { text: sql`text`, int: sql`int`, time: sql`timestamptz`, uuid: sql`uuid` };

/**
 * Rows strictly after a cursor in the order of `keys`: (a > x) or (a = x
 * and (b > y or …)), with each column's own direction. Ties are broken by
 * the id, so no row is skipped or shown twice between pages.
 */
function afterCursor(keys: Key[], values: CursorValues): SQL {
  const [key, ...rest] = keys;
  const value = sql`${values[0]}::${castOf[key!.kind]}`;
  const beyond = key!.asc ? sql`${key!.expr} > ${value}` : sql`${key!.expr} < ${value}`;
  if (rest.length === 0) return beyond;
  return sql`(${beyond} or (${key!.expr} = ${value} and ${afterCursor(rest, values.slice(1))}))`;
}

const reversed = (keys: Key[]): Key[] => keys.map((key) => ({ ...key, asc: !key.asc }));

export interface InboxPage {
  rows: InboxRow[];
  /** Cursors for the pages after and before this one, when there are such pages. */
  next?: string;
  previous?: string;
}

/**
 * One page of the inbox by keyset (app/lib/keyset.server.ts): `after`
 * continues past a page's last row, `before` goes back from a page's first
 * row (read in the opposite order, then turned round). One statement, on an
 * index for each sort; one more row than the page says whether another
 * page follows.
 */
export async function readInboxPage(
  db: Db,
  query: InboxQuery,
  cursor: { after?: string; before?: string } = {},
): Promise<InboxPage> {
  const keys = keysOf[query.sort];
  const backwards = Boolean(cursor.before) && !cursor.after;
  const raw = cursor.after ?? cursor.before;
  const values = raw ? decodeCursor(raw, keys.length) : null;
  const order = backwards ? reversed(keys) : keys;
  const where = and(inboxWhere(query), values ? afterCursor(order, values) : undefined);
  const found = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      formType: leads.formType,
      firstName: leads.firstName,
      lastName: leads.lastName,
      service: leads.service,
      preferredContact: sql<string | null>`${leads.details}->>'preferredContact'`,
      preferredTime: sql<string | null>`${leads.details}->>'preferredTime'`,
      channel: leads.channel,
      campaign: leads.campaign,
      landingPage: leads.landingPage,
      status: leads.status,
      firstContactedAt: leads.firstContactedAt,
      assignedName: users.name,
      // The sort values, exact (a timestamp as text keeps its microseconds), for the cursors.
      k0: sql<string>`${order[0]!.expr}::text`,
      k1: sql<string>`${order[1]!.expr}::text`,
      k2: order[2] ? sql<string>`${order[2].expr}::text` : sql<null>`null`,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(where)
    .orderBy(...order.map((key) => (key.asc ? sql`${key.expr} asc` : sql`${key.expr} desc`)))
    .limit(INBOX_PAGE_SIZE + 1);

  const more = found.length > INBOX_PAGE_SIZE;
  const page = found.slice(0, INBOX_PAGE_SIZE);
  if (backwards) page.reverse();
  const cursorOf = (row: (typeof found)[number]) =>
    encodeCursor(
      [row.k0, row.k1, ...(keys.length === 3 ? [row.k2] : [])].map((v, i) => (keys[i]!.kind === "int" ? Number(v) : v)),
    );
  const first = page[0];
  const last = page.at(-1);
  return {
    rows: page.map(({ k0: _k0, k1: _k1, k2: _k2, ...row }) => row),
    // Going forward: a next page when more rows came; a previous page when we started from a cursor.
    next: last && (backwards ? Boolean(values) : more) ? cursorOf(last) : undefined,
    previous: first && (backwards ? more : Boolean(values)) ? cursorOf(first) : undefined,
  };
}
