import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { breakdownDays } from "~/features/web-analytics/figures.server";
import { clinicDayOf, dayKey } from "~/lib/clinic-time";
import { bucketEdges, bucketIndexOf, type DateRange, type RangeBucket } from "~/lib/date-range";
import type { AdFigures } from "./ads-types";

/**
 * The Google Ads report's figures for a range and the period before it:
 * Google's (impressions, clicks, cost, its conversions) from the imported
 * campaign days, and ours beside them: visits from the analytics (Paid
 * Search visits whose utm_campaign names the campaign), leads and what
 * became of them (leads whose campaign names it). Aggregates only: no lead
 * row, and so no name or contact, ever reaches this process.
 */

export const NO_FIGURES: AdFigures = {
  impressions: 0,
  clicks: 0,
  costMicros: 0,
  conversions: null,
  visits: 0,
  leads: 0,
  scheduled: 0,
  patients: 0,
};

export function addFigures(a: AdFigures, b: Partial<AdFigures>): AdFigures {
  const conversions =
    a.conversions === null && (b.conversions ?? null) === null ? null : (a.conversions ?? 0) + (b.conversions ?? 0);
  return {
    impressions: a.impressions + (b.impressions ?? 0),
    clicks: a.clicks + (b.clicks ?? 0),
    costMicros: a.costMicros + (b.costMicros ?? 0),
    conversions,
    visits: a.visits + (b.visits ?? 0),
    leads: a.leads + (b.leads ?? 0),
    scheduled: a.scheduled + (b.scheduled ?? 0),
    patients: a.patients + (b.patients ?? 0),
  };
}

export interface StoredCampaign {
  id: number;
  googleId: string | null;
  name: string;
}

/** A campaign's figures in the range, by bucket, and over the range and the period before. */
export interface CampaignFigures {
  campaign: StoredCampaign;
  current: AdFigures;
  previous: AdFigures;
}

export interface PerformanceFigures {
  /** Per campaign that has figures or ties in either period. */
  campaigns: CampaignFigures[];
  /** Google Ads visits and leads no imported campaign is named by (the account's only; none with a campaign chosen). */
  untied: { current: AdFigures; previous: AdFigures };
  /** Per bucket of the range (by position), and of the period before. */
  buckets: AdFigures[];
  previousBuckets: AdFigures[];
  /** The first and last day with imported figures inside the range; null when there are none. */
  coverage: { first: string; last: string } | null;
  currency: string | null;
}

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

/**
 * How a campaign is named in our own data: its utm_campaign (and a lead's
 * campaign) may be the campaign's name or its ID (Google's {campaignid} in
 * the final URL suffix), in any case. A key two campaigns share names
 * neither.
 */
export function campaignKeys(campaigns: readonly StoredCampaign[]): Map<string, number> {
  const keys = new Map<string, number | null>();
  const add = (key: string, id: number) => {
    const known = keys.get(key);
    keys.set(key, known === undefined || known === id ? id : null);
  };
  for (const campaign of campaigns) {
    add(campaign.name.trim().toLowerCase(), campaign.id);
    if (campaign.googleId) add(campaign.googleId, campaign.id);
  }
  return new Map([...keys].filter((entry): entry is [string, number] => entry[1] !== null));
}

/** Where a day falls: a bucket of the range, or of the period before, or neither. */
function slotOf(range: DateRange, day: string): { previous: boolean; index: number } | null {
  const current = bucketIndexOf(range.buckets, day);
  if (current >= 0) return { previous: false, index: current };
  const previous = bucketIndexOf(range.previousBuckets, day);
  return previous >= 0 ? { previous: true, index: previous } : null;
}

/**
 * Every figure of the report in four statements side by side: Google's per
 * campaign and bucket; leads per named campaign and bucket; visits per
 * utm_campaign and day, and Google's Paid Search visits per day (the
 * analytics' rollups). `only`: one campaign's figures alone.
 */
