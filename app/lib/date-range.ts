import { z } from "zod";
import {
  addDays,
  CLINIC_TIME_ZONE,
  clinicDayOf,
  clinicHourOf,
  dayKey,
  parseDayKey,
  startOfClinicDay,
  type ClinicDay,
} from "./clinic-time";
import { DEFAULT_RANGE_PRESET, RANGE_PRESETS, rangePresetWords, type RangePreset } from "./date-range-presets";
import { readParams } from "./url-filters";

/**
 * The date ranges of the staff reports (lead insights, analytics): a preset
 * or a custom pair of days, always whole days in the clinic's time zone
 * (clinic-time.ts, daylight-saving changes included), each compared with the
 * period before it. The range lives in the address (`range`, or `from` and
 * `to`), so a report can be bookmarked and works without JavaScript.
 * No server code: the range picker draws from the same objects.
 */

/** A custom range may be at most five years long (a report over more says little and costs much). */
export const MAX_RANGE_DAYS = 5 * 366;
/** Up to this many days a chart shows days; up to WEEK_BUCKETS_UP_TO, weeks; beyond, months. */
export const DAY_BUCKETS_UP_TO = 45;
export const WEEK_BUCKETS_UP_TO = 186;

export type BucketSize = "hour" | "day" | "week" | "month";

/** Days are "YYYY-MM-DD" keys (clinic-time's dayKey): they sort as text. */
export interface RangePeriod {
  /** The first day, included. */
  from: string;
  /** The last day, included. */
  to: string;
  /** The instant the first day begins (ISO), included. */
  start: string;
  /** The instant after the last day ends (ISO), excluded: the period is [start, end). */
  end: string;
  days: number;
  /** "Oct 26 – Nov 24, 2026" */
  label: string;
}

/** One point of a chart: an hour, a day, seven days or a calendar month (cut to the period). */
export interface RangeBucket {
  /** The first and last day it covers (the same day for an hour). */
  from: string;
  to: string;
  /** The instant it begins (ISO), included, and the one it ends, excluded. */
  start: string;
  end: string;
  /** Short, for an axis: "Tue, Mar 10", "Mar 3 – 9", "Nov 2026". */
  label: string;
  /** The exact days, for tables: "Nov 1 – 24, 2026". */
  title: string;
}

export interface DateRange {
  preset: RangePreset | "custom";
  /** "Last 30 days", "Custom range". */
  name: string;
  current: RangePeriod;
  /** The period compared with; null when there is none before it (all time). */
  previous: RangePeriod | null;
  /** How the comparison period was chosen, in words ("the 30 days before"). */
  previousWords: string | null;
  bucket: BucketSize;
  /** Every bucket of the period, in order, so an empty day is a 0 and not a gap. */
  buckets: RangeBucket[];
  /** The comparison period's buckets, matched to `buckets` by position. */
  previousBuckets: RangeBucket[];
  /** The address parameters that name this range. */
  query: { range?: string; from?: string; to?: string };
}

export type RangeChoice = { preset: RangePreset } | { preset: "custom"; from: ClinicDay; to: ClinicDay };

export type RangeReading =
  | {
      ok: true;
      choice: RangeChoice;
      /** Something in the address was not understood and the default was used: say so. */
      notice?: string;
    }
  | {
      ok: false;
      /** A sentence naming the problem. */
      problem: string;
      field: "from" | "to";
      /** What was typed, to put back in the form. */
      typed: { from: string; to: string };
    };

// Plain bounded strings, checked below: the preset against the list, the days by parseDayKey (each with
// its own sentence). Nothing richer from zod: this module reaches the browser, and zod's chunk is shared
// with the public request forms, which must not grow.
const rangeParams = { range: z.string().max(20), from: z.string().max(40), to: z.string().max(40) };
const isPresetOf = (presets: readonly RangePreset[], value: string | undefined): value is RangePreset =>
  (presets as readonly string[]).includes(value ?? "");

const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const monthYear = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });
const shortDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const number = new Intl.NumberFormat("en-US");

const utc = (day: ClinicDay) => new Date(Date.UTC(day.year, day.month - 1, day.day));

