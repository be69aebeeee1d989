import { durationWords } from "~/features/leads/lead-words";

/** How the report writes its figures (the page; the CSV keeps plain numbers). */

const whole = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export const formatCount = (n: number) => whole.format(n);

/** A share (0–1) as "44.4%". */
export const formatShare = (share: number) => `${oneDecimal.format(share * 100)}%`;

/** A share, or words saying there is none to give. */
export function shareWords(share: number | null, none = "—"): string {
  return share === null ? none : formatShare(share);
}

/** Minutes as "3 h 20 min" (lead-words' durationWords). */
export const formatMinutes = (minutes: number) => durationWords(minutes);

/** Minutes in a few characters, for a heat-map cell: "45m", "3.5h", "12h", "2.3d". */
export function compactMinutes(minutes: number): string {
  if (minutes < 1) return "<1m";
  if (minutes < 60) return `${Math.round(minutes)}m`;
  const hours = minutes / 60;
  if (hours < 10) return `${oneDecimal.format(hours)}h`;
  if (hours < 48) return `${Math.round(hours)}h`;
  const days = hours / 24;
  return days < 10 ? `${oneDecimal.format(days)}d` : `${Math.round(days)}d`;
}

/** "10 PM": an hour of the clinic's day (kept here, not imported from the lead settings, whose form schema would bring zod along). */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/**
 * The shades of a wait, against the promise, so "late" looks late whatever
 * the promise is: the limits in minutes between the five shades, and their words.
 */
export function waitShades(promiseHours: number): { limits: number[]; labels: string[] } {
  const promise = promiseHours * 60;
  // With a promise of 8 hours or more, the first hour and the first four are shades of their own.
  const limits = promiseHours >= 8 ? [60, 240, promise, 2 * promise] : [promise / 4, promise / 2, promise, 2 * promise];
  const say = formatMinutes;
  return {
    limits,
    labels: [
      `Under ${say(limits[0]!)}`,
      `${say(limits[0]!)} to ${say(limits[1]!)}`,
      `${say(limits[1]!)} to ${say(limits[2]!)}: within the promise`,
      `${say(limits[2]!)} to ${say(limits[3]!)}: late`,
      `Over ${say(limits[3]!)}: very late`,
    ],
  };
}
