import { z } from "zod";
import type { Db } from "~/db/client.server";
import { readAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { ADS_PATH } from "~/lib/ads-paths";
import { CLINIC_TIME_ZONE, clinicDayOf, dayKey, parseDayKey } from "~/lib/clinic-time";
import { spanWords } from "~/lib/date-range";
import { hrefWith, readParams } from "~/lib/url-filters";
import { zoneWords } from "~/lib/time-zones";
import {
  CAMPAIGN_SORTS,
  type AdFigures,
  type CampaignRow,
  type CampaignSort,
  type PacingView,
  type PerformanceView,
  type SortDirection,
} from "./ads-types";
import { readAdsAddress } from "./ads-address.server";
import { budgetsFor, monthSpend } from "./budgets.server";
import { ratio } from "./figures";
import { pace } from "./pacing";
import { addFigures, bucketTitles, NO_FIGURES, readPerformance, type StoredCampaign } from "./performance.server";

const params = {
  sort: z.enum(CAMPAIGN_SORTS),
  dir: z.enum(["asc", "desc"]),
};

/** Each sortable figure of a row; null sorts last whichever way. */
const sortValue: Record<CampaignSort, (f: AdFigures, name: string) => number | string | null> = {
  campaign: (_, name) => name.toLowerCase(),
  impressions: (f) => f.impressions,
  clicks: (f) => f.clicks,
  ctr: (f) => ratio(f.clicks, f.impressions),
  cpc: (f) => ratio(f.costMicros, f.clicks),
  cost: (f) => f.costMicros,
  visits: (f) => f.visits,
  leads: (f) => f.leads,
  scheduled: (f) => f.scheduled,
  patients: (f) => f.patients,
  costPerLead: (f) => ratio(f.costMicros, f.leads),
  costPerScheduled: (f) => ratio(f.costMicros, f.scheduled),
  costPerPatient: (f) => ratio(f.costMicros, f.patients),
  leadRate: (f) => ratio(f.leads, f.clicks),
};
/** The first direction of a column: names A to Z, costs per result cheapest first, the rest most first. */
const firstDirection = (sort: CampaignSort): SortDirection =>
  sort === "campaign" || sort.startsWith("costPer") || sort === "cpc" ? "asc" : "desc";

const monthWords = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const dayWords = (key: string) => spanWords(parseDayKey(key)!, parseDayKey(key)!, false);

/**
 * The performance page for an address: the range (and the period before),
 * one campaign or all, the table's sort; every figure from readPerformance.
 * A range that cannot be shown is a 400 with the picker saying why.
 */
export async function performancePageData(
  db: Db,
  url: URL,
  now = new Date(),
): Promise<{ status: 200 | 400; view: PerformanceView }> {
  const { values, ignored } = readParams(url.searchParams, params);
  const address = await readAdsAddress(db, url, ADS_PATH, ignored, now);
  const { chosen, range, keep, query } = address;
  const sort = values.sort ?? "cost";
  const dir = values.dir ?? firstDirection(sort);
  const base: PerformanceView = {
    range,
    keep,
    currency: null,
    nothingImported: address.campaigns.length === 0,
    campaignOptions: address.campaignOptions,
    campaign: chosen ? { id: chosen.id, name: chosen.name } : null,
    filters: address.filters,
    current: NO_FIGURES,
    previous: null,
    series: [],
    rows: [],
    sort,
    dir,
    sortHrefs: {} as Record<CampaignSort, string>,
    coverage: null,
    missingDays: null,
    pacing: null,
    zoneNote: null,
    ...(address.notice ? { notice: address.notice } : {}),
  };
  if (!range) return { status: 400, view: { ...base, refused: address.refused } };
  const { timeZone: zone } = await readAnalyticsSettings(db);
  const figures = await readPerformance(db, range, address.campaigns, { only: chosen?.id ?? null, zone });

  const sumOf = (period: "current" | "previous") =>
    [...figures.campaigns.map((c) => c[period]), figures.untied[period]].reduce(addFigures, NO_FIGURES);

  const rows: CampaignRow[] = figures.campaigns
    .filter((c) => hasAny(c.current))
    .map((c) => ({
      key: String(c.campaign.id),
      name: c.campaign.name,
      href: hrefWith(ADS_PATH, { ...range.query, campaign: c.campaign.id }),
      figures: c.current,
      previousCostMicros: range.previous ? c.previous.costMicros : null,
    }));
  const pick = sortValue[sort];
  rows.sort((a, b) => {
    const x = pick(a.figures, a.name);
    const y = pick(b.figures, b.name);
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return (dir === "asc" ? order : -order) || a.name.localeCompare(b.name);
  });
  if (!chosen && hasAny(figures.untied.current)) {
    rows.push({
      key: "untied",
      name: "Not tied to a campaign",
      href: null,
      figures: figures.untied.current,
      previousCostMicros: null,
    });
  }
  const sortHrefs = Object.fromEntries(
    CAMPAIGN_SORTS.map((column) => [
      column,
      hrefWith(ADS_PATH, {
        ...query,
        sort: column,
        dir: column === sort ? (dir === "asc" ? "desc" : "asc") : firstDirection(column),
      }),
    ]),
  ) as Record<CampaignSort, string>;

  const titles = bucketTitles(range);
  const today = dayKey(clinicDayOf(now));
  const coverage = figures.coverage;
  const missing = coverage && coverage.last < range.current.to ? nextDay(coverage.last) : null;
  return {
    status: 200,
    view: {
      ...base,
      range,
      currency: figures.currency,
      current: sumOf("current"),
      previous: range.previous ? sumOf("previous") : null,
      series: titles.map((t, i) => ({
        ...t,
        current: figures.buckets[i]!,
        previous: range.previous ? (figures.previousBuckets[i] ?? NO_FIGURES) : null,
      })),
      rows,
      sortHrefs,
      coverage: coverage ? spanWords(parseDayKey(coverage.first)!, parseDayKey(coverage.last)!) : null,
      missingDays: missing
        ? missing === range.current.to
          ? dayWords(missing)
          : spanWords(parseDayKey(missing)!, parseDayKey(range.current.to)!)
        : null,
      pacing: await pacingOf(db, today, chosen, figures.currency),
      zoneNote:
        zone === CLINIC_TIME_ZONE
          ? null
          : `Visits are counted by the analytics' days (${zoneWords(zone)}); Google Ads and leads by the clinic's (${zoneWords(CLINIC_TIME_ZONE)}).`,
    },
  };
}

function hasAny(f: AdFigures): boolean {
  return f.impressions + f.clicks + f.costMicros + f.visits + f.leads > 0;
}

function nextDay(key: string): string {
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** This month's budget pacing for the account (or the chosen campaign), when a budget is in force. */
async function pacingOf(
  db: Db,
  today: string,
  chosen: StoredCampaign | null,
  currency: string | null,
): Promise<PacingView | null> {
  if (!currency) return null;
  const month = `${today.slice(0, 7)}-01`;
  const budget = (await budgetsFor(db, month)).find((b) => b.campaignId === (chosen?.id ?? null));
  if (!budget || budget.currency !== currency) return null;
  const spend = await monthSpend(db, month);
  const spent = chosen ? (spend.byCampaign.get(chosen.id) ?? 0) : spend.total;
  return {
    scope: chosen ? chosen.name : "the whole account",
    month: monthWords.format(new Date(`${month}T00:00:00Z`)),
    since: budget.since === month ? null : `from ${shortMonth.format(new Date(`${budget.since}T00:00:00Z`))}`,
    pacing: pace(month, budget.amountMicros, spent, spend.through),
    through: spend.through ? dayWords(spend.through) : null,
  };
}
