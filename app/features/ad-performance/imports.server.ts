import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adCampaigns, adImports, type AdImport } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { holdPreview, markPreviewSaved, takePreview } from "~/lib/held-previews.server";
import type { ImportPlan, PlanRow, StoredFacts } from "./plan-import.server";
import type { CampaignRef } from "./read-report.server";

/** How long a previewed report waits to be saved. */
export const PREVIEW_MINUTES = 60;
/** Rows per INSERT … SELECT FROM unnest(…): one statement's arrays, whatever the count. */
const INSERT_BATCH = 20_000;

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

/** Holds a read report until it is saved (app/lib/held-previews.server.ts). */
export function holdImport(db: Db, userId: string, plan: ImportPlan, now = new Date()) {
  return holdPreview(db, "google-ads", userId, plan, { minutes: PREVIEW_MINUTES, now });
}

/** The stored campaigns and the currency of the stored figures: what a new file must agree with. */
export async function storedFacts(db: Db): Promise<StoredFacts> {
  const campaigns = await db.select({ googleId: adCampaigns.googleId, name: adCampaigns.name }).from(adCampaigns);
  const [currency] = await rowsOf<{ currency: string }>(
    db,
    sql`(select currency from ad_campaign_days limit 1) union all (select currency from ad_search_terms limit 1) limit 1`,
  );
  return { currency: currency?.currency ?? null, campaigns };
}

/**
 * Each campaign of a file as a stored campaign's id, or null when it is new:
 * by Google's campaign ID, else by name (a campaign first stored by name
 * takes its ID the first time a file carries it).
 */
function matchCampaigns(
  stored: readonly { id: number; googleId: string | null; name: string }[],
  refs: readonly CampaignRef[],
): { id: number | null; adoptId?: boolean; rename?: boolean; ambiguous?: boolean }[] {
  return refs.map((ref) => {
    if (ref.googleId) {
      const byId = stored.find((c) => c.googleId === ref.googleId);
      if (byId) return { id: byId.id, rename: byId.name !== ref.name };
      const named = stored.filter((c) => c.googleId === null && c.name === ref.name);
      return named.length === 1 ? { id: named[0]!.id, adoptId: true } : { id: null };
    }
    const named = stored.filter((c) => c.name === ref.name);
    if (named.length > 1) return { id: null, ambiguous: true };
    return { id: named[0]?.id ?? null };
  });
}

/** What is stored now for the plan's campaigns and days: what saving it replaces. */
export interface Replaced {
  rows: number;
  impressions: number;
  clicks: number;
  costMicros: number;
  /** Search terms: the first and last day of the stored periods it replaces. */
  from: string | null;
  to: string | null;
}

async function replacedBy(db: Db, plan: ImportPlan, ids: readonly number[]): Promise<Replaced> {
  const none = { rows: 0, impressions: 0, clicks: 0, costMicros: 0, from: null, to: null };
  if (ids.length === 0) return none;
  const { start, end } = plan.period;
  const [row] =
    plan.kind === "campaigns"
      ? await rowsOf(
          db,
          sql`select count(*) as rows, sum(impressions) as impressions, sum(clicks) as clicks, sum(cost_micros) as cost,
            to_char(min(day), 'YYYY-MM-DD') as "from", to_char(max(day), 'YYYY-MM-DD') as "to"
          from ad_campaign_days where campaign_id = any(${sql.param([...ids])}::int[]) and day between ${start}::date and ${end}::date`,
        )
      : await rowsOf(
          db,
          sql`select count(*) as rows, sum(impressions) as impressions, sum(clicks) as clicks, sum(cost_micros) as cost,
            to_char(min(period_start), 'YYYY-MM-DD') as "from", to_char(max(period_end), 'YYYY-MM-DD') as "to"
          from ad_search_terms where campaign_id = any(${sql.param([...ids])}::int[])
            and period_start <= ${end}::date and period_end >= ${start}::date`,
        );
  return {
    rows: num(row?.rows),
    impressions: num(row?.impressions),
    clicks: num(row?.clicks),
    costMicros: num(row?.cost),
    from: (row?.from as string | null) ?? null,
    to: (row?.to as string | null) ?? null,
  };
}

