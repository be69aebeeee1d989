import { leadFormTypes, type LeadFormType } from "~/db/schema/lead-values";
import { formTypeWords } from "~/features/leads/lead-words";
import type { BucketSlot, DateRange } from "~/lib/date-range";
import { REST_KEY, share, TOP_ROWS } from "./report-math";
import type {
  Breakdown,
  BreakdownDimension,
  BreakdownRow,
  HeatCell,
  Outcomes,
  SeriesPoint,
  SpeedFigures,
} from "./report-types";

/**
 * From the statements' aggregate rows to the report's figures: pure
 * functions, so every rule (what a share is out of, which rows go into
 * "Everything else", which bucket a day falls in) is tested on its own.
 */

export const dimensionTitles: Record<BreakdownDimension, string> = {
  form: "Form",
  channel: "Channel",
  campaign: "Campaign",
  landing: "Landing page",
  service: "Service",
};

const noneWords: Record<BreakdownDimension, string> = {
  form: "Unknown form",
  channel: "Unknown channel",
  campaign: "No campaign",
  landing: "Not known",
  service: "Not given",
};

export function noOutcomes(): Outcomes {
  return { requests: 0, calls: 0, contacted: 0, scheduled: 0, patients: 0 };
}

function add(into: Outcomes, from: Outcomes) {
  into.requests += from.requests;
  into.calls += from.calls;
  into.contacted += from.contacted;
  into.scheduled += from.scheduled;
  into.patients += from.patients;
}

const outcomesOf = (row: Outcomes): Outcomes => ({
  requests: row.requests,
  calls: row.calls,
  contacted: row.contacted,
  scheduled: row.scheduled,
  patients: row.patients,
});

/** A row of the outcome statement, as report-queries.server.ts reads it. */
export interface OutcomeFacts extends Outcomes {
  /** The range (true) or the period before it. */
  current: boolean;
  grouping: string;
  /** The grouped value; null when none was recorded, and for "total". For "bucket", width_bucket's answer. */
  value: string | null;
}

/** The range's and the comparison period's totals. */
export function totalsFrom(rows: readonly OutcomeFacts[], hasPrevious: boolean) {
  const total = (current: boolean) => {
    const row = rows.find((r) => r.grouping === "total" && r.current === current);
    return row ? outcomesOf(row) : noOutcomes();
  };
  return { current: total(true), previous: hasPrevious ? total(false) : null };
}

/**
 * Leads per bucket of the range (every bucket, so a quiet day is a 0), and
 * the total of the bucket at the same position in the comparison period.
 * `slots` says which bucket each of the statement's bucket numbers is
 * (date-range.ts bucketEdges).
 */
export function seriesFrom(
  rows: readonly OutcomeFacts[],
  range: DateRange,
  slots: readonly (BucketSlot | null)[],
): SeriesPoint[] {
  const current = range.buckets.map(() => ({ requests: 0, calls: 0 }));
  const previous = range.previousBuckets.map(() => 0);
  for (const row of rows) {
    if (row.grouping !== "bucket" || row.value === null) continue;
    const slot = slots[Number(row.value)];
    if (!slot) continue;
    if (slot.period === "current") {
      current[slot.index]!.requests += row.requests;
      current[slot.index]!.calls += row.calls;
    } else previous[slot.index]! += row.requests + row.calls;
  }
  return range.buckets.map((bucket, i) => ({
    label: bucket.label,
    title: bucket.title,
    requests: current[i]!.requests,
    calls: current[i]!.calls,
    previousTotal: i < previous.length ? previous[i]! : null,
    previousTitle: range.previousBuckets[i]?.title ?? null,
  }));
}

function labelOf(dimension: BreakdownDimension, value: string): string {
  if (value === "") return noneWords[dimension];
  if (dimension === "form") return formTypeWords[value as LeadFormType] ?? value;
  return value;
}

/** Most requests first, then most calls, then the most in the period before, then by name. */
function byWeight(a: BreakdownRow, b: BreakdownRow): number {
  return (
    b.requests - a.requests ||
    b.calls - a.calls ||
    (b.previous?.requests ?? 0) - (a.previous?.requests ?? 0) ||
    (b.previous?.calls ?? 0) - (a.previous?.calls ?? 0) ||
    a.label.localeCompare(b.label)
  );
}

