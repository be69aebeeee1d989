import { sql } from "drizzle-orm";
import { createContext } from "react-router";
import type { Db } from "~/db/client.server";
import { auditLog, leads } from "~/db/schema";
import { auditActions } from "~/features/auth/audit.server";
import type { LeadActor } from "./lead-changes.server";

/**
 * Every opening of a lead is written to the audit trail (`lead_viewed`), but
 * the page reloading its own data after one of its forms is not a new
 * opening. Two rules make that hold, whatever the browser does:
 *
 * 1. A request that posted one of the page's forms never records a view
 *    (the flag below, set by the action: without JavaScript the page is
 *    drawn again in the same request).
 * 2. A view is recorded only when the same person has no entry about this
 *    lead (a view, or any change of theirs to it) from the last
 *    VIEW_WINDOW_MINUTES. Every accepted change writes its own entry, so
 *    the reload that follows it (with JavaScript, a separate request) finds
 *    it and records nothing. The window slides with their work: someone who
 *    keeps working on a lead is one opening, someone who comes back to it
 *    later is another.
 *
 * Both are checked in the INSERT itself (on the index of the trail by person
 * and time), so opening a page costs one statement, and an unknown lead
 * records nothing.
 */
export const VIEW_WINDOW_MINUTES = 10;

/** Entries that say this person had the lead open: a view, or any change of theirs to it. */
const LEAD_WORK = auditActions.filter((action) => action.startsWith("lead_") && action !== "lead_deleted");

/** Set by the page's action: the loader that runs after it in the same request records no view. */
export const leadFormPostedContext = createContext<boolean>(false);

/** Records that `actor` opened the lead, unless this is the same look (see above). True when recorded. */
export async function recordLeadView(db: Db, actor: LeadActor, leadId: string, now = new Date()): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    insert into ${auditLog} (at, actor_id, actor_email, action, target_type, target_id, ip, detail)
    select ${at}, ${actor.id}::uuid, ${actor.email?.slice(0, 254) ?? null}, 'lead_viewed', 'lead', ${leadId}, ${actor.ip}, '{}'::jsonb
    where exists (select 1 from ${leads} where id = ${leadId})
      and not exists (
        select 1 from ${auditLog}
        where actor_id = ${actor.id}::uuid
          and at > ${at} - make_interval(mins => ${VIEW_WINDOW_MINUTES})
          and target_type = 'lead' and target_id = ${leadId}
          and action in (${sql.join(
            LEAD_WORK.map((action) => sql`${action}`),
            sql`, `,
          )})
      )
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
