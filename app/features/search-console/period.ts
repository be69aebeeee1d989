/**
 * Periods: the days an export covers, as ISO dates (YYYY-MM-DD), read from
 * the words Search Console writes in Filters.csv and shown back in ours.
 */

export interface Period {
  start: string;
  end: string;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A real calendar day as YYYY-MM-DD, or null (2026-02-31 is none). */
export function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "2026-03-01" as a day, checked against the calendar; null when it is not one. */
export function readIsoDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

// The ways Search Console (in English) writes one day in Filters.csv: "Aug 28, 2026",
// "June 1, 2026", "2026-08-08", and (in compare labels) "6/1/26".
const DAY = String.raw`(?:\d{4}-\d{2}-\d{2}|[A-Za-z]{3,9}\.? \d{1,2}, \d{4}|\d{1,2}/\d{1,2}/\d{2,4})`;
const RANGE = new RegExp(String.raw`^(${DAY})(?:\s*[-–—]\s*|\s+to\s+)(${DAY})$`);
const SINGLE = new RegExp(String.raw`^(${DAY})$`);

function readDay(text: string): string | null {
  const iso = readIsoDay(text);
  if (iso) return iso;
  const named = /^([A-Za-z]{3,9})\.? (\d{1,2}), (\d{4})$/.exec(text);
  if (named) {
    const month = MONTHS.indexOf(named[1]!.slice(0, 3).toLowerCase()) + 1;
    const full = named[1]!.toLowerCase();
    // "Sept" and "June" are fine; "Junk" is not a month.
    const known = month > 0 && (full.length === 3 || full === "sept" || fullMonthName(month).startsWith(full));
    return known ? isoDay(Number(named[3]), month, Number(named[2])) : null;
  }
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (numeric) {
    const year = numeric[3]!.length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
    return isoDay(year, Number(numeric[1]), Number(numeric[2]));
  }
  return null;
}

function fullMonthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1))
    .toLocaleString("en-US", { month: "long", timeZone: "UTC" })
    .toLowerCase();
}

/**
 * What Filters.csv's Date row says: a range of days ("Aug 28, 2026 - Sep 3,
 * 2026"), a range relative to the day of the export ("Last 3 months": which
 * days, the file does not say), or words we cannot read.
 */
export type DateFilter =
  { kind: "range"; period: Period } | { kind: "relative"; label: string } | { kind: "unreadable"; label: string };

export function readDateFilter(value: string): DateFilter {
  const text = value.trim();
  const range = RANGE.exec(text);
  if (range) {
    const start = readDay(range[1]!);
    const end = readDay(range[2]!);
    if (start && end && start <= end) return { kind: "range", period: { start, end } };
    return { kind: "unreadable", label: text };
  }
  const single = SINGLE.exec(text);
  if (single) {
    const day = readDay(single[1]!);
    return day ? { kind: "range", period: { start: day, end: day } } : { kind: "unreadable", label: text };
  }
  if (/^(last|past)\b/i.test(text)) return { kind: "relative", label: text };
  return { kind: "unreadable", label: text };
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const fullFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Mar 1 – May 31, 2026"; "Dec 1, 2025 – Feb 28, 2026" across years; one day alone. */
export function periodText({ start, end }: Period): string {
  if (start === end) return fullFormat.format(asDate(start));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${(sameYear ? dayFormat : fullFormat).format(asDate(start))} – ${fullFormat.format(asDate(end))}`;
}

/** How many days a period covers, both ends counted. */
export function periodDays({ start, end }: Period): number {
  return Math.round((asDate(end).getTime() - asDate(start).getTime()) / 86_400_000) + 1;
}
