/**
 * The clinic's clock. "Today" and "this week" mean the clinic's days in its
 * own time zone, wherever the server runs (fixed, so the server's render and
 * the browser's agree too).
 */
import { CLINIC_TIME_ZONE } from "./clinic-time-zone";

export { CLINIC_TIME_ZONE };

// One formatter per time zone (the clinic's, or the analytics setting's): making one costs ~0.1 ms.
const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** A calendar day in the clinic's time zone. */
export interface ClinicDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

function zonedParts(at: Date, zone = CLINIC_TIME_ZONE) {
  const parts = Object.fromEntries(
    partsFormat(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the clinic's wall clock is ahead of UTC at a moment (negative in the Americas). */
function offsetMs(at: number, zone = CLINIC_TIME_ZONE): number {
  const p = zonedParts(new Date(at), zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The clinic's calendar day at a moment. The calendar functions take another
 * time zone where the analytics dashboard's setting asks for one.
 */
export function clinicDayOf(at: Date, zone = CLINIC_TIME_ZONE): ClinicDay {
  const { year, month, day } = zonedParts(at, zone);
  return { year, month, day };
}

/** The hour (0–23) of the clinic's wall clock at a moment. */
export function clinicHourOf(at: Date, zone = CLINIC_TIME_ZONE): number {
  return zonedParts(at, zone).hour;
}

/** The day `days` after (or before) another, by the calendar. */
export function addDays(day: ClinicDay, days: number): ClinicDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The same day of the month `months` later (or earlier), by the calendar;
 * a day the month lacks becomes its last (31 March less one month is
 * 28 or 29 February).
 */
export function addMonths(day: ClinicDay, months: number): ClinicDay {
  const first = new Date(Date.UTC(day.year, day.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(day.day, lastDay) };
}

/** "2026-03-10". */
export function dayKey(day: ClinicDay): string {
  return `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
}

/**
 * The moment a clinic day begins. Midnight always exists in New York (the
 * clocks change at 2 a.m.), so two guesses settle it across a change; in a
 * zone whose clocks skip midnight itself, the day begins when they jump.
 */
export function startOfClinicDay(day: ClinicDay, zone = CLINIC_TIME_ZONE): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  let at = wall - offsetMs(wall, zone);
  at = wall - offsetMs(at, zone);
  const key = dayKey(day);
  // Landed in the day before (its last hour): step to the jump, on the quarter hours clocks change at.
  while (dayKey(clinicDayOf(new Date(at), zone)) < key) at += 15 * 60_000;
  return new Date(at);
}

/** 0 for Monday … 6 for Sunday. */
function weekdayIndex(day: ClinicDay): number {
  return (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
}

/** The start of today and of this week (Monday) in the clinic's time zone. */
export function clinicPeriods(now: Date): { todayStart: Date; weekStart: Date; today: ClinicDay } {
  const today = clinicDayOf(now);
  return {
    today,
    todayStart: startOfClinicDay(today),
    weekStart: startOfClinicDay(addDays(today, -weekdayIndex(today))),
  };
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: CLINIC_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});
const shortDayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});

/** "Mar 10, 2026, 3:04 PM" in the clinic's time zone. */
export function formatClinicDateTime(at: Date): string {
  return dateTimeFormat.format(at).replace(/\u202f/g, " ");
}

/** "Tue, Mar 10" for a clinic day. */
export function formatClinicDay(day: ClinicDay): string {
  return shortDayFormat.format(new Date(Date.UTC(day.year, day.month - 1, day.day)));
}

/** The clinic day a "2026-03-10" names, or null when it names no real day. */
export function parseDayKey(key: string): ClinicDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(day.year, day.month - 1, day.day));
  const real =
    check.getUTCFullYear() === day.year && check.getUTCMonth() + 1 === day.month && check.getUTCDate() === day.day;
  return real && day.year >= 2000 && day.year <= 2100 ? day : null;
}

/** "2026-03-10T15:04": a moment as a `datetime-local` field shows it, in the clinic's time zone (to the minute). */
export function clinicDateTimeInputValue(at: Date): string {
  const p = zonedParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * The moment a `datetime-local` value ("2026-03-10T15:04", seconds allowed)
 * names on the clinic's wall clock, or null when it names no real time. A
 * time the spring change skips (2:30 a.m.) comes out an hour off: no clock
 * showed it, and the nearest real moment will do for a log.
 */
export function parseClinicDateTimeInput(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  const day = match ? parseDayKey(match[1]!) : null;
  if (!match || !day) return null;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour, minute, second);
  let at = wall - offsetMs(wall);
  at = wall - offsetMs(at);
  return new Date(at);
}
