import { and, arrayOverlaps, asc, desc, eq, isNull, like, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leads, treatments, users } from "~/db/schema";
import { NOT_SURE_SERVICE } from "~/features/leads/appointment-options";
import { GENERAL_INQUIRY } from "~/features/leads/split-name";
import { permissions } from "~/features/auth/access";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { inboxColumns, readInboxPage, inboxWhere, type InboxRow, INBOX_PAGE_SIZE } from "./inbox-query.server";
import type { InboxView } from "./inbox-params";

/** A staff member leads can be assigned to (someone who may see them). */
export interface Assignee {
  id: string;
  name: string;
}

/** Who may be given leads: active accounts whose roles include lead details. */
export async function listAssignees(db: Db): Promise<Assignee[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(isNull(users.disabledAt), arrayOverlaps(users.roles, [...permissions["lead-details"]])))
    .orderBy(asc(users.name));
}

/** Most campaign names offered as suggestions. */
const CAMPAIGN_SUGGESTIONS = 200;

/**
 * Every campaign leads came from, for the filter's suggestions: a skip scan
 * of leads_campaign_created_idx (one index probe per distinct name, a few
 * dozen however many leads there are) rather than a DISTINCT over the table.
 */
async function campaignNames(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive names(campaign) as (
      (select campaign from ${leads} where campaign is not null order by campaign limit 1)
      union all
      select (select l.campaign from ${leads} l where l.campaign > names.campaign order by l.campaign limit 1)
      from names where names.campaign is not null
    )
    select campaign from names where campaign is not null limit ${CAMPAIGN_SUGGESTIONS}`);
  return (result as unknown as { rows: { campaign: string }[] }).rows.map((row) => row.campaign);
}

/** The inbox page's data: one page of leads, the choices of its filters and the promise. */
export async function loadInbox(db: Db, view: InboxView, me: string, now = new Date()) {
  const settings = await readLeadSettings(db);
  const query = { filters: view.filters, sort: view.sort, me, promiseHours: settings.promiseHours, now };
  const [page, assignees, campaigns, services] = await Promise.all([
    readInboxPage(db, query, { after: view.after, before: view.before }),
    listAssignees(db),
    campaignNames(db),
    serviceChoices(db),
  ]);
  return { page, assignees, campaigns, services, promiseHours: settings.promiseHours };
}

/** The services people can pick on the site's forms: the treatments, and the two "don't know yet" answers. */
async function serviceChoices(db: Db): Promise<string[]> {
  const rows = await db.select({ title: treatments.title }).from(treatments).orderBy(asc(treatments.sortOrder));
  return [GENERAL_INQUIRY, NOT_SURE_SERVICE, ...rows.map((row) => row.title)];
}

/** What a search looks at: an e-mail (it has an @), a phone number (digits), else a name. */
export function searchKind(term: string): "email" | "phone" | "name" {
  if (term.includes("@")) return "email";
  const digits = term.replace(/\D/g, "");
  return digits.length >= 4 && !/[a-z]/i.test(term) ? "phone" : "name";
}

/** How many matches a search shows (newest first): a search finds someone, it does not page. */
export const SEARCH_LIMIT = INBOX_PAGE_SIZE;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Leads matching a typed name, e-mail or phone, within the inbox's filters:
 * an e-mail by its beginning, a phone by any run of its digits (the last
 * ten are kept), a name by the beginning of any of its words. Posted, never
 * in the address.
 */
export async function searchLeads(
  db: Db,
  term: string,
  view: InboxView,
  me: string,
  promiseHours: number,
  now = new Date(),
): Promise<InboxRow[]> {
  const text = term.trim().toLowerCase();
  const kind = searchKind(text);
  const match =
    kind === "email"
      ? like(leads.emailKey, `${escapeLike(text)}%`)
      : kind === "phone"
        ? like(leads.phoneKey, `%${escapeLike(text.replace(/\D/g, "").slice(-10))}%`)
        : or(like(leads.nameKey, `${escapeLike(text)}%`), like(leads.nameKey, `% ${escapeLike(text)}%`));
  return db
    .select(inboxColumns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(
      and(inboxWhere({ filters: view.filters, me, promiseHours, now }), match, sql`${leads.formType} <> 'phone_click'`),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(SEARCH_LIMIT);
}