/** For the preview: how many of the file's campaigns are new here, and what saving it would replace. */
export async function previewFacts(db: Db, plan: ImportPlan): Promise<{ newCampaigns: number; replaced: Replaced }> {
  const stored = await db
    .select({ id: adCampaigns.id, googleId: adCampaigns.googleId, name: adCampaigns.name })
    .from(adCampaigns);
  const matched = matchCampaigns(stored, plan.campaigns);
  const ids = matched.flatMap((m) => (m.id === null ? [] : [m.id]));
  return { newCampaigns: matched.filter((m) => m.id === null).length, replaced: await replacedBy(db, plan, ids) };
}

export type SaveResult =
  | { ok: true; import: AdImport; plan: ImportPlan | null; replaced: Replaced | null; alreadySaved: boolean }
  | { ok: false; status: 404 | 409; message: string };

/** The campaigns of a plan as stored ids, made or updated here (in the saving transaction). */
async function campaignIds(tx: Db, refs: readonly CampaignRef[]): Promise<number[] | null> {
  const stored = await tx
    .select({ id: adCampaigns.id, googleId: adCampaigns.googleId, name: adCampaigns.name })
    .from(adCampaigns)
    .for("update");
  const matched = matchCampaigns(stored, refs);
  if (matched.some((m) => m.ambiguous)) return null;
  const ids: number[] = [];
  for (const [i, ref] of refs.entries()) {
    const match = matched[i]!;
    if (match.id === null) {
      const [made] = await tx
        .insert(adCampaigns)
        .values({ googleId: ref.googleId, name: ref.name })
        .returning({ id: adCampaigns.id });
      ids.push(made!.id);
      continue;
    }
    if (match.adoptId || match.rename) {
      await tx
        .update(adCampaigns)
        .set({ ...(match.adoptId ? { googleId: ref.googleId } : {}), name: ref.name, updatedAt: new Date() })
        .where(eq(adCampaigns.id, match.id));
    }
    ids.push(match.id);
  }
  return ids;
}

/** Inserts the plan's rows in a few statements (arrays through unnest: no parameter ceiling, one parse each). */
async function insertRows(tx: Db, plan: ImportPlan, ids: readonly number[], importId: number) {
  const column = <T>(rows: readonly PlanRow[], pick: (row: PlanRow) => T) => sql.param(rows.map(pick));
  for (let at = 0; at < plan.rows.length; at += INSERT_BATCH) {
    const rows = plan.rows.slice(at, at + INSERT_BATCH);
    const common = sql`${column(rows, (r) => ids[r[0]]!)}::int[],
      ${column(rows, (r) => r[2])}::bigint[], ${column(rows, (r) => r[3])}::bigint[],
      ${column(rows, (r) => r[4])}::bigint[], ${column(rows, (r) => r[5])}::bigint[]`;
    if (plan.kind === "campaigns") {
      await tx.execute(sql`insert into ad_campaign_days
          (campaign_id, impressions, clicks, cost_micros, conversions_hundredths, day, currency, import_id)
        select r.*, ${plan.currency}, ${importId}::int
        from unnest(${common}, ${column(rows, (r) => r[1])}::date[]) as r`);
    } else {
      await tx.execute(sql`insert into ad_search_terms
          (campaign_id, impressions, clicks, cost_micros, conversions_hundredths, period_start, period_end,
           ad_group, search_term, match_type, currency, import_id)
        select r.campaign_id, r.impressions, r.clicks, r.cost, r.conversions,
          coalesce(r.day, ${plan.period.start}::date), coalesce(r.day, ${plan.period.end}::date),
          r.ad_group, r.search_term, r.match_type, ${plan.currency}, ${importId}::int
        from unnest(${common}, ${column(rows, (r) => r[1])}::date[], ${column(rows, (r) => r[6])}::text[],
          ${column(rows, (r) => r[7])}::text[], ${column(rows, (r) => r[8])}::text[])
          as r(campaign_id, impressions, clicks, cost, conversions, day, ad_group, search_term, match_type)`);
    }
  }
}

