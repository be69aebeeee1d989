import type { OfficeHours } from "~/db/schema";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "9:00 AM" → "09:00"; null when the text is not a time. */
function time24(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]) % 12;
  if (m[3]!.toUpperCase() === "PM") hour += 12;
  return `${String(hour).padStart(2, "0")}:${m[2]}`;
}

/**
 * Office hours as written for people ("Monday – Thursday", "8:30 AM – 6:00 PM")
 * as schema.org opening hours. Rows that are not plain time ranges ("Closed",
 * "By appointment") are left out: they are not regular opening hours.
 */
export function openingHoursSpecification(hours: OfficeHours) {
  const specs = [];
  for (const row of hours) {
    const [from, to = from] = row.label.split(/\s*[–-]\s*/).map((d) => DAYS.indexOf(d.trim()));
    const [opens, closes] = row.value.split(/\s*[–-]\s*/).map(time24);
    if (from === undefined || from < 0 || to! < from || !opens || !closes) continue;
    specs.push({ "@type": "OpeningHoursSpecification", dayOfWeek: DAYS.slice(from, to! + 1), opens, closes });
  }
  return specs;
}
