import type { LeadFormType } from "~/db/schema";

/** We promise visitors a reply within this long (the thank-you page and the staff e-mail say so). */
export const REPLY_PROMISE_HOURS = 24;

/** Which form a request came through, in words. */
export const formTypeWords: Record<LeadFormType, string> = {
  hero: "Home page form",
  appointment: "Appointment request",
  get_started: "Get started form",
  phone_click: "Call tapped",
};

/**
 * "Avery Q.": enough for staff to tell requests apart on the overview; the
 * full name and contact details stay on the lead's own page.
 */
export function shortName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

export interface Waited {
  text: string;
  /** Past the reply promise. */
  late: boolean;
}

/** How long a request has waited, against the 24-hour promise. */
export function waitedWords(minutes: number): Waited {
  const hours = Math.floor(minutes / 60);
  if (hours >= REPLY_PROMISE_HOURS) {
    const [days, rest] = [Math.floor(hours / 24), hours % 24];
    const length = hours < 48 ? `${hours} h` : rest ? `${days} d ${rest} h` : `${days} d`;
    return { text: `Over ${REPLY_PROMISE_HOURS} h — ${length}`, late: true };
  }
  if (minutes < 1) return { text: "Just arrived", late: false };
  return { text: hours < 1 ? `Waiting ${Math.floor(minutes)} min` : `Waiting ${hours} h`, late: false };
}
