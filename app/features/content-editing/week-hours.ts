import type { OfficeHours } from "~/db/schema";

/**
 * Office hours edited one weekday at a time, stored as the rows people read
 * ("Monday – Thursday", "8:30 AM – 6:00 PM, by appointment"): the public
 * pages, the footer and the structured data (openingHoursSpecification)
 * read those rows, so the editor turns a week into them and back.
 */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One weekday: opening and closing times ("08:30", 24-hour; both empty when closed) and a few words. */
export interface DayHours {
  opens: string;
  closes: string;
  note: string;
}
export type WeekHours = Record<Weekday, DayHours>;

const CLOSED: DayHours = { opens: "", closes: "", note: "" };

/** "08:30" → "8:30 AM". */
export function time12(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const suffix = h >= 12 ? "PM" : "AM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "8:30 AM" → "08:30"; null when it is not such a time. */
function time24(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(text.trim());
  if (!m) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${m[2]}`;
}

/** What a day says to visitors: "9:00 AM – 5:00 PM", "9:00 AM – 1:00 PM, by appointment", "By appointment", "Closed". */
export function dayText(day: DayHours): string {
  if (day.opens && day.closes) return `${time12(day.opens)} – ${time12(day.closes)}${day.note ? `, ${day.note}` : ""}`;
  return day.note || "Closed";
}

/** A week as rows, neighbouring days that read the same joined ("Monday – Friday"). */
export function rowsOfWeek(week: WeekHours): OfficeHours {
  const rows: OfficeHours = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    const text = dayText(week[WEEKDAYS[start]!]);
    if (i < WEEKDAYS.length && dayText(week[WEEKDAYS[i]!]) === text) continue;
    const label = i - 1 === start ? WEEKDAYS[start]! : `${WEEKDAYS[start]} – ${WEEKDAYS[i - 1]}`;
    rows.push({ label, value: text });
    start = i;
  }
  return rows;
}

/** Rows (as the seed wrote them, or as saved) back into a week; a day no row names is closed. */
export function weekOfRows(rows: OfficeHours): WeekHours {
  const week = Object.fromEntries(WEEKDAYS.map((d) => [d, { ...CLOSED }])) as WeekHours;
  for (const row of rows) {
    const [from, to = from] = row.label.split(/\s*[–-]\s*/).map((d) => WEEKDAYS.indexOf(d.trim() as Weekday));
    if (from === undefined || from < 0 || to < from) continue;
    const m = /^(\d{1,2}:\d{2}\s*[AP]M)\s*[–-]\s*(\d{1,2}:\d{2}\s*[AP]M)(?:,\s*(.*))?$/i.exec(row.value.trim());
    const opens = m ? time24(m[1]!) : null;
    const closes = m ? time24(m[2]!) : null;
    const day: DayHours =
      opens && closes
        ? { opens, closes, note: m![3]?.trim() ?? "" }
        : { opens: "", closes: "", note: /^closed$/i.test(row.value.trim()) ? "" : row.value.trim() };
    for (let i = from; i <= to; i++) week[WEEKDAYS[i]!] = { ...day };
  }
  return week;
}
