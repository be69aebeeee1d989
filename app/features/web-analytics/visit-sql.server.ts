import { sql, type SQL } from "drizzle-orm";
import { isTimeZone } from "~/lib/time-zones";
import { GOAL_EVENT_TYPES, goalByKey, UNKNOWN_VALUE, type Dimension } from "./dimensions";
import type { Filters } from "./filters";
import { isCurrentRollup } from "./rollup-layout.server";
import { SLICE_DIMENSIONS } from "./slices";

/**
 * The SQL every analytics figure is made of, on the raw rows. Each builder
 * gives rows per clinic day; the daily rollups (rollup.server.ts) are these
 * very rows stored, so a day reads the same whether it was rolled up or not
 * (decision 0027). A visit belongs to the clinic day it started on, and its
 * page views and events count with it.
 */

/**
 * A time zone as an SQL literal: the same text in every statement, so that
 * equal expressions group together. Only a name from the list (time-zones.ts)
 * gets here; the setting is checked against it when saved and when read.
 */
export function zoneLiteral(zone: string): SQL {
  if (!isTimeZone(zone)) throw new Error(`not a time zone: ${JSON.stringify(zone)}`);
  return sql.raw(`'${zone}'`);
}

// A visit's page views and events are looked for up to a day after the window: a visit goes on while
// its visitor is active, so one begun at 23:50 may end after midnight (bounded so that the time
// indexes still narrow the search).
const TAIL = sql.raw(`interval '1 day'`);

/** Visits that started in [start, end), and how to narrow them. */
export interface VisitWindow {
  start: Date;
  end: Date;
  /** The time zone of the clinic days (the analytics setting). */
  zone: string;
  filters: Filters;
  /** Leave out visits of days the rollups hold (read from there instead). */
  skipRolled: boolean;
  /**
   * Give each row once per filter slice a visit belongs to (slices.ts), for
   * the rollups; otherwise every row is in slice "".
   */
  sliced?: boolean;
}

const iso = (d: Date) => d.toISOString();

/** A dimension's value on a visit row `v`; an unknown value is "" (as the rollups store it). */
export function dimensionValue(dimension: Exclude<Dimension, "page">): SQL {
  switch (dimension) {
    case "entry":
      return sql`v.entry_path`;
    case "exit":
      return sql`v.exit_path`;
    case "channel":
      return sql`v.channel`;
    case "source":
      return sql`coalesce(v.referrer_source, '')`;
    case "referrer":
      return sql`coalesce(v.referrer_host, '')`;
    case "utm_source":
      return sql`coalesce(v.utm_source, '')`;
    case "utm_medium":
      return sql`coalesce(v.utm_medium, '')`;
    case "utm_campaign":
      return sql`coalesce(v.utm_campaign, '')`;
    case "utm_term":
      return sql`coalesce(v.utm_term, '')`;
    case "utm_content":
      return sql`coalesce(v.utm_content, '')`;
    case "device":
      return sql`v.device_type`;
    case "browser":
      return sql`coalesce(v.browser, '')`;
    case "os":
      return sql`coalesce(v.os, '')`;
    case "country":
      return sql`coalesce(v.country, '')`;
    case "region":
      return sql`coalesce(v.region, '')`;
  }
}

/** The clinic day of an instant column, in a time zone. */
export const clinicDay = (column: SQL, zone: string) => sql`(${column} at time zone ${zoneLiteral(zone)})::date`;

/** An event or page view column within the window (and its tail: a visit's items may follow its start). */
export function eventWindow(window: VisitWindow, column: SQL): SQL {
  return sql`${column} >= ${iso(window.start)}::timestamptz and ${column} < ${iso(window.end)}::timestamptz + ${TAIL}`;
}

