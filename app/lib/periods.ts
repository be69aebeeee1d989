/**
 * Periods: the days a file of Google's covers, as ISO dates (YYYY-MM-DD),
 * read from the words its exports write (Search Console's Filters.csv, the
 * date line of a Google Ads report) and shown back in ours.
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

// The ways Google's exports (in English) write one day: "Aug 28, 2026", "June 1, 2026", "2026-08-08",
// (in Search Console's compare labels) "6/1/26", and (Google Ads in British English) "1 June 2026".
const DAY = String.raw`(?:\d{4}-\d{2}-\d{2}|[A-Za-z]{3,9}\.? \d{1,2}, \d{4}|\d{1,2} [A-Za-z]{3,9}\.? \d{4}|\d{1,2}/\d{1,2}/\d{2,4})`;
const RANGE = new RegExp(String.raw`^(${DAY})(?:\s*[-–—]\s*|\s+to\s+)(${DAY})$`);
const SINGLE = new RegExp(String.raw`^(${DAY})$`);

/** A month's name or its abbreviation ("Mar", "March", "Sept"), as 1–12; 0 for anything else ("Junk"). */
function monthOf(name: string): number {
  const month = MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  const full = name.toLowerCase();
  return month > 0 && (full.length === 3 || full === "sept" || fullMonthName(month).startsWith(full)) ? month : 0;
}

/** One day as Google's exports write it (see DAY), or null. */
export function readDay(text: string): string | null {
  const iso = readIsoDay(text);
  if (iso) return iso;
  const named = /^([A-Za-z]{3,9})\.? (\d{1,2}), (\d{4})$/.exec(text);
  if (named) {
    const month = monthOf(named[1]!);
    return month ? isoDay(Number(named[3]), month, Number(named[2])) : null;
  }
  const british = /^(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4})$/.exec(text);
  if (british) {
    const month = monthOf(british[2]!);
    return month ? isoDay(Number(british[3]), month, Number(british[1])) : null;
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
 * What a date range in an export says (Search Console's Filters.csv Date
 * row, a Google Ads report's second line): a range of days ("Aug 28, 2026 -
 * Sep 3, 2026"), a range relative to the day of the export ("Last 3
 * months", "All time": which days, the file does not say), or words we
 * cannot read.
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
  if (/^(last|past|all time)\b/i.test(text)) return { kind: "relative", label: text };
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
