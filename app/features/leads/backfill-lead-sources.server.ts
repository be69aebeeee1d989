import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta, leads, type LeadAttribution } from "~/db/schema";
import { leadSourceOf } from "./lead-source";

const DONE = "leads_sources_backfilled";
const BATCH = 500;

/**
 * Leads stored before migration 0007 have no channel, campaign or landing
 * page of their own (the column defaults say Direct): work them out once
 * from what each lead kept (its attribution and the page of the form), in
 * batches, then mark it done. Safe to run twice or on two instances at
 * once: the same lead always gets the same answer. Returns how many leads
 * it looked at (0 once done).
 */
export async function backfillLeadSources(db: Db): Promise<number> {
  const [done] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DONE));
  if (done) return 0;
  let seen = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ id: leads.id, attribution: leads.attribution, source: leads.source })
      .from(leads)
      .where(and(sql`${leads.landingPage} is null`, after ? gt(leads.id, after) : undefined))
      .orderBy(asc(leads.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const filled = rows.map((row) => ({
      id: row.id,
      ...leadSourceOf(row.attribution as LeadAttribution, row.source, null, []),
    }));
    await db.execute(sql`
      update ${leads} set channel = f.channel, campaign = f.campaign, landing_page = f.landing_page
      from jsonb_to_recordset(${JSON.stringify(filled.map((f) => ({ id: f.id, channel: f.channel, campaign: f.campaign, landing_page: f.landingPage })))}::jsonb)
        as f(id uuid, channel text, campaign text, landing_page text)
      where ${leads.id} = f.id`);
    seen += rows.length;
    after = rows.at(-1)!.id;
  }
  await db.insert(appMeta).values({ key: DONE, value: new Date().toISOString() }).onConflictDoNothing();
  return seen;
}
