import type { LeadFormType, LeadStatus } from "~/db/schema";

/**
 * How staff pages put a lead in words: its form, its status, a short name,
 * how long it has waited. No server code: pages draw with these.
 */

/** We promise visitors a reply within this long unless an administrator sets another (lead-settings). */
export const DEFAULT_PROMISE_HOURS = 24;

/** Which form a request came through, in words. */
export const formTypeWords: Record<LeadFormType, string> = {
  hero: "Home page form",
  appointment: "Appointment request",
  get_started: "Get started form",
  phone_click: "Call tapped",
};

/** Where a lead stands, in words. */
export const statusWords: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  scheduled: "Scheduled",
  patient: "Became a patient",
  not_a_fit: "Closed: not a fit",
  no_response: "Closed: no response",
  duplicate: "Closed: duplicate",
  spam: "Closed: spam",
};

/**
 * "Avery Q.": enough for staff to tell requests apart in a list; the full
 * name and contact details stay on the lead's own page.
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

/** How long a request has waited, against the promise (in hours). */
export function waitedWords(minutes: number, promiseHours = DEFAULT_PROMISE_HOURS): Waited {
  const hours = Math.floor(minutes / 60);
  if (minutes >= promiseHours * 60) {
    const [days, rest] = [Math.floor(hours / 24), hours % 24];
    const length = hours < 48 ? `${hours} h` : rest ? `${days} d ${rest} h` : `${days} d`;
    return { text: `Over ${promiseHours} h — ${length}`, late: true };
  }
  if (minutes < 1) return { text: "Just arrived", late: false };
  return { text: hours < 1 ? `Waiting ${Math.floor(minutes)} min` : `Waiting ${hours} h`, late: false };
}

/** "3 h 20 min", "2 d 4 h", "12 min": a length of time for tables of speed. */
export function durationWords(minutes: number): string {
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = Math.round(minutes - hours * 60);
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const [days, rest] = [Math.floor(hours / 24), hours % 24];
  return rest ? `${days} d ${rest} h` : `${days} d`;
}
