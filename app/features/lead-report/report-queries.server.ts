import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { CLINIC_TIME_ZONE } from "~/lib/clinic-time";
import type { HeatFacts, OutcomeFacts, SpeedFacts } from "./report-figures";

/**
 * The report's statements. Each reads one stretch of `leads_created_idx`
 * (created_at) and aggregates in the database: no lead row, and so no name
 * or contact, ever reaches this process. Counts are cast to int and times
 * to float8 so both drivers answer plain numbers. Measured on 100,000 leads
 * over three years (bench/lead-data.js), these are what keep the report for
 * twelve months fast on PGlite, where every row costs: see the comments on
 * each for the choices.
 */

/** The instants of the range and of the period before it, [start, end) each. */
export interface ReportWindows {
  start: Date;
  end: Date;
  /** Null when the range has no comparison period (all time). */
  previous: { start: Date; end: Date } | null;
}

// A fixed constant, not input: written into the SQL so every expression that uses it is the same.
const ZONE = sql.raw(`'${CLINIC_TIME_ZONE}'`);
const at = (instant: Date | string) =>
  sql`${typeof instant === "string" ? instant : instant.toISOString()}::timestamptz`;
const within = (from: Date, to: Date) => sql`created_at >= ${at(from)} and created_at < ${at(to)}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The range and the period before it (which may end before the range starts: this month against last month's days). */
function bothPeriods(w: ReportWindows): SQL {
  return w.previous
    ? sql`(${within(w.start, w.end)} or ${within(w.previous.start, w.previous.end)})`
    : within(w.start, w.end);
}

export type Grouping = "total" | "bucket" | "form" | "channel" | "campaign" | "landing" | "service";

export interface OutcomeRow extends OutcomeFacts {
  grouping: Grouping;
}

/**
 * Counts and outcomes by period: the totals, each chart bucket and each
 * breakdown, in one statement (GROUPING SETS: one scan, seven groupings).
 * The bucket is `width_bucket` over the buckets' edges (date-range.ts
 * bucketEdges): a binary search on instants per row, no time-zone
 * arithmetic. The period is a boolean, which the planner knows has two
 * values; and OFFSET 0 keeps the inner query a subquery, so the planner
 * takes the buckets for a few values rather than one per instant. With both,
 * every grouping is aggregated in one pass of hash tables instead of
 * sorting the rows once per grouping (a third of the time on PGlite).
 */
export async function readOutcomes(db: Db, w: ReportWindows, edges: readonly string[]): Promise<OutcomeRow[]> {
  const edgeList = `{${edges.join(",")}}`;
  const result = await db.execute(sql`
    select current,
      case
        when grouping(bucket) = 0 then 'bucket'
        when grouping(form_type) = 0 then 'form'
        when grouping(channel) = 0 then 'channel'
        when grouping(campaign) = 0 then 'campaign'
        when grouping(landing_page) = 0 then 'landing'
        when grouping(service) = 0 then 'service'
        else 'total'
      end as grouping,
      coalesce(bucket::text, form_type, channel, campaign, landing_page, service) as value,
      (count(*) filter (where request))::int as requests,
      (count(*) filter (where not request))::int as calls,
      (count(*) filter (where request and first_contacted_at is not null))::int as contacted,
      (count(*) filter (where request and scheduled_at is not null))::int as scheduled,
      (count(*) filter (where request and became_patient_at is not null))::int as patients
    from (
      select created_at >= ${at(w.start)} as current,
        width_bucket(created_at, ${edgeList}::timestamptz[]) as bucket,
        form_type, channel, campaign, landing_page, service,
        form_type <> 'phone_click' as request, first_contacted_at, scheduled_at, became_patient_at
      from ${leads}
      where ${bothPeriods(w)}
      offset 0
    ) scoped
    group by grouping sets ((current), (current, bucket), (current, form_type), (current, channel),
      (current, campaign), (current, landing_page), (current, service))`);
  return rowsOf<OutcomeRow>(result);
}

// Speed to lead counts form requests only (a tapped call is no one to call back), leaving out
// spam and duplicates (no one to answer, or answered through the other request).
const SPEED_LEADS = sql`form_type <> 'phone_click' and status not in ('spam', 'duplicate')`;
/** Seconds from arrival to the first contact; null when never contacted (greatest() would skip the null). */
const contactedSeconds = sql`case when first_contacted_at is not null
  then greatest(0, date_part('epoch', first_contacted_at - created_at)) end`;

export interface SpeedRow extends SpeedFacts {
  current: boolean;
}

/**
 * Speed to lead for the range and for the period before it: a plain
 * aggregate over each period's own stretch (no grouping, so no sort but the
 * one the percentiles need; both percentiles from one sort). A request that
 * is not contacted yet counts towards "within an hour" only once it is an
 * hour old: until then nobody is late.
 */
export async function readSpeed(db: Db, w: ReportWindows, promiseHours: number, now: Date): Promise<SpeedRow[]> {
  const promiseSeconds = promiseHours * 3600;
  const period = (current: boolean, from: Date, to: Date) => sql`
    select ${sql.raw(String(current))} as current,
      count(*)::int as requests,
      count(contacted_s)::int as contacted,
      percentile_cont(array[0.5, 0.9]) within group (order by contacted_s) as percentiles,
      (count(*) filter (where contacted_s <= 3600))::int as "withinHour",
      (count(*) filter (where contacted_s is not null or age_s >= 3600))::int as "knownHour",
      (count(*) filter (where contacted_s <= 86400))::int as "withinDay",
      (count(*) filter (where contacted_s is not null or age_s >= 86400))::int as "knownDay",
      (count(*) filter (where contacted_s <= ${promiseSeconds}))::int as "withinPromise",
      (count(*) filter (where contacted_s is not null or age_s >= ${promiseSeconds}))::int as "knownPromise"
    from ${leads},
      lateral (select ${contactedSeconds} as contacted_s, date_part('epoch', ${at(now)} - created_at) as age_s) waits
    where ${within(from, to)} and ${SPEED_LEADS}`;
  const periods = w.previous
    ? sql`${period(true, w.start, w.end)} union all ${period(false, w.previous.start, w.previous.end)}`
    : period(true, w.start, w.end);
  const result = await db.execute(sql`
    select current, requests, contacted, percentiles[1]::float8 as "medianSeconds", percentiles[2]::float8 as "p90Seconds",
      "withinHour", "knownHour", "withinDay", "knownDay", "withinPromise", "knownPromise"
    from (${periods}) speed`);
  return rowsOf<SpeedRow>(result);
}

/**
 * The range's requests by weekday and hour of arrival in clinic time, with
 * the median wait: to the first contact, or, for a request still new and
 * not contacted, the wait so far (to `now`). A request closed without a
 * contact has no wait to measure.
 */
export async function readArrivalWaits(db: Db, w: ReportWindows, now: Date): Promise<HeatFacts[]> {
  const result = await db.execute(sql`
    select extract(isodow from local)::int as weekday, extract(hour from local)::int as hour,
      count(*)::int as requests,
      count(wait_s)::int as measured,
      (count(*) filter (where first_contacted_at is null and wait_s is not null))::int as waiting,
      (percentile_cont(0.5) within group (order by wait_s))::float8 as "medianWaitSeconds"
    from ${leads},
      lateral (select created_at at time zone ${ZONE} as local,
        coalesce(${contactedSeconds},
          case when status = 'new' then greatest(0, date_part('epoch', ${at(now)} - created_at)) end) as wait_s) waits
    where ${within(w.start, w.end)} and ${SPEED_LEADS}
    group by 1, 2`);
  return rowsOf<HeatFacts>(result);
}

/**
 * Requests waiting past the promise right now: still new, never contacted.
 * Not bound to the range (a request from last month may still wait), and
 * read from the partial index that holds exactly the waiting requests.
 */
export async function readOverdueNow(db: Db, promiseHours: number, now: Date): Promise<number> {
  const lateBefore = new Date(now.getTime() - promiseHours * 3_600_000);
  const result = await db.execute(sql`
    select count(*)::int as overdue from ${leads}
    where status = 'new' and first_contacted_at is null and form_type <> 'phone_click'
      and created_at <= ${at(lateBefore)}`);
  return rowsOf<{ overdue: number }>(result)[0]?.overdue ?? 0;
}

/** When the first lead arrived (the start of "all time"), or null when there is none. */
export async function readFirstLeadAt(db: Db): Promise<Date | null> {
  const result = await db.execute(
    sql`select (date_part('epoch', min(created_at)) * 1000)::float8 as first from ${leads}`,
  );
  const first = rowsOf<{ first: number | null }>(result)[0]?.first;
  return first === null || first === undefined ? null : new Date(first);
}