export async function readPerformance(
  db: Db,
  range: DateRange,
  campaigns: readonly StoredCampaign[],
  { only = null, zone }: { only?: number | null; zone: string },
): Promise<PerformanceFigures> {
  const from = range.previous?.from ?? range.current.from;
  const to = range.current.to;
  const { edges, slots } = bucketEdges(range);
  const dayEdges = edges.map((edge) => dayKey(clinicDayOf(new Date(edge))));
  const onlyAds = only === null ? sql`` : sql`and campaign_id = ${only}`;
  const keys = campaignKeys(campaigns);
  const wanted = only === null ? null : new Set([...keys].filter(([, id]) => id === only).map(([key]) => key));

  const [adRows, leadRows, visitRows, currencyRows] = await Promise.all([
    rowsOf(
      db,
      sql`select campaign_id, width_bucket(day, ${sql.param(dayEdges)}::date[]) as bucket,
        sum(impressions) as impressions, sum(clicks) as clicks, sum(cost_micros) as cost,
        sum(conversions_hundredths) as conversions, count(conversions_hundredths) as with_conversions,
        to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
      from ad_campaign_days
      where day between ${from}::date and ${to}::date ${onlyAds}
      group by 1, 2`,
    ),
    // Leads whose campaign names one of ours, or that came from a Google click; spam and duplicates left out.
    rowsOf(
      db,
      sql`select lower(btrim(campaign)) as campaign,
        (attribution ?| array['gclid', 'gbraid', 'wbraid']) as google,
        width_bucket(created_at, ${sql.param(edges)}::timestamptz[]) as bucket,
        count(*) as leads, count(scheduled_at) as scheduled, count(became_patient_at) as patients
      from leads
      where created_at >= ${range.previous?.start ?? range.current.start}::timestamptz
        and created_at < ${range.current.end}::timestamptz
        and status not in ('spam', 'duplicate')
        and (campaign is not null or attribution ?| array['gclid', 'gbraid', 'wbraid'])
      group by 1, 2, 3`,
    ),
    breakdownDays(db, { from, to, filters: { channel: "Paid Search" }, rollups: true, zone }, [
      "source",
      "utm_campaign",
    ]),
    rowsOf<{ currency: string }>(db, sql`select currency from ad_campaign_days limit 1`),
  ]);

  const byCampaign = new Map<number, { current: AdFigures; previous: AdFigures }>();
  const figuresOf = (id: number) => {
    let entry = byCampaign.get(id);
    if (!entry) byCampaign.set(id, (entry = { current: NO_FIGURES, previous: NO_FIGURES }));
    return entry;
  };
  const buckets = range.buckets.map(() => NO_FIGURES);
  const previousBuckets = range.previousBuckets.map(() => NO_FIGURES);
  const untied = { current: NO_FIGURES, previous: NO_FIGURES };
  /** Adds figures to a campaign (or the untied) in its period, and to that period's bucket. */
  const add = (id: number | null, slot: { previous: boolean; index: number }, figures: Partial<AdFigures>) => {
    const period = slot.previous ? "previous" : "current";
    if (id === null) untied[period] = addFigures(untied[period], figures);
    else {
      const entry = figuresOf(id);
      entry[period] = addFigures(entry[period], figures);
    }
    const list = slot.previous ? previousBuckets : buckets;
    list[slot.index] = addFigures(list[slot.index]!, figures);
  };
  const slotOfBucket = (bucket: unknown) => {
    const slot = slots[num(bucket)];
    return slot ? { previous: slot.period === "previous", index: slot.index } : null;
  };

  let first: string | null = null;
  let last: string | null = null;
  for (const row of adRows) {
    const slot = slotOfBucket(row.bucket);
    if (!slot) continue;
    if (!slot.previous) {
      if (first === null || (row.first as string) < first) first = row.first as string;
      if (last === null || (row.last as string) > last) last = row.last as string;
    }
    add(num(row.campaign_id), slot, {
      impressions: num(row.impressions),
      clicks: num(row.clicks),
      costMicros: num(row.cost),
      conversions: num(row.with_conversions) > 0 ? num(row.conversions) : null,
    });
  }
  for (const row of leadRows) {
    const slot = slotOfBucket(row.bucket);
    if (!slot) continue;
    const key = row.campaign as string | null;
    const id = key === null ? null : (keys.get(key) ?? null);
    if (only !== null && (key === null || !wanted!.has(key))) continue;
    // A lead naming no campaign of ours counts for the account only when it came from a Google click.
    if (id === null && !row.google) continue;
    add(id, slot, { leads: num(row.leads), scheduled: num(row.scheduled), patients: num(row.patients) });
  }
  // Google's Paid Search visits in all (the account), and those naming a campaign: the rest are untied.
  const googleVisits = new Map<string, number>();
  const tiedVisits = new Map<string, number>();
  for (const row of visitRows) {
    if (row.dimension === "source") {
      if (row.value === "Google") googleVisits.set(row.day, (googleVisits.get(row.day) ?? 0) + row.visits);
      continue;
    }
    const key = row.value.trim().toLowerCase();
    const id = keys.get(key);
    if (id === undefined || (only !== null && id !== only)) continue;
    const slot = slotOf(range, row.day);
    if (!slot) continue;
    add(id, slot, { visits: row.visits });
    tiedVisits.set(row.day, (tiedVisits.get(row.day) ?? 0) + row.visits);
  }
  if (only === null) {
    for (const [day, visits] of googleVisits) {
      const slot = slotOf(range, day);
      const untiedVisits = visits - (tiedVisits.get(day) ?? 0);
      if (slot && untiedVisits > 0) add(null, slot, { visits: untiedVisits });
    }
  }

  const stored = new Map(campaigns.map((c) => [c.id, c]));
  return {
    campaigns: [...byCampaign].flatMap(([id, figures]) => {
      const campaign = stored.get(id);
      return campaign ? [{ campaign, ...figures }] : [];
    }),
    untied,
    buckets,
    previousBuckets,
    coverage: first && last ? { first, last } : null,
    currency: currencyRows[0]?.currency ?? null,
  };
}

/** Buckets' words for charts and tables, by position: the range's and the period before's. */
export function bucketTitles(range: DateRange): { label: string; title: string; previousTitle: string | null }[] {
  return range.buckets.map((bucket: RangeBucket, i) => ({
    label: bucket.label,
    title: bucket.title,
    previousTitle: range.previousBuckets[i]?.title ?? null,
  }));
}
