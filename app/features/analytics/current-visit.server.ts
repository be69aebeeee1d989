import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { VISIT_IDLE_MS } from "./visit-plan";
import { utcDay, visitorId, type SaltStore } from "./visitor-id.server";

/** What a lead keeps of the visit that led to it. */
export interface CurrentVisit {
  id: number;
  channel: string;
  campaign: string | null;
  entryPath: string;
}

/**
 * The visit a request belongs to, found the way the beacons find it: the
 * cookieless visitor id of this client (today's salt, its address and
 * browser) and that visitor's latest visit, if it was seen within the last
 * 30 minutes. Null when there is none (measurement not started, another
 * device, the visit ended). Nothing is stored here: the caller keeps the id.
 */
export async function findCurrentVisit(
  db: Db,
  salts: SaltStore,
  client: { ip: string; userAgent: string },
  at = Date.now(),
): Promise<CurrentVisit | null> {
  const salt = await salts.saltFor(utcDay(at));
  const visitor = visitorId(salt, client.ip, client.userAgent);
  const result = await db.execute(sql`
    select id, channel, utm_campaign, entry_path from visits
    where visitor_id = ${visitor.toString()}::bigint and last_seen_at > ${new Date(at - VISIT_IDLE_MS).toISOString()}::timestamptz
    order by last_seen_at desc limit 1`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    channel: String(row.channel),
    campaign: (row.utm_campaign as string | null) ?? null,
    entryPath: String(row.entry_path),
  };
}