/** The filters as conditions on a visit row `v` (page and goal filters look in the window's page views and events). */
export function filterConditions(window: VisitWindow): SQL[] {
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(window.filters) as [keyof Filters, string][]) {
    if (key === "goal") {
      const goal = goalByKey(value);
      if (!goal) continue;
      conditions.push(sql`v.id in (select e.visit_id from analytics_events e
        where e.event_type = ${goal.eventType} ${goal.label ? sql`and e.event_label = ${goal.label}` : sql``}
        and ${eventWindow(window, sql`e.occurred_at`)})`);
    } else if (key === "page") {
      conditions.push(sql`v.id in (select p.visit_id from page_views p
        where p.path = ${value} and ${eventWindow(window, sql`p.occurred_at`)})`);
    } else {
      conditions.push(sql`${dimensionValue(key)} = ${value === UNKNOWN_VALUE ? "" : value}`);
    }
  }
  return conditions;
}

/**
 * A condition on a visit row `v`: its clinic day is not rolled up (in the
 * window's zone and the current layout). The rolled-up days from the
 * window's start are read once for the statement (an init plan).
 */
export function notRolledUp(window: VisitWindow): SQL {
  return sql`${clinicDay(sql`v.started_at`, window.zone)} <> all(array(select r.day from analytics_rollup_days r
    where ${isCurrentRollup(sql`r`, window.zone)} and r.day >= ${clinicDay(sql`${iso(window.start)}::timestamptz`, window.zone)}))`;
}

/**
 * One row per visit of the window with what every figure needs: its clinic
 * day, its duration in whole seconds, and how many requests it sent.
 */
export function visitFacts(window: VisitWindow): SQL {
  const conditions = [
    sql`v.started_at >= ${iso(window.start)}::timestamptz`,
    sql`v.started_at < ${iso(window.end)}::timestamptz`,
    ...filterConditions(window),
  ];
  if (window.skipRolled) conditions.push(notRolledUp(window));
  return sql`(
    select v.*, ${clinicDay(sql`v.started_at`, window.zone)} as day,
      greatest(0, floor(extract(epoch from (v.last_seen_at - v.started_at))))::int as secs,
      coalesce(l.n, 0)::int as leads
    from visits v
    left join (
      select e.visit_id, count(*) as n from analytics_events e
      where e.event_type = 'lead_submitted' and ${eventWindow(window, sql`e.occurred_at`)}
      group by e.visit_id
    ) l on l.visit_id = v.id
    where ${sql.join(conditions, sql` and `)}
  )`;
}

/**
 * The facts `f` of visitFacts with a `slice` column: "" only, or (sliced)
 * each visit once in "" and once per slice dimension, "<dimension>:<value>".
 */
function slicedFacts(window: VisitWindow, facts: SQL = visitFacts(window)): SQL {
  if (!window.sliced) return sql`(select f.*, '' as slice from ${facts} f)`;
  const slices = sql.join(
    SLICE_DIMENSIONS.map((dimension) => sql`(${dimension + ":"} || ${dimensionValue(dimension)})`),
    sql`, `,
  );
  return sql`(select v.*, s.slice from ${facts} v cross join lateral (values (''), ${slices}) s(slice))`;
}

/** Per day: visitors (distinct ids), visits, page views, bounces, seconds, visits with a request, requests. */
export function dayTotalsRows(window: VisitWindow): SQL {
  return sql`
    select f.slice, f.day, count(distinct f.visitor_id)::int as visitors, count(*)::int as visits,
      coalesce(sum(f.pageviews), 0)::int as pageviews, (count(*) filter (where f.is_bounce))::int as bounces,
      coalesce(sum(f.secs), 0)::bigint as duration_sum, (count(*) filter (where f.leads > 0))::int as lead_visits,
      coalesce(sum(f.leads), 0)::int as leads
    from ${slicedFacts(window)} f
    group by f.slice, f.day`;
}

/** Per day and whole second: how many visits lasted that long. */
export function durationRows(window: VisitWindow): SQL {
  return sql`
    select f.slice, f.day, f.secs as seconds, count(*)::int as visits
    from ${slicedFacts(window)} f
    group by f.slice, f.day, f.secs`;
}

/**
 * Per day, dimension and value: visitors, visits, page views, bounces,
 * seconds and visits with a request. For "page" the rows are page views
 * (visits and visitors that viewed the page); for the others, visits.
 */
