import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { adCampaigns } from "~/db/schema";
import type { AuditActor } from "~/features/auth/audit.server";
import { ADS_BUDGETS_PATH } from "~/lib/ads-paths";
import { clinicDayOf, dayKey, parseDayKey } from "~/lib/clinic-time";
import { spanWords } from "~/lib/date-range";
import { formAnswer } from "~/lib/form-answer";
import { readPostedForm } from "~/lib/form-values";
import { hrefWith, readParams } from "~/lib/url-filters";
import type { BudgetAnswer, BudgetField, BudgetRow, BudgetsView } from "./ads-types";
import { budgetsFor, monthSpend, setBudget } from "./budgets.server";
import { storedFacts } from "./imports.server";
import { formatMoney, MICROS, readTypedAmount } from "./money";
import { pace } from "./pacing";

const MONTH = /^(\d{4})-(\d{2})$/;
/** No budget is larger than this many whole units a month (a typo with three zeros too many is caught). */
const MAX_BUDGET_UNITS = 10_000_000;
const monthWordsFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const monthWords = (month: string) => monthWordsFormat.format(new Date(`${month}-01T00:00:00Z`));

function shiftMonth(month: string, by: number): string {
  const [year, mon] = month.split("-").map(Number);
  const index = year! * 12 + (mon! - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** A month as "YYYY-MM" between 2000 and a year from now, or null. */
function readMonth(text: string, now: Date): string | null {
  const match = MONTH.exec(text.trim());
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12 || Number(match[1]) < 2000) return null;
  const latest = shiftMonth(dayKey(clinicDayOf(now)).slice(0, 7), 12);
  return text.trim() <= latest ? text.trim() : null;
}

/** The budgets page for a month (this month unless the address says another). */
export async function budgetsPageData(db: Db, url: URL, now = new Date()): Promise<BudgetsView> {
  const thisMonth = dayKey(clinicDayOf(now)).slice(0, 7);
  const { values, ignored } = readParams(url.searchParams, { month: z.string().max(7) });
  const asked = values.month ? readMonth(values.month, now) : null;
  const month = asked ?? thisMonth;
  const { currency } = await storedFacts(db);
  const campaigns = await db.select().from(adCampaigns).orderBy(asc(adCampaigns.name), asc(adCampaigns.id));
  const first = `${month}-01`;
  const [budgets, spend] = await Promise.all([budgetsFor(db, first), monthSpend(db, first)]);
  const money = (micros: number) => formatMoney(micros, currency ?? "USD");
  const rowOf = (key: string, scope: string, value: string, campaignId: number | null, spent: number): BudgetRow => {
    const budget = budgets.find((b) => b.campaignId === campaignId && b.currency === currency);
    return {
      key,
      scope,
      value,
      budget: budget ? money(budget.amountMicros) : null,
      since:
        budget && budget.since !== first ? `from ${shortMonth.format(new Date(`${budget.since}T00:00:00Z`))}` : null,
      spent: money(spent),
      pacing: budget ? pace(first, budget.amountMicros, spent, spend.through) : null,
    };
  };
  const next = shiftMonth(month, 1);
  return {
    currency,
    month,
    monthWords: monthWords(month),
    through: spend.through ? spanWords(parseDayKey(spend.through)!, parseDayKey(spend.through)!) : null,
    rows: [
      rowOf("account", "The whole account", "account", null, spend.total),
      ...campaigns.map((c) => rowOf(String(c.id), c.name, String(c.id), c.id, spend.byCampaign.get(c.id) ?? 0)),
    ],
    scopes: [
      { value: "account", label: "The whole account" },
      ...campaigns.map((c) => ({ value: String(c.id), label: c.name })),
    ],
    monthLinks: {
      previous: hrefWith(ADS_BUDGETS_PATH, { month: shiftMonth(month, -1) }),
      next: next <= thisMonth ? hrefWith(ADS_BUDGETS_PATH, { month: next === thisMonth ? undefined : next }) : null,
    },
    ...(ignored.length > 0 || (values.month && !asked)
      ? { notice: "The month in the address was not understood, so this shows this month." }
      : {}),
  };
}

/**
 * The budget form (with or without JavaScript): the account or a campaign,
 * the month it starts in, the amount a month (empty ends the budget from
 * that month). 400 naming the field; 404 for a campaign that is gone.
 */
export async function runBudgetAction(
  db: Db,
  actor: AuditActor & { id: string },
  request: Request,
  now = new Date(),
): Promise<{ status: number; answer: BudgetAnswer }> {
  const posted = await readPostedForm(request);
  const text = (name: string) => posted?.text(name).slice(0, 200) ?? "";
  const intent = text("intent");
  const values = { scope: text("scope"), month: text("month"), amount: text("amount") };
  const answer = (
    status: number,
    init: { ok: boolean; message: string; fields?: Partial<Record<BudgetField, string>> },
  ) => ({
    status,
    answer: formAnswer<BudgetField, { intent: string }>({ intent, values, ...init }),
  });
  if (!posted || intent !== "set")
    return answer(400, { ok: false, message: "This form submission could not be understood." });
  const { currency } = await storedFacts(db);
  if (!currency) {
    return answer(400, {
      ok: false,
      message: "Import a campaign report first: a budget is in the account's currency, which the report says.",
    });
  }
  const fields: Partial<Record<BudgetField, string>> = {};
  let campaignId: number | null = null;
  if (values.scope !== "account") {
    campaignId = /^\d{1,9}$/.test(values.scope) ? Number(values.scope) : null;
    if (campaignId === null) fields.scope = "Choose the whole account or one of the campaigns.";
  }
  const month = readMonth(values.month, now);
  if (!month) fields.month = "Choose a month, such as 2026-11 (from 2000 to a year from now).";
  let amountMicros: number | null = null;
  if (values.amount.trim()) {
    amountMicros = readTypedAmount(values.amount, currency);
    if (amountMicros === null || amountMicros <= 0) {
      fields.amount = `Write the amount a month in ${currency}, such as 1500 or 1,500.00 (empty removes the budget).`;
    } else if (amountMicros > MAX_BUDGET_UNITS * MICROS) {
      fields.amount = `That is more than ${formatMoney(MAX_BUDGET_UNITS * MICROS, currency, { whole: true })} a month: check the zeros.`;
    }
  }
  if (Object.keys(fields).length > 0) {
    return answer(400, { ok: false, message: "Please correct the highlighted fields. Nothing was changed.", fields });
  }
  const result = await setBudget(db, actor, { campaignId, month: `${month}-01`, amountMicros, currency });
  if (!result.ok)
    return answer(result.status, { ok: false, message: result.message, fields: { scope: result.message } });
  const scope =
    campaignId === null
      ? "the whole account"
      : ((await db.select().from(adCampaigns)).find((c) => c.id === campaignId)?.name ?? "the campaign");
  const from = monthWords(month!);
  if (!result.changed) {
    return answer(200, { ok: true, message: `Nothing changed: that is already the budget for ${scope} in ${from}.` });
  }
  return answer(200, {
    ok: true,
    message:
      amountMicros === null
        ? `Removed the budget for ${scope} from ${from} on.`
        : `Saved: ${formatMoney(amountMicros, currency)} a month for ${scope}, from ${from} on.`,
  });
}
