import type { AdReportKind } from "~/db/schema";
import { periodText, type Period } from "~/lib/periods";
import type { UploadProblem } from "~/lib/upload-problems";
import { formatMoney } from "./money";
import type { AdsReport, CampaignRef } from "./read-report.server";
import { reportWords } from "./report-format";

/** What staff may tell about a file, used only where it does not say: its currency. */
export interface ImportChoices {
  currency: string;
}
export type ImportField = keyof ImportChoices | "file";

/**
 * A row as held for saving: [campaign (index into the plan's campaigns),
 * day (null: the plan's period), impressions, clicks, cost micros,
 * conversions in hundredths (null: none in the file), ad group, search
 * term, match type]. Tuples keep a 55,000-row preview's JSON small.
 */
export type PlanRow = [
  campaign: number,
  day: string | null,
  impressions: number,
  clicks: number,
  costMicros: number,
  conversions: number | null,
  adGroup: string,
  searchTerm: string,
  matchType: string,
];

/** What saving a read report would store, held until staff save it. */
export interface ImportPlan {
  kind: AdReportKind;
  file: string;
  format: string;
  title: string | null;
  period: Period;
  /** Where the period came from, in words. */
  periodSource: string;
  currency: string;
  currencySource: string;
  byDay: boolean;
  campaigns: CampaignRef[];
  rows: PlanRow[];
  hasConversions: boolean;
  totals: { impressions: number; clicks: number; costMicros: number; conversions: number | null };
  /** What the file's totals rows said and what was left out, in plain words. */
  notes: string[];
}

/** What is stored already that the plan must agree with. */
export interface StoredFacts {
  /** The currency of the figures stored so far (one account, one currency); null before any. */
  currency: string | null;
  /** Campaigns stored, to tell a name that names several of them (only a Campaign ID tells those apart). */
  campaigns: readonly { googleId: string | null; name: string }[];
}

