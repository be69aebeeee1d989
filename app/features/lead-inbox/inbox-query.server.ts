import { and, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { finishedLeadStatuses, leadStatuses, leads, users, type LeadStatus } from "~/db/schema";
import { addDays, parseDayKey, startOfClinicDay } from "~/lib/clinic-time";
import { decodeCursor, encodeCursor, type CursorValues } from "~/lib/keyset.server";
import { OPEN_STATUSES, type InboxFilters, type InboxSort } from "./inbox-params";

/** Leads on one page of the inbox. */
export const INBOX_PAGE_SIZE = 50;

/**
 * A lead as a row of the inbox, what intake needs to pick whom to call next
 * (read with a left join of the assignee): the list and the search read the same.
 */
export const inboxColumns = {
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
};

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
  // By the status's rank (the generated column leads_status_created_idx begins with).
  if (filters.status === "open") conditions.push(inArray(leads.statusRank, OPEN_STATUSES.map(rankOf)));
  else if (filters.status === "finished") conditions.push(inArray(leads.statusRank, finishedLeadStatuses.map(rankOf)));
  else if (filters.status) conditions.push(eq(leads.statusRank, rankOf(filters.status)));
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
      lte(leads.createdAt, new Date(now.getTime() - promiseHours * 3_600_000)),
    );
  }
  if (filters.assigned === "none") conditions.push(isNull(leads.assignedTo));
  else if (filters.assigned) conditions.push(eq(leads.assignedTo, filters.assigned === "me" ? me : filters.assigned));
  return and(...conditions);
}

/** A status's place in the pipeline, as the generated column status_rank holds it (1 for new). */
const rankOf = (status: LeadStatus) => leadStatuses.indexOf(status) + 1;

/**
 * A sort as the columns it orders by, all in one direction, the id last so
 * the order is total: each is an index read forwards or backwards, and a
 * page boundary is one row-value comparison, (a, b, id) > (x, y, z), which
 * the index answers as a range whatever page it is.
 */
type Key = { expr: SQL; kind: "text" | "int" | "time" | "uuid" };
const created: Key = { expr: sql`${leads.createdAt}`, kind: "time" };
const id: Key = { expr: sql`${leads.id}`, kind: "uuid" };
const sorts: Record<InboxSort, { keys: Key[]; ascending: boolean }> = {
  newest: { keys: [created, id], ascending: false },
  oldest: { keys: [created, id], ascending: true },
  // The pipeline's order, and within a status whoever has waited longest first: the intake queue.
  status: { keys: [{ expr: sql`${leads.statusRank}`, kind: "int" }, created, id], ascending: true },
  "status-desc": { keys: [{ expr: sql`${leads.statusRank}`, kind: "int" }, created, id], ascending: false },
  name: { keys: [{ expr: sql`${leads.nameKey}`, kind: "text" }, id], ascending: true },
  "name-desc": { keys: [{ expr: sql`${leads.nameKey}`, kind: "text" }, id], ascending: false },
};

const castOf = { text: sql`text`, int: sql`int`, time: sql`timestamptz`, uuid: sql`uuid` };

/** Rows strictly beyond a cursor in the direction read. */
function beyond(keys: Key[], values: CursorValues, ascending: boolean): SQL {
  const columns = sql.join(
    keys.map((key) => key.expr),
    sql`, `,
  );
  const cursor = sql.join(
    keys.map((key, i) => sql`${values[i]}::${castOf[key.kind]}`),
    sql`, `,
  );
  return ascending ? sql`(${columns}) > (${cursor})` : sql`(${columns}) < (${cursor})`;
}

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
  const { keys, ascending: forward } = sorts[query.sort];
  const backwards = Boolean(cursor.before) && !cursor.after;
  const raw = cursor.after ?? cursor.before;
  const values = raw ? decodeCursor(raw, keys.length) : null;
  // Going back is reading the other way from the page's first row, then turning the rows round.
  const ascending = backwards ? !forward : forward;
  const where = and(inboxWhere(query), values ? beyond(keys, values, ascending) : undefined);
  const found = await db
    .select({
      ...inboxColumns,
      // The sort values, exact (a timestamp as text keeps its microseconds), for the cursors.
      k0: sql<string>`${keys[0]!.expr}::text`,
      k1: sql<string>`${keys[1]!.expr}::text`,
      k2: keys[2] ? sql<string>`${keys[2].expr}::text` : sql<null>`null`,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(where)
    .orderBy(...keys.map((key) => (ascending ? sql`${key.expr} asc` : sql`${key.expr} desc`)))
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
