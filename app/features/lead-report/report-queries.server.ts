import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { CLINIC_TIME_ZONE } from "~/lib/clinic-time";

/**
 * The report's statements. Each reads the leads of the range and of the
 * period it is compared with in one pass over `leads_created_idx`'s range of
 * created_at (the two periods are told apart by a CASE, not by a second
 * scan), and aggregates in the database: no lead row, and so no name or
 * contact, ever reaches this process. Counts are cast to int and
 * percentiles to float8 so both drivers answer plain numbers.
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
const localTime = sql`(created_at at time zone ${ZONE})`;
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** 'c' for the range, 'p' for the period before it; and the WHERE that reads both, one range scan. */
function periods(w: ReportWindows) {
  const lowest = w.previous ? w.previous.start : w.start;
  const previousEnd = w.previous ? w.previous.end : w.start;
  return {
    period: sql`case when created_at >= ${ts(w.start)} then 'c' else 'p' end`,
    // The comparison period may end before the range starts (this month against last month's same days).
    where: sql`created_at >= ${ts(lowest)} and created_at < ${ts(w.end)}
      and (created_at >= ${ts(w.start)} or created_at < ${ts(previousEnd)})`,
  };
}

export type Grouping = "total" | "day" | "form" | "channel" | "campaign" | "landing" | "service";

export interface OutcomeRow {
  period: "c" | "p";
  grouping: Grouping;
  /** The grouped value (a clinic day as YYYY-MM-DD for "day"); null when none was recorded, or for "total". */
  value: string | null;
  requests: number;
  calls: number;
  contacted: number;
  scheduled: number;
  patients: number;
}

/**
 * Counts and outcomes by period, for the totals, each clinic day and each
 * breakdown, in one statement (GROUPING SETS: one scan, seven groupings).
 */
export async function readOutcomes(db: Db, w: ReportWindows): Promise<OutcomeRow[]> {
  const { period, where } = periods(w);
  const result = await db.execute(sql`
    select period,
      case
        when grouping(day) = 0 then 'day'
        when grouping(form_type) = 0 then 'form'
        when grouping(channel) = 0 then 'channel'
        when grouping(campaign) = 0 then 'campaign'
        when grouping(landing_page) = 0 then 'landing'
        when grouping(service) = 0 then 'service'
        else 'total'
      end as grouping,
      coalesce(to_char(day, 'YYYY-MM-DD'), form_type, channel, campaign, landing_page, service) as value,
      (count(*) filter (where request))::int as requests,
      (count(*) filter (where not request))::int as calls,
      (count(*) filter (where request and first_contacted_at is not null))::int as contacted,
      (count(*) filter (where request and scheduled_at is not null))::int as scheduled,
      (count(*) filter (where request and became_patient_at is not null))::int as patients
    from (
      select ${period} as period, ${localTime}::date as day, form_type, channel, campaign, landing_page, service,
        form_type <> 'phone_click' as request, first_contacted_at, scheduled_at, became_patient_at
      from ${leads}
      where ${where}
    ) scoped
    group by grouping sets ((period), (period, day), (period, form_type), (period, channel),
      (period, campaign), (period, landing_page), (period, service))`);
  return (result as unknown as { rows: OutcomeRow[] }).rows;
}

export interface SpeedRow {
  period: "c" | "p";
  /** Null on a period's own row; 1 (Monday) … 7 (Sunday) and 0–23 on a heat-map cell. */
  weekday: number | null;
  hour: number | null;
  requests: number;
  contacted: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  withinHour: number;
  knownHour: number;
  withinDay: number;
  knownDay: number;
  withinPromise: number;
  knownPromise: number;
  measured: number;
  waiting: number;
  medianWaitSeconds: number | null;
}

/**
 * Speed to lead: form requests only (a tapped call is no one to call back),
 * leaving out spam and duplicates (no one to answer, or answered through the
 * other request). Per period, and per weekday and hour of arrival in clinic
 * time (the heat map), in one statement. The wait of a request nobody has
 * contacted yet and that is still new is its wait so far, to `now`.
 */
export async function readSpeed(db: Db, w: ReportWindows, promiseHours: number, now: Date): Promise<SpeedRow[]> {
  const { period, where } = periods(w);
  const promiseSeconds = promiseHours * 3600;
  const result = await db.execute(sql`
    select period, weekday, hour,
      count(*)::int as requests,
      count(contacted_s)::int as contacted,
      (percentile_cont(0.5) within group (order by contacted_s))::float8 as "medianSeconds",
      (percentile_cont(0.9) within group (order by contacted_s))::float8 as "p90Seconds",
      (count(*) filter (where contacted_s <= 3600))::int as "withinHour",
      (count(*) filter (where contacted_s is not null or age_s >= 3600))::int as "knownHour",
      (count(*) filter (where contacted_s <= 86400))::int as "withinDay",
      (count(*) filter (where contacted_s is not null or age_s >= 86400))::int as "knownDay",
      (count(*) filter (where contacted_s <= ${promiseSeconds}))::int as "withinPromise",
      (count(*) filter (where contacted_s is not null or age_s >= ${promiseSeconds}))::int as "knownPromise",
      count(wait_s)::int as measured,
      (count(*) filter (where contacted_s is null and wait_s is not null))::int as waiting,
      (percentile_cont(0.5) within group (order by wait_s))::float8 as "medianWaitSeconds"
    from (
      select ${period} as period,
        extract(isodow from ${localTime})::int as weekday,
        extract(hour from ${localTime})::int as hour,
        contacted_s,
        age_s,
        -- Measured to the first contact, or to now while still new; a request closed without a contact has no wait.
        coalesce(contacted_s, case when status = 'new' then greatest(0, age_s) end) as wait_s
      from ${leads},
        -- (greatest() skips a null, so the case keeps "never contacted" null.)
        lateral (select
          case when first_contacted_at is not null
            then greatest(0, extract(epoch from first_contacted_at - created_at)) end as contacted_s,
          extract(epoch from ${ts(now)} - created_at) as age_s) waits
      where ${where} and form_type <> 'phone_click' and status not in ('spam', 'duplicate')
    ) requests
    group by grouping sets ((period), (period, weekday, hour))`);
  return (result as unknown as { rows: SpeedRow[] }).rows;
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
      and created_at <= ${ts(lateBefore)}`);
  return (result as unknown as { rows: { overdue: number }[] }).rows[0]?.overdue ?? 0;
}

/** When the first lead arrived (the start of "all time"), or null when there is none. */
export async function readFirstLeadAt(db: Db): Promise<Date | null> {
  const result = await db.execute(
    sql`select (extract(epoch from min(created_at)) * 1000)::float8 as first from ${leads}`,
  );
  const first = (result as unknown as { rows: { first: number | null }[] }).rows[0]?.first;
  return first === null || first === undefined ? null : new Date(first);
}