export function breakdownRows(window: VisitWindow, dimensions: readonly Dimension[]): SQL {
  const parts = dimensions.map((dimension) => {
    if (dimension === "page") {
      return sql`
        select f.slice, f.day, 'page' as dimension, p.path as value, count(distinct f.visitor_id)::int as visitors,
          count(distinct f.id)::int as visits, count(*)::int as pageviews,
          count(distinct f.id) filter (where f.is_bounce)::int as bounces, 0::bigint as duration_sum,
          count(distinct f.id) filter (where f.leads > 0)::int as lead_visits
        from page_views p join facts f on f.id = p.visit_id
        where ${eventWindow(window, sql`p.occurred_at`)}
        group by f.slice, f.day, p.path`;
    }
    // dimensionValue reads `v.`: the facts carry every visit column under the alias v here.
    return sql`
      select v.slice, v.day, ${dimension} as dimension, ${dimensionValue(dimension)} as value,
        count(distinct v.visitor_id)::int as visitors, count(*)::int as visits,
        coalesce(sum(v.pageviews), 0)::int as pageviews, (count(*) filter (where v.is_bounce))::int as bounces,
        coalesce(sum(v.secs), 0)::bigint as duration_sum, (count(*) filter (where v.leads > 0))::int as lead_visits
      from facts v
      group by v.slice, v.day, 4`;
  });
  return sql`
    with facts as materialized ${slicedFacts(window)}
    ${sql.join(parts, sql` union all `)}`;
}

/**
 * Per day, goal (event type) and label: conversions, converting visits and
 * visitors. The label "*" holds the goal's own totals (a visit that sent two
 * kinds of request is one converting visit).
 */
export function goalRows(window: VisitWindow): SQL {
  return sql`
    select f.slice, f.day, e.event_type as goal,
      case when grouping(e.event_label) = 1 then '*' else coalesce(e.event_label, '') end as label,
      count(*)::int as conversions, count(distinct f.id)::int as visits, count(distinct f.visitor_id)::int as visitors
    from analytics_events e join ${slicedFacts(window)} f on f.id = e.visit_id
    where e.event_type in (${sql.join(
      GOAL_EVENT_TYPES.map((t) => sql`${t}`),
      sql`, `,
    )}) and ${eventWindow(window, sql`e.occurred_at`)}
    group by grouping sets ((f.slice, f.day, e.event_type, e.event_label), (f.slice, f.day, e.event_type))`;
}

/** The pages of the request funnel: services and conditions (from the content), and the request pages. */
export interface FunnelPaths {
  topics: string[];
  requests: string[];
}

/**
 * Per day and step, the visits that reached it, in order: 1 every visit;
 * 2 viewed a service or condition page; 3 then viewed a request page; 4 then
 * sent a request.
 */
export function funnelRows(window: VisitWindow, paths: FunnelPaths): SQL {
  const pageWindow = eventWindow(window, sql`p.occurred_at`);
  return sql`
    with facts as materialized ${visitFacts(window)},
    topic as (
      select p.visit_id, min(p.occurred_at) as at from page_views p join facts f on f.id = p.visit_id
      where p.path = any(${sql.param(paths.topics)}::text[]) and ${pageWindow}
      group by p.visit_id
    ),
    request as (
      select p.visit_id, min(p.occurred_at) as at from page_views p join topic t on t.visit_id = p.visit_id
      where p.path = any(${sql.param(paths.requests)}::text[]) and p.occurred_at >= t.at and ${pageWindow}
      group by p.visit_id
    ),
    sent as (
      select distinct e.visit_id from analytics_events e join request r on r.visit_id = e.visit_id
      where e.event_type = 'lead_submitted' and e.occurred_at >= r.at and ${eventWindow(window, sql`e.occurred_at`)}
    ),
    steps as (
      select f.slice, f.day, 1 + (t.visit_id is not null)::int + (r.visit_id is not null)::int + (s.visit_id is not null)::int as reached
      from ${slicedFacts(window, sql`facts`)} f
      left join topic t on t.visit_id = f.id
      left join request r on r.visit_id = f.id
      left join sent s on s.visit_id = f.id
    )
    select s.slice, s.day, n.step, (count(*) filter (where s.reached >= n.step))::int as visits
    from steps s cross join (values (1), (2), (3), (4)) as n(step)
    group by s.slice, s.day, n.step`;
}