const summary = (stats: { rows: number; impressions: number; clicks: number; costMicros: number }) => ({
  rows: stats.rows,
  impressions: stats.impressions,
  clicks: stats.clicks,
  costMicros: stats.costMicros,
});

/**
 * Saves a previewed report, all or nothing, in one transaction: its
 * campaigns are found or made, and for each of them the stored figures of
 * the file's days are replaced by the file's (campaign report: each day of
 * the period; search terms: every stored period that overlaps it). The same
 * file again stores the same figures; a newer one for the same days replaces
 * them; campaigns the file does not name are left as they are. Audited with
 * the figures before and after. Saving the same preview twice stores it once.
 */
export async function saveImport(db: Db, previewId: string, actor: AuditActor & { id: string }): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const held = await takePreview(tx, "google-ads", previewId, actor.id);
    if (held.state === "gone") {
      return {
        ok: false,
        status: 404,
        message: "This preview has expired or was never made. Upload the file again.",
      } as const;
    }
    if (held.state === "saved") {
      const id = Number(held.savedRef);
      const [saved] = Number.isInteger(id) ? await tx.select().from(adImports).where(eq(adImports.id, id)) : [];
      if (!saved) return { ok: false, status: 404, message: "This file was saved, and its record is gone." } as const;
      return { ok: true, import: saved, plan: null, replaced: null, alreadySaved: true } as const;
    }
    const plan = held.plan as ImportPlan;
    // One save at a time: two files for the same days must not interleave their deletes and inserts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ad-report-imports'))`);
    const facts = await storedFacts(tx);
    if (facts.currency && facts.currency !== plan.currency) {
      return {
        ok: false,
        status: 409,
        message: `Figures in ${facts.currency} were stored since this preview was made; this file is in ${plan.currency}. Nothing was stored.`,
      } as const;
    }
    const ids = await campaignIds(tx, plan.campaigns);
    if (!ids) {
      return {
        ok: false,
        status: 409,
        message:
          "Several stored campaigns now share a name in this file: add the Campaign ID column in Google Ads and upload it again. Nothing was stored.",
      } as const;
    }
    const before = await replacedBy(tx, plan, [...new Set(ids)]);
    const { start, end } = plan.period;
    const idList = sql.param([...new Set(ids)]);
    if (plan.kind === "campaigns") {
      await tx.execute(
        sql`delete from ad_campaign_days where campaign_id = any(${idList}::int[]) and day between ${start}::date and ${end}::date`,
      );
    } else {
      await tx.execute(sql`delete from ad_search_terms where campaign_id = any(${idList}::int[])
        and period_start <= ${end}::date and period_end >= ${start}::date`);
    }
    const [made] = await tx
      .insert(adImports)
      .values({
        kind: plan.kind,
        periodStart: start,
        periodEnd: end,
        fileName: plan.file,
        rowCount: plan.rows.length,
        campaignCount: plan.campaigns.length,
        costMicros: plan.totals.costMicros,
        currency: plan.currency,
        userId: actor.id,
      })
      .returning();
    await insertRows(tx, plan, ids, made!.id);
    await markPreviewSaved(tx, previewId, String(made!.id));
    await audit(tx, actor, {
      action: "ad_report_imported",
      target: { type: "ad_import", id: String(made!.id) },
      detail: {
        kind: plan.kind,
        file: plan.file,
        periodStart: start,
        periodEnd: end,
        currency: plan.currency,
        campaigns: plan.campaigns.length,
        before: before.rows > 0 ? summary(before) : null,
        after: summary({ rows: plan.rows.length, ...plan.totals }),
      },
    });
    return { ok: true, import: made!, plan, replaced: before, alreadySaved: false } as const;
  });
}

/** The latest imports, newest first. */
export function recentImports(db: Db, limit = 20): Promise<AdImport[]> {
  return db.select().from(adImports).orderBy(desc(adImports.createdAt), desc(adImports.id)).limit(limit);
}
