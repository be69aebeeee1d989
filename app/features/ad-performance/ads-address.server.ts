import { asc, sql } from "drizzle-orm";
import { z } from "zod";
import type { ActiveFilter, FilterOption } from "~/components/staff/filter-form";
import type { RangeRefusal } from "~/components/staff/range-picker";
import type { Db } from "~/db/client.server";
import { adCampaigns } from "~/db/schema";
import { needsEarliest, readRangeChoice, resolveDateRange, type DateRange } from "~/lib/date-range";
import { hrefWith, readParams } from "~/lib/url-filters";
import type { StoredCampaign } from "./performance.server";

/**
 * What the report pages read from their address: the range (a preset, or
 * two days), one campaign or all. A campaign or parameter that cannot be
 * used is named in the notice and ignored; a range that cannot be shown is
 * refused with the picker's sentence.
 */
export interface AdsAddress {
  campaigns: StoredCampaign[];
  campaignOptions: FilterOption[];
  chosen: StoredCampaign | null;
  /** Null when the range was refused. */
  range: DateRange | null;
  refused?: RangeRefusal;
  notice?: string;
  /** The campaign, to carry through the range picker's links. */
  keep: Record<string, string>;
  /** The range and the campaign: every link of the page carries them. */
  query: Record<string, string>;
  filters: ActiveFilter[];
}

const campaignParam = { campaign: z.coerce.number().int().positive().max(2_147_483_647) };

async function firstAdDay(db: Db): Promise<Date | null> {
  const result = (await db.execute(
    sql`select to_char(min(day), 'YYYY-MM-DD') as day from ad_campaign_days`,
  )) as unknown as {
    rows: { day: string | null }[];
  };
  const day = result.rows[0]?.day;
  return day ? new Date(`${day}T12:00:00Z`) : null;
}

export async function readAdsAddress(
  db: Db,
  url: URL,
  path: string,
  ignoredOthers: readonly string[],
  now: Date,
): Promise<AdsAddress> {
  const { values, ignored } = readParams(url.searchParams, campaignParam);
  const campaigns: StoredCampaign[] = await db
    .select({ id: adCampaigns.id, googleId: adCampaigns.googleId, name: adCampaigns.name })
    .from(adCampaigns)
    .orderBy(asc(adCampaigns.name), asc(adCampaigns.id));
  const chosen = values.campaign !== undefined ? (campaigns.find((c) => c.id === values.campaign) ?? null) : null;
  const keep: Record<string, string> = chosen ? { campaign: String(chosen.id) } : {};
  const reading = readRangeChoice(url.searchParams, now);
  const notices = [
    reading.ok ? reading.notice : undefined,
    values.campaign !== undefined && !chosen
      ? "The campaign in the address is not stored here, so this shows every campaign."
      : undefined,
    [...ignored, ...ignoredOthers].length > 0
      ? `Some of the address could not be used (${[...ignored, ...ignoredOthers].join(", ")}).`
      : undefined,
  ].filter(Boolean);
  const common = {
    campaigns,
    campaignOptions: campaigns.map((c) => ({ value: String(c.id), label: c.name })),
    chosen,
    keep,
    ...(notices.length > 0 ? { notice: notices.join(" ") } : {}),
  };
  if (!reading.ok) {
    const { problem, field, typed } = reading;
    return {
      ...common,
      range: null,
      refused: { problem, field, typed },
      query: keep,
      filters: chosen ? [{ label: `Campaign: ${chosen.name}`, removeHref: path }] : [],
    };
  }
  const earliest = needsEarliest(reading.choice) ? await firstAdDay(db) : null;
  const range = resolveDateRange(reading.choice, { now, earliest });
  return {
    ...common,
    range,
    query: { ...(range.query as Record<string, string>), ...keep },
    filters: chosen ? [{ label: `Campaign: ${chosen.name}`, removeHref: hrefWith(path, range.query) }] : [],
  };
}