export type PlanResult =
  | { ok: true; plan: ImportPlan }
  | { ok: false; problems: UploadProblem[]; fields: Partial<Record<ImportField, string>> };

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Turns a read report into what saving it would store: the days it covers
 * (its dates line, else its rows' first and last day), its currency (its
 * Currency code column, else what staff chose, else the stored figures'),
 * its campaigns, and notes on its totals. A currency other than the stored
 * figures', or a name that several stored campaigns share, is refused: the
 * figures could not be added up or put in the right place.
 */
export function planImport(report: AdsReport, choices: ImportChoices, stored: StoredFacts): PlanResult {
  const file = report.file;
  const chosen = choices.currency.trim().toUpperCase();
  const fields: Partial<Record<ImportField, string>> = {};
  if (chosen && (!/^[A-Z]{3}$/.test(chosen) || !KNOWN_CURRENCIES.has(chosen))) {
    fields.currency = `"${choices.currency.slice(0, 20)}" is not a currency code we know: use three letters, such as USD.`;
  } else if (chosen && report.currency && chosen !== report.currency) {
    fields.currency = `The file says its figures are in ${report.currency}: leave this empty.`;
  }
  let currency = report.currency;
  let currencySource = "from the file's Currency code column";
  if (!currency && chosen && !fields.currency) {
    currency = chosen;
    currencySource = "as you chose";
  } else if (!currency && stored.currency) {
    currency = stored.currency;
    currencySource = "the currency of the figures stored so far (the file has no Currency code column)";
  }
  if (!currency && !fields.currency) {
    fields.currency =
      "The file has no Currency code column: choose the account's currency (Google Ads shows it under Admin, then Account settings).";
  }
  if (Object.keys(fields).length > 0) return { ok: false, problems: [], fields };
  if (stored.currency && currency !== stored.currency) {
    return {
      ok: false,
      fields: {},
      problems: [
        {
          file,
          message: `its figures are in ${currency}, but the figures stored so far are in ${stored.currency}. One account's reports only, please: an account keeps one currency.`,
        },
      ],
    };
  }

  const days = report.rows.map((row) => row.day).filter((day): day is string => day !== null);
  let period: Period | null = report.dateLine?.period ?? null;
  let periodSource = `from the file's dates line ("${report.dateLine?.text}")`;
  if (!period && days.length > 0) {
    const sorted = [...days].sort();
    period = { start: sorted[0]!, end: sorted.at(-1)! };
    periodSource = "the first and last day of its rows";
  }
  if (!period) {
    return {
      ok: false,
      fields: {},
      problems: [
        {
          file,
          ...(report.dateLine ? { line: report.dateLine.line } : {}),
          message: `the file does not say which days its search terms cover${report.dateLine ? ` (it says "${report.dateLine.text}")` : ""}. In Google Ads choose a date range (or add the Day segment) and download it again.`,
        },
      ],
    };
  }

  // A name several stored campaigns share can only be placed by a Campaign ID.
  const storedByName = new Map<string, number>();
  for (const campaign of stored.campaigns) storedByName.set(campaign.name, (storedByName.get(campaign.name) ?? 0) + 1);
  const campaigns: CampaignRef[] = [];
  const indexOf = new Map<string, number>();
  const problems: UploadProblem[] = [];
  const rows: PlanRow[] = [];
  const totals = { impressions: 0, clicks: 0, costMicros: 0, conversions: report.hasConversions ? 0 : null };
  for (const row of report.rows) {
    const key = row.campaign.googleId ?? `name:${row.campaign.name}`;
    let index = indexOf.get(key);
    if (index === undefined) {
      if (!row.campaign.googleId && (storedByName.get(row.campaign.name) ?? 0) > 1 && problems.length < 20) {
        problems.push({
          file,
          line: row.line,
          column: "Campaign",
          message: `several campaigns stored here are named "${row.campaign.name.slice(0, 80)}": add the Campaign ID column in Google Ads so this row goes to the right one.`,
        });
      }
      index = campaigns.length;
      campaigns.push(row.campaign);
      indexOf.set(key, index);
    }
    rows.push([
      index,
      row.day,
      row.impressions,
      row.clicks,
      row.costMicros,
      row.conversions,
      row.adGroup,
      row.searchTerm,
      row.matchType,
    ]);
    totals.impressions += row.impressions;
    totals.clicks += row.clicks;
    totals.costMicros += row.costMicros;
    if (totals.conversions !== null) totals.conversions += row.conversions ?? 0;
  }
  if (problems.length > 0) return { ok: false, problems, fields: {} };

  return {
    ok: true,
    plan: {
      kind: report.kind,
      file,
      format: report.format,
      title: report.title,
      period,
      periodSource,
      currency: currency!,
      currencySource,
      byDay: report.byDay,
      campaigns,
      rows,
      hasConversions: report.hasConversions,
      totals,
      notes: notesOf(report, totals, currency!),
    },
  };
}

/** What the preview says besides the figures: the file's totals against its rows, what Google left out. */
function notesOf(report: AdsReport, totals: ImportPlan["totals"], currency: string): string[] {
  const notes: string[] = [];
  const money = (micros: number) => formatMoney(micros, currency);
  const own = report.totals.find(
    (t) => t.label.toLowerCase() === (report.kind === "campaigns" ? "campaigns" : "search terms"),
  );
  if (own) {
    notes.push(
      `The file's own total (Total: ${own.label}, line ${own.line}) agrees with its rows to the cent: ${money(totals.costMicros)}, ${count(totals.clicks, "click", "clicks")}, ${count(totals.impressions, "impression", "impressions")}.`,
    );
  } else {
    notes.push(
      `The file has no "Total: ${report.kind === "campaigns" ? "Campaigns" : "Search terms"}" row to check its rows against.`,
    );
  }
  const account = report.totals.find((t) => t.label.toLowerCase() === "account");
  if (account?.costMicros != null && account.costMicros > totals.costMicros) {
    notes.push(
      report.kind === "campaigns"
        ? `Google's account total (line ${account.line}) is ${money(account.costMicros - totals.costMicros)} more than the campaigns in the file: campaigns hidden by a filter in Google Ads are not in it.`
        : `Google's account total (line ${account.line}) is ${money(account.costMicros - totals.costMicros)} more than the search terms listed: searches Google does not name, and campaigns that show no search terms (Performance Max, Display), are not listed.`,
    );
  }
  const other = report.totals.find((t) => t.label.toLowerCase() === "other search terms");
  if (other?.costMicros != null) {
    notes.push(
      `Google does not name the searches too few people made: together they cost ${money(other.costMicros)} (line ${other.line}). They are counted in the campaign report, not listed here.`,
    );
  }
  if (!report.hasConversions)
    notes.push("The file has no Conversions column: Google's own conversion counts are not shown for these days.");
  notes.push(`Read as ${report.format}${report.title ? `, "${report.title}"` : ""}.`);
  return notes;
}

/** "21 campaign days of 3 campaigns, Mar 1 – 7, 2026". */
export function planSummary(plan: Pick<ImportPlan, "kind" | "rows" | "campaigns" | "period">): string {
  const words = reportWords[plan.kind];
  return `${count(plan.rows.length, words.one, words.rows)} of ${count(plan.campaigns.length, "campaign", "campaigns")}, ${periodText(plan.period)}`;
}