/** "Mar 10, 2026". */
export function dayWords(day: ClinicDay): string {
  return longDay.format(utc(day));
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: ClinicDay, b: ClinicDay): number {
  return Math.round((utc(b).getTime() - utc(a).getTime()) / 86_400_000);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` months later (or earlier), cut to the end of a shorter month (Mar 31 − 1 → Feb 28). */
export function addMonths(day: ClinicDay, months: number): ClinicDay {
  const index = day.year * 12 + (day.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

const firstOfMonth = (day: ClinicDay): ClinicDay => ({ ...day, day: 1 });
const lastOfMonth = (day: ClinicDay): ClinicDay => ({ ...day, day: daysInMonth(day.year, day.month) });

/**
 * "Mar 3 – 9, 2026", "Feb 27 – Mar 5, 2026", "Dec 29, 2025 – Jan 4, 2026",
 * one day as "Mar 10, 2026"; without the year when `year` is false.
 */
export function spanWords(from: ClinicDay, to: ClinicDay, year = true): string {
  const tail = year ? `, ${to.year}` : "";
  if (dayKey(from) === dayKey(to)) return year ? dayWords(from) : `${MONTHS[from.month - 1]} ${from.day}`;
  if (from.year !== to.year) {
    return year
      ? `${dayWords(from)} – ${dayWords(to)}`
      : `${MONTHS[from.month - 1]} ${from.day} – ${MONTHS[to.month - 1]} ${to.day}`;
  }
  if (from.month === to.month) return `${MONTHS[from.month - 1]} ${from.day} – ${to.day}${tail}`;
  return `${MONTHS[from.month - 1]} ${from.day} – ${MONTHS[to.month - 1]} ${to.day}${tail}`;
}

function period(from: ClinicDay, to: ClinicDay, zone: string): RangePeriod {
  return {
    from: dayKey(from),
    to: dayKey(to),
    start: startOfClinicDay(from, zone).toISOString(),
    end: startOfClinicDay(addDays(to, 1), zone).toISOString(),
    days: daysBetween(from, to) + 1,
    label: spanWords(from, to),
  };
}

/** The bucket that suits a period of this many days. */
export function bucketSizeFor(days: number): BucketSize {
  if (days <= DAY_BUCKETS_UP_TO) return "day";
  if (days <= WEEK_BUCKETS_UP_TO) return "week";
  return "month";
}

/**
 * Every bucket of a period. Weeks are seven days counted from the period's
 * first day (the last one may be shorter), so a period and the one before it,
 * of the same length, have the same buckets position by position; months are
 * calendar months, cut to the period at both ends.
 */
export function bucketsOf(
  from: ClinicDay,
  to: ClinicDay,
  size: BucketSize,
  zone: string = CLINIC_TIME_ZONE,
): RangeBucket[] {
  if (size === "hour") return hoursOf(from, to, zone);
  const buckets: RangeBucket[] = [];
  const last = dayKey(to);
  let first = from;
  while (dayKey(first) <= last) {
    let end: ClinicDay;
    if (size === "day") end = first;
    else if (size === "week") end = addDays(first, 6);
    else end = lastOfMonth(first);
    if (dayKey(end) > last) end = to;
    const title = spanWords(first, end);
    const label =
      size === "day"
        ? shortDay.format(utc(first))
        : size === "week"
          ? spanWords(first, end, false)
          : monthYear.format(utc(first));
    const start = startOfClinicDay(first, zone).toISOString();
    const next = addDays(end, 1);
    buckets.push({
      from: dayKey(first),
      to: dayKey(end),
      start,
      end: startOfClinicDay(next, zone).toISOString(),
      label,
      title,
    });
    first = next;
  }
  return buckets;
}

const HOUR_MS = 3_600_000;

/**
 * The clinic's hours of the days from…to, as instants an hour apart: 24 a
 * day, 23 on the day clocks spring forward and 25 on the day they fall back
 * (the repeated hour says so in its label).
 */
function hoursOf(from: ClinicDay, to: ClinicDay, zone: string): RangeBucket[] {
  const buckets: RangeBucket[] = [];
  for (let day = from; dayKey(day) <= dayKey(to); day = addDays(day, 1)) {
    const key = dayKey(day);
    const dayStart = startOfClinicDay(day, zone).getTime();
    const dayEnd = startOfClinicDay(addDays(day, 1), zone).getTime();
    const seen = new Set<string>();
    for (let at = dayStart; at < dayEnd; at += HOUR_MS) {
      const words = hourWords(clinicHourOf(new Date(at), zone));
      const label = seen.has(words) ? `${words} (again)` : words;
      seen.add(words);
      buckets.push({
        from: key,
        to: key,
        start: new Date(at).toISOString(),
        end: new Date(Math.min(at + HOUR_MS, dayEnd)).toISOString(),
        label,
        title: `${spanWords(day, day)}, ${label}`,
      });
    }
  }
  return buckets;
}

/** "12 AM", "3 PM". */
function hourWords(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/**
 * The position of the bucket holding a day ("YYYY-MM-DD"), or -1 when the
 * day is outside them all. Buckets are in order, so a binary search.
 */
export function bucketIndexOf(buckets: readonly RangeBucket[], day: string): number {
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const bucket = buckets[mid]!;
    if (day < bucket.from) high = mid - 1;
    else if (day > bucket.to) low = mid + 1;
    else return mid;
  }
  return -1;
}

/** The first and last day of a preset, and of the period it is compared with, for a clinic "today". */
function presetDays(preset: RangePreset, today: ClinicDay, earliest: ClinicDay | null) {
  const daysBack = (n: number) => {
    const from = addDays(today, -(n - 1));
    return {
      from,
      to: today,
      previous: { from: addDays(from, -n), to: addDays(from, -1) },
      words: `the ${n} days before`,
    };
  };
  switch (preset) {
    case "today":
      return {
        from: today,
        to: today,
        previous: { from: addDays(today, -1), to: addDays(today, -1) },
        words: "the day before",
      };
    case "yesterday": {
      const day = addDays(today, -1);
      return {
        from: day,
        to: day,
        previous: { from: addDays(day, -1), to: addDays(day, -1) },
        words: "the day before",
      };
    }
    case "7d":
      return daysBack(7);
    case "30d":
      return daysBack(30);
    case "90d":
      return daysBack(90);
    case "12m": {
      // This month so far and the eleven whole months before it: twelve calendar months on the chart.
      const from = firstOfMonth(addMonths(today, -11));
      return {
        from,
        to: today,
        previous: { from: addMonths(from, -12), to: addMonths(today, -12) },
        words: "the same days a year earlier",
      };
    }
    case "month": {
      const from = firstOfMonth(today);
      return {
        from,
        to: today,
        previous: { from: addMonths(from, -1), to: addMonths(today, -1) },
        words: "the same days of last month",
      };
    }
    case "last-month": {
      const from = firstOfMonth(addMonths(today, -1));
      const before = addMonths(from, -1);
      return {
        from,
        to: lastOfMonth(from),
        previous: { from: before, to: lastOfMonth(before) },
        words: "the month before",
      };
    }
    case "year": {
      const from = { year: today.year, month: 1, day: 1 };
      return {
        from,
        to: today,
        previous: { from: { year: today.year - 1, month: 1, day: 1 }, to: addMonths(today, -12) },
        words: "the same days last year",
      };
    }
    case "all": {
      // Since the first record (the caller's earliest), never later than today; nothing before it to compare with.
      const from = earliest && dayKey(earliest) < dayKey(today) ? earliest : today;
      return { from, to: today, previous: null, words: null };
    }
  }
}

/**
 * The range a choice names, on the clinic's calendar at `now`. `earliest`: the first record, for "all
 * time". `hourly`: a single day is charted by the hour (the analytics dashboard) rather than as one point.
 * `zone`: the calendar's time zone (the analytics setting), the clinic's by default.
 */
export function resolveDateRange(
  choice: RangeChoice,
  {
    now,
    earliest,
    hourly = false,
    zone = CLINIC_TIME_ZONE,
  }: { now: Date; earliest?: Date | null; hourly?: boolean; zone?: string },
): DateRange {
  const today = clinicDayOf(now, zone);
  let days: {
    from: ClinicDay;
    to: ClinicDay;
    previous: { from: ClinicDay; to: ClinicDay } | null;
    words: string | null;
  };
  if (choice.preset === "custom") {
    const length = daysBetween(choice.from, choice.to) + 1;
    const previousTo = addDays(choice.from, -1);
    days = {
      from: choice.from,
      to: choice.to,
      previous: { from: addDays(previousTo, -(length - 1)), to: previousTo },
      words: length === 1 ? "the day before" : `the ${number.format(length)} days before`,
    };
  } else {
    days = presetDays(choice.preset, today, earliest ? clinicDayOf(earliest, zone) : null);
  }
  const current = period(days.from, days.to, zone);
  const bucket = hourly && current.days === 1 ? "hour" : bucketSizeFor(current.days);
  const previous = days.previous ? period(days.previous.from, days.previous.to, zone) : null;
  return {
    preset: choice.preset,
    name: choice.preset === "custom" ? "Custom range" : rangePresetWords[choice.preset],
    current,
    previous,
    previousWords: days.words,
    bucket,
    buckets: bucketsOf(days.from, days.to, bucket, zone),
    previousBuckets: days.previous ? bucketsOf(days.previous.from, days.previous.to, bucket, zone) : [],
    query:
      choice.preset === "custom"
        ? { from: current.from, to: current.to }
        : choice.preset === DEFAULT_RANGE_PRESET
          ? {}
          : { range: choice.preset },
  };
}

/**
 * Reads the range from the address: `range=<preset>`, or `from` and `to`
 * (YYYY-MM-DD, both days included) for a custom one. Nothing given: the
 * default preset. A custom range that cannot be shown (a day that does not
 * exist, the end before the start, a day after today, more than five
 * years) is refused with a sentence naming the problem.
 */
export function readRangeChoice(
  params: URLSearchParams,
  now: Date,
  presets: readonly RangePreset[] = RANGE_PRESETS,
  zone: string = CLINIC_TIME_ZONE,
): RangeReading {
  const { values, ignored } = readParams(params, rangeParams);
  const typed = { from: values.from?.trim() ?? "", to: values.to?.trim() ?? "" };
  const preset = values.range;
  if (isPresetOf(presets, preset)) return { ok: true, choice: { preset } };
  if (!typed.from && !typed.to) {
    return {
      ok: true,
      choice: { preset: DEFAULT_RANGE_PRESET },
      ...(ignored.length > 0 || preset !== undefined
        ? {
            notice: `The range in the address was not understood, so this shows the ${rangePresetWords[DEFAULT_RANGE_PRESET].toLowerCase()}.`,
          }
        : {}),
    };
  }
  const refuse = (field: "from" | "to", problem: string): RangeReading => ({ ok: false, field, problem, typed });
  if (!typed.from) return refuse("from", "Choose the first day of the range too.");
  if (!typed.to) return refuse("to", "Choose the last day of the range too.");
  const from = parseDayKey(typed.from);
  if (!from) return refuse("from", "The first day is not a date we can read: use a date like 2026-03-10.");
  const to = parseDayKey(typed.to);
  if (!to) return refuse("to", "The last day is not a date we can read: use a date like 2026-03-10.");
  const today = clinicDayOf(now, zone);
  if (dayKey(from) > dayKey(to)) {
    return refuse("to", `The last day (${dayWords(to)}) is before the first day (${dayWords(from)}).`);
  }
  if (dayKey(to) > dayKey(today)) {
    return refuse(
      "to",
      `The last day (${dayWords(to)}) is in the future: choose today (${dayWords(today)}) or earlier.`,
    );
  }
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    return refuse(
      "from",
      `A range can be at most 5 years long; this one is ${number.format(daysBetween(from, to) + 1)} days.`,
    );
  }
  return { ok: true, choice: { preset: "custom", from, to } };
}

/** Whether a choice needs the first record's date (all time). */
export function needsEarliest(choice: RangeChoice): boolean {
  return choice.preset === "all";
}

/** The [start, end) instants of a period, for queries. */
export function periodInstants(p: RangePeriod): { start: Date; end: Date } {
  return { start: new Date(p.start), end: new Date(p.end) };
}

/** "2026-10-26-to-2026-11-24": a range in a file name. */
export function rangeFileSlug(range: DateRange): string {
  return `${range.current.from}-to-${range.current.to}`;
}

/** Where an instant falls: a bucket of the range, or of the period it is compared with. */
export interface BucketSlot {
  period: "current" | "previous";
  index: number;
}

/**
 * The buckets of a range and of its comparison period as one ascending list
 * of edges (ISO instants), for SQL's `width_bucket(created_at, edges)`: the
 * database finds each row's bucket by a binary search on instants, with no
 * time-zone arithmetic per row. `slots[n]` says what width_bucket's answer n
 * means (null: before, between or after the two periods).
 */
export function bucketEdges(range: DateRange): { edges: string[]; slots: (BucketSlot | null)[] } {
  // Each edge with what lies from it to the next edge.
  const pairs: { edge: string; slot: BucketSlot | null }[] = [];
  const add = (edge: string, slot: BucketSlot | null) => {
    // The comparison period often ends where the range begins: one edge, holding the range's first bucket.
    if (pairs.at(-1)?.edge === edge) pairs.pop();
    pairs.push({ edge, slot });
  };
  const addPeriod = (period: BucketSlot["period"], buckets: readonly RangeBucket[], end: string) => {
    buckets.forEach((bucket, index) => add(bucket.start, { period, index }));
    add(end, null);
  };
  if (range.previous) addPeriod("previous", range.previousBuckets, range.previous.end);
  addPeriod("current", range.buckets, range.current.end);
  return { edges: pairs.map((p) => p.edge), slots: [null, ...pairs.map((p) => p.slot)] };
}