/** The first `limit` rows and one "Everything else" row summing the others (only when there are two or more). */
export function topWithRest(rows: readonly BreakdownRow[], limit = TOP_ROWS): BreakdownRow[] {
  if (rows.length <= limit + 1) return [...rows];
  const rest: BreakdownRow = {
    key: REST_KEY,
    label: "Everything else",
    ...noOutcomes(),
    previous: rows[0]!.previous ? { requests: 0, calls: 0 } : null,
    restOf: rows.length - limit,
  };
  for (const row of rows.slice(limit)) {
    add(rest, row);
    if (rest.previous && row.previous) {
      rest.previous.requests += row.previous.requests;
      rest.previous.calls += row.previous.calls;
    }
  }
  return [...rows.slice(0, limit), rest];
}

/**
 * One table per dimension: each value's outcomes in the range and its counts
 * in the period before. Every form is listed, even one nobody used; other
 * dimensions list the values that occur, the long ones cut to the top 15.
 */
export function breakdownsFrom(rows: readonly OutcomeFacts[], hasPrevious: boolean): Breakdown[] {
  const groups = new Map<BreakdownDimension, Map<string, BreakdownRow>>(
    Object.keys(dimensionTitles).map((d) => [d as BreakdownDimension, new Map()]),
  );
  const rowFor = (dimension: BreakdownDimension, key: string) => {
    const map = groups.get(dimension)!;
    let row = map.get(key);
    if (!row) {
      row = {
        key,
        label: labelOf(dimension, key),
        ...noOutcomes(),
        previous: hasPrevious ? { requests: 0, calls: 0 } : null,
      };
      map.set(key, row);
    }
    return row;
  };
  for (const formType of leadFormTypes) rowFor("form", formType);
  for (const row of rows) {
    if (!groups.has(row.grouping as BreakdownDimension)) continue;
    const target = rowFor(row.grouping as BreakdownDimension, row.value ?? "");
    if (row.current) add(target, row);
    else if (target.previous) {
      target.previous.requests += row.requests;
      target.previous.calls += row.calls;
    }
  }
  return [...groups].map(([dimension, map]) => ({
    dimension,
    title: dimensionTitles[dimension],
    rows: topWithRest([...map.values()].sort(byWeight)),
  }));
}

/** A period's row of the speed statement, as report-queries.server.ts reads it. */
export interface SpeedFacts {
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
}

const minutes = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : seconds / 60;

export function speedFrom(row: SpeedFacts | undefined): SpeedFigures {
  return {
    requests: row?.requests ?? 0,
    contacted: row?.contacted ?? 0,
    medianMinutes: row && row.contacted > 0 ? minutes(row.medianSeconds) : null,
    p90Minutes: row && row.contacted > 0 ? minutes(row.p90Seconds) : null,
    withinHour: share(row?.withinHour ?? 0, row?.knownHour ?? 0),
    withinDay: share(row?.withinDay ?? 0, row?.knownDay ?? 0),
    withinPromise: share(row?.withinPromise ?? 0, row?.knownPromise ?? 0),
  };
}

/** A weekday and hour of arrival of the waits statement (clinic time; 1 = Monday). */
export interface HeatFacts {
  weekday: number;
  hour: number;
  requests: number;
  measured: number;
  waiting: number;
  medianWaitSeconds: number | null;
}

/** The whole weekday × hour grid (Monday first), empty cells included. */
export function heatMapFrom(rows: readonly HeatFacts[]): HeatCell[] {
  const found = new Map(rows.map((row) => [`${row.weekday}:${row.hour}`, row]));
  const cells: HeatCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const row = found.get(`${weekday}:${hour}`);
      cells.push({
        weekday,
        hour,
        requests: row?.requests ?? 0,
        measured: row?.measured ?? 0,
        waiting: row?.waiting ?? 0,
        medianWaitMinutes: row && row.measured > 0 ? minutes(row.medianWaitSeconds) : null,
      });
    }
  }
  return cells;
}
