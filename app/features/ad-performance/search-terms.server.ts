import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { Period } from "~/lib/periods";
import type { TermRow, TermSort, SortDirection } from "./ads-types";

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

const ORDER: Record<TermSort, string> = {
  term: "search_term",
  campaign: "campaign",
  impressions: "impressions",
  clicks: "clicks",
  ctr: "clicks::float8 / nullif(impressions, 0)",
  cost: "cost",
  cpc: "cost::float8 / nullif(clicks, 0)",
  conversions: "conversions",
};

/**
 * The search terms of the imported periods that lie inside `period` (a
 * period only partly inside would bring days from outside it), one row per
 * term and campaign (its ad groups and match types added up), sorted and cut
 * into a screen in the database; with the totals and what was left out.
 */
export async function readSearchTerms(
  db: Db,
  period: Period,
  options: { campaign: number | null; sort: TermSort; dir: SortDirection; offset: number; limit: number },
): Promise<{
  rows: TermRow[];
  total: number;
  totals: { impressions: number; clicks: number; costMicros: number };
  covered: Period | null;
  leftOut: { periods: number; first: string; last: string } | null;
}> {
  const campaign = options.campaign === null ? sql`` : sql`and t.campaign_id = ${options.campaign}`;
  const inside = sql`t.period_start >= ${period.start}::date and t.period_end <= ${period.end}::date`;
  const direction = sql.raw(options.dir === "asc" ? "asc" : "desc");
  const [rows, [summary], [partial]] = await Promise.all([
    rowsOf(
      db,
      sql`with grouped as (
        select t.search_term, t.campaign_id, c.name as campaign,
          string_agg(distinct nullif(t.match_type, ''), ', ') as match_types,
          sum(t.impressions) as impressions, sum(t.clicks) as clicks, sum(t.cost_micros) as cost,
          sum(t.conversions_hundredths) as conversions
        from ad_search_terms t join ad_campaigns c on c.id = t.campaign_id
        where ${inside} ${campaign}
        group by t.search_term, t.campaign_id, c.name
      )
      select *, count(*) over () as total from grouped
      order by ${sql.raw(ORDER[options.sort])} ${direction} nulls last, search_term, campaign_id
      limit ${options.limit} offset ${options.offset}`,
    ),
    rowsOf(
      db,
      sql`select sum(t.impressions) as impressions, sum(t.clicks) as clicks, sum(t.cost_micros) as cost,
        to_char(min(t.period_start), 'YYYY-MM-DD') as first, to_char(max(t.period_end), 'YYYY-MM-DD') as last
      from ad_search_terms t where ${inside} ${campaign}`,
    ),
    rowsOf(
      db,
      sql`select count(distinct (t.period_start, t.period_end)) as periods,
        to_char(min(t.period_start), 'YYYY-MM-DD') as first, to_char(max(t.period_end), 'YYYY-MM-DD') as last
      from ad_search_terms t
      where t.period_start <= ${period.end}::date and t.period_end >= ${period.start}::date and not (${inside}) ${campaign}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      key: `${r.campaign_id}:${r.search_term}`,
      term: r.search_term as string,
      campaign: r.campaign as string,
      matchTypes: (r.match_types as string | null) ?? "",
      impressions: num(r.impressions),
      clicks: num(r.clicks),
      costMicros: num(r.cost),
      conversions: r.conversions === null ? null : num(r.conversions),
    })),
    total: num(rows[0]?.total),
    totals: { impressions: num(summary?.impressions), clicks: num(summary?.clicks), costMicros: num(summary?.cost) },
    covered: summary?.first ? { start: summary.first as string, end: summary.last as string } : null,
    leftOut:
      num(partial?.periods) > 0
        ? { periods: num(partial!.periods), first: partial!.first as string, last: partial!.last as string }
        : null,
  };
}
