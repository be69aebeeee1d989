import type { LeadStatus } from "~/db/schema";
import type { Waited } from "~/features/leads/lead-words";
import type { FormAnswer } from "~/lib/form-answer";
import type { LeadField } from "./lead-record-schema";
import type { LeadIntent } from "./lead-record-options";

/** One line of a description list: "Best time — Mornings". */
export interface Fact {
  term: string;
  value: string;
}

/** A moment as the page shows it: the ISO time for <time>, the words in clinic time. */
export interface Moment {
  iso: string;
  text: string;
}

export interface StaffChoice {
  id: string;
  name: string;
}

/** One entry of the lead's timeline, newest first: "Sam Stafford changed the status from New to Contacted". */
export interface TimelineEntry {
  key: string;
  at: Moment;
  kind: "arrived" | "status" | "contact" | "note" | "assigned" | "duplicate";
  /** The whole sentence, who included. */
  sentence: string;
  /** A lead named by the entry ("Marked as a duplicate of Avery Q."). */
  link?: { href: string; label: string };
  /** What staff typed with it: the reason, the contact's note, or the note itself. */
  quote?: { label: string; text: string };
}

/** Another lead with the same e-mail or phone number. */
export interface DuplicateCandidate {
  id: string;
  href: string;
  /** "Avery Q." */
  name: string;
  form: string;
  received: Moment;
  status: string;
  /** This lead is already marked as a duplicate of that one. */
  isOriginal: boolean;
  /** That lead is marked as a duplicate of this one (so this one cannot be marked as its duplicate). */
  isCopy: boolean;
  /** Why it looks like the same person: "Same e-mail", "Same phone", or both. */
  sameBy: string;
}

export interface VisitPage {
  key: string;
  path: string;
  at: Moment;
}

/** The analytics visit that led to the request, when the server could tell which it was. */
export type LeadVisit = { known: false } | { known: true; facts: Fact[]; pages: VisitPage[]; more: boolean };

/** Everything a lead's page shows (for staff with lead details only: access.ts). */
export interface LeadRecord {
  id: string;
  /** Raised by every change of status, assignment or duplicate mark; the versioned forms send it back. */
  version: number;
  /** A tap on the clinic's phone link: no person to call back. */
  isPhoneClick: boolean;
  /** The person's full name (the page's heading); "Call tapped" for a phone click. */
  name: string;
  /** "Avery Q.": for the buttons' accessible names. */
  shortName: string;
  /** How to reach them; null for a phone click (its number is the clinic's). */
  contact: { phone: string; phoneHref: string; email: string; emailHref: string } | null;
  received: Moment & { form: string; page: string };
  /** How long it has waited for a first contact, against the promise; null once contacted, or for a phone click. */
  waited: Waited | null;
  /** When the first contact (or attempt) was, and how long after arrival. */
  firstContact: (Moment & { after: string; inTime: boolean }) | null;
  promiseHours: number;
  /** The contact form's datetime-local bounds in clinic time: now (its default) and the arrival. */
  clock: { now: string; arrived: string };
  /** What they asked for, as they sent it. */
  asked: Fact[];
  /** Their own note, as they typed it. */
  note: string | null;
  /** The attribution of the request. */
  source: Fact[];
  visit: LeadVisit;
  pipeline: {
    status: LeadStatus;
    statusText: string;
    changed: Moment;
    milestones: Fact[];
    assignee: StaffChoice | null;
    duplicateOf: { id: string; href: string; name: string } | null;
  };
  /** Who a lead can be assigned to: active staff with lead details. */
  staff: StaffChoice[];
  timeline: TimelineEntry[];
  duplicates: DuplicateCandidate[];
}

/** What another staff member changed while the page was open (a 409). */
export interface LeadConflict {
  /** "Sam Stafford changed this lead to Scheduled at 2:05 PM while you were looking at it." */
  what: string;
  /** "Your change (to Contacted) was not saved." */
  yours: string;
}

/** What the page's action answers (a FormAnswer), for the form of its `intent`. */
export type LeadAnswer = FormAnswer<LeadField> & {
  intent?: LeadIntent | string;
  conflict?: LeadConflict;
};
