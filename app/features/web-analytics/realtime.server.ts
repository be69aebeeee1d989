import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { DEFAULT_ANALYTICS_SETTINGS } from "~/features/analytics-upkeep/analytics-settings";
import { readAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { readFilterState } from "./analytics-view.server";
import type { Filters } from "./filters";
import {
  ACTIVE_MINUTES,
  CHART_MINUTES,
  TOP_PAGES,
  type Realtime,
  type RealtimePage,
  type RealtimeView,
} from "./realtime-types";
import { filterConditions, type VisitWindow } from "./visit-sql.server";

/**
 * /admin/analytics/realtime: who is on the site right now. Every query is
 * bounded on both sides in time, so the BRIN indexes on page_views and
 * analytics_events narrow it to the newest block ranges (a one-sided bound
 * would be estimated at a third of the table by a planner without statistics).
 */

// A filter on a page viewed or a goal completed looks this far back in the visit's page views and events
// (a visit on the site now began within it: it ends after 30 minutes without activity).
const FILTER_LOOKBACK_MS = 24 * 60 * 60_000;

/** Clock times in the dashboard's time zone (the analytics setting). */
const minuteLabel = (zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" });
const secondLabel = (zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit", second: "2-digit" });

type Row = { kind: "visitors" | "minute" | "page" | "pages"; key: string | null; n: number };

/** The figures of the moment `now`, for the visits the filters keep. */
export async function loadRealtime(
  db: Db,
  filters: Filters,
  now = new Date(),
  zone = DEFAULT_ANALYTICS_SETTINGS.timeZone,
): Promise<Realtime> {
  const firstMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - (CHART_MINUTES - 1) * 60_000);
  const activeSince = new Date(now.getTime() - ACTIVE_MINUTES * 60_000);
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${activeSince.toISOString()}::timestamptz`;
  const first = sql`${firstMinute.toISOString()}::timestamptz`;
  const window: VisitWindow = {
    start: new Date(now.getTime() - FILTER_LOOKBACK_MS),
    end: now,
    zone,
    filters,
    skipRolled: false,
  };
  const conditions = filterConditions(window);
  const kept = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = (await db.execute(sql`
    with views as materialized (
      select p.visit_id, p.occurred_at from page_views p
      where p.occurred_at >= ${first} and p.occurred_at <= ${at}
    ),
    active as materialized (
      select visit_id from views where occurred_at > ${since}
      union
      select e.visit_id from analytics_events e
      where e.occurred_at > ${since} and e.occurred_at <= ${at} and e.visit_id is not null
    ),
    kept as materialized (
      select v.id, v.visitor_id from visits v
      join (select visit_id from views union select visit_id from active) t on t.visit_id = v.id
      ${kept}
    ),
    here as materialized (
      select k.visitor_id, last.path from active a join kept k on k.id = a.visit_id
      cross join lateral (
        select p.path from page_views p where p.visit_id = a.visit_id and p.occurred_at <= ${at}
        order by p.occurred_at desc, p.id desc limit 1
      ) last
    ),
    pages as (
      select path, count(distinct visitor_id)::int as n from here group by path
    )
    select 'visitors' as kind, null as key, count(distinct visitor_id)::int as n from here
    union all
    select 'minute', floor(extract(epoch from (w.occurred_at - ${first})) / 60)::int::text, count(*)::int
      from views w join kept k on k.id = w.visit_id group by 2
    union all
    (select 'page', path, n from pages order by n desc, path limit ${TOP_PAGES})
    union all
    select 'pages', null, count(*)::int from pages`)) as unknown as { rows: Row[] };

  let visitors = 0;
  let pageCount = 0;
  const pages: RealtimePage[] = [];
  const perMinute = new Map<number, number>();
  for (const row of result.rows) {
    if (row.kind === "visitors") visitors = Number(row.n);
    else if (row.kind === "pages") pageCount = Number(row.n);
    else if (row.kind === "page") pages.push({ path: row.key!, visitors: Number(row.n) });
    else perMinute.set(Number(row.key), Number(row.n));
  }
  // The union's branches come back in no promised order.
  pages.sort((a, b) => b.visitors - a.visitors || a.path.localeCompare(b.path));
  const clock = minuteLabel(zone);
  const minutes = Array.from({ length: CHART_MINUTES }, (_, i) => {
    const start = new Date(firstMinute.getTime() + i * 60_000);
    return { start: start.toISOString(), label: clock.format(start), pageviews: perMinute.get(i) ?? 0 };
  });
  return {
    at: now.toISOString(),
    atWords: secondLabel(zone).format(now),
    visitors,
    pages,
    morePages: Math.max(0, pageCount - pages.length),
    minutes,
  };
}

/** /admin/analytics/realtime: the filters from the address, and the figures of now. */
export async function realtimeView(db: Db, params: URLSearchParams, now = new Date()): Promise<RealtimeView> {
  const { filters, keep, filterLabels, notice } = readFilterState(params);
  const { timeZone } = await readAnalyticsSettings(db);
  const realtime = await loadRealtime(db, filters, now, timeZone);
  return { realtime, filters, keep, filterLabels, ...(notice ? { notice } : {}) };
}
