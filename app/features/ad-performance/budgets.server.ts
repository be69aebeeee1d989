import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adBudgets, adCampaigns } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { formatMoney } from "./money";

/** A monthly budget in force for a month: its amount and the month it was set from. */
export interface Budget {
  campaignId: number | null;
  amountMicros: number;
  currency: string;
  since: string;
}

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The budgets in force in `month` ("YYYY-MM-01"): for the account and each
 * campaign, the latest budget set for that month or before it (one set
 * without an amount ends the one before).
 */
export async function budgetsFor(db: Db, month: string): Promise<Budget[]> {
  const rows = await rowsOf(
    db,
    sql`select distinct on (coalesce(campaign_id, 0)) campaign_id, amount_micros, currency, to_char(month, 'YYYY-MM-DD') as month
      from ad_budgets where month <= ${month}::date
      order by coalesce(campaign_id, 0), month desc`,
  );
  return rows.flatMap((row) =>
    row.amount_micros === null
      ? []
      : [
          {
            campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
            amountMicros: Number(row.amount_micros),
            currency: row.currency as string,
            since: row.month as string,
          },
        ],
  );
}

/** Each campaign's spend in a month through the last day imported, and that day. */
export async function monthSpend(
  db: Db,
  month: string,
): Promise<{ byCampaign: Map<number, number>; total: number; through: string | null }> {
  const rows = await rowsOf(
    db,
    sql`select campaign_id, sum(cost_micros) as cost, to_char(max(day), 'YYYY-MM-DD') as through
      from ad_campaign_days
      where day >= ${month}::date and day < (${month}::date + interval '1 month')
      group by campaign_id`,
  );
  const byCampaign = new Map(rows.map((row) => [Number(row.campaign_id), Number(row.cost)]));
  const through = rows.reduce<string | null>((max, row) => {
    const day = row.through as string;
    return max === null || day > max ? day : max;
  }, null);
  return { byCampaign, total: [...byCampaign.values()].reduce((a, b) => a + b, 0), through };
}

export type SetBudgetResult = { ok: true; changed: boolean } | { ok: false; status: 404; message: string };

/**
 * Sets (or, with a null amount, ends) the monthly budget of the account or
 * a campaign from `month` on, audited with the amount before and after.
 */
export async function setBudget(
  db: Db,
  actor: AuditActor & { id: string },
  input: { campaignId: number | null; month: string; amountMicros: number | null; currency: string },
): Promise<SetBudgetResult> {
  return db.transaction(async (tx) => {
    let scope = "the whole account";
    if (input.campaignId !== null) {
      const [campaign] = await tx.select().from(adCampaigns).where(eq(adCampaigns.id, input.campaignId));
      if (!campaign) return { ok: false, status: 404, message: "This campaign is not stored here any more." } as const;
      scope = campaign.name;
    }
    const before = (await budgetsFor(tx, input.month)).find((b) => b.campaignId === input.campaignId) ?? null;
    const scopeWhere =
      input.campaignId === null ? isNull(adBudgets.campaignId) : eq(adBudgets.campaignId, input.campaignId);
    const [same] = await tx
      .select()
      .from(adBudgets)
      .where(and(scopeWhere, eq(adBudgets.month, input.month)))
      .for("update");
    // The same budget in force already (set this month or carried from an earlier one): nothing to change.
    if ((before?.amountMicros ?? null) === input.amountMicros) return { ok: true, changed: false } as const;
    if (same) {
      await tx
        .update(adBudgets)
        .set({ amountMicros: input.amountMicros, currency: input.currency, updatedBy: actor.id, updatedAt: new Date() })
        .where(eq(adBudgets.id, same.id));
    } else {
      await tx.insert(adBudgets).values({
        campaignId: input.campaignId,
        month: input.month,
        amountMicros: input.amountMicros,
        currency: input.currency,
        updatedBy: actor.id,
      });
    }
    const words = (micros: number | null | undefined) =>
      micros === null || micros === undefined ? null : formatMoney(micros, input.currency);
    await audit(tx, actor, {
      action: "ad_budget_changed",
      target: { type: "ad_budget", id: input.campaignId === null ? "account" : String(input.campaignId) },
      detail: {
        scope,
        month: input.month.slice(0, 7),
        before: words(before?.amountMicros),
        after: words(input.amountMicros),
      },
    });
    return { ok: true, changed: true } as const;
  });
}
