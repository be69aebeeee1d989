import type { LeadStatus } from "~/db/schema";
import { shortName, statusWords } from "~/features/leads/lead-words";
import { CLINIC_TIME_ZONE, clinicDayOf, dayKey, formatClinicDateTime } from "~/lib/clinic-time";
import { leadPagePath } from "~/lib/lead-paths";
import {
  contactMethodVerbs,
  contactOutcomeWords,
  type ContactAttemptMethod,
  type ContactAttemptOutcome,
} from "./lead-record-options";
import type { Moment, TimelineEntry } from "./lead-record-types";

/** The timeline and the conflict message in words, from the lead_events rows. */

export const FORMER_STAFF = "A former staff member";

/** A moment as the page shows it: ISO for <time>, words in clinic time. */
export const moment = (at: Date): Moment => ({ iso: at.toISOString(), text: formatClinicDateTime(at) });

interface EventFacts {
  id: number;
  at: Date;
  actorId: string | null;
  kind: string;
  detail: Record<string, unknown>;
  namedId?: string | null;
  namedFirstName?: string | null;
  namedLastName?: string | null;
}

const str = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const status = (value: unknown) => statusWords[value as LeadStatus] ?? String(value);

/** Who did it: their name, or "A former staff member" when the account is gone. */
function who(names: ReadonlyMap<string, string>, id: string | null | undefined): string {
  return (id && names.get(id)) || FORMER_STAFF;
}
const whoLower = (names: ReadonlyMap<string, string>, id: string | null | undefined) => {
  const name = who(names, id);
  return name === FORMER_STAFF ? "a former staff member" : name;
};

function entry(event: EventFacts, names: ReadonlyMap<string, string>): TimelineEntry {
  const base = { key: String(event.id), at: moment(event.at) };
  const actor = who(names, event.actorId);
  const d = event.detail;
  switch (event.kind) {
    case "status": {
      const reason = str(d.reason);
      return {
        ...base,
        kind: "status",
        sentence: `${actor} changed the status from ${status(d.from)} to ${status(d.to)}`,
        ...(reason ? { quote: { label: "Reason", text: reason } } : {}),
      };
    }
    case "contact": {
      const verb = contactMethodVerbs[d.method as ContactAttemptMethod] ?? "contacted them";
      const outcome = contactOutcomeWords[d.outcome as ContactAttemptOutcome] ?? String(d.outcome);
      const note = str(d.note);
      return {
        ...base,
        kind: "contact",
        sentence: `${actor} ${verb} — ${outcome.toLowerCase()}`,
        ...(note ? { quote: { label: "Note", text: note } } : {}),
      };
    }
    case "note":
      return {
        ...base,
        kind: "note",
        sentence: `${actor} added a note`,
        quote: { label: "Note", text: str(d.text) ?? "" },
      };
    case "assigned": {
      const to = str(d.to);
      const from = str(d.from);
      return {
        ...base,
        kind: "assigned",
        sentence: to
          ? `${actor} assigned the lead to ${whoLower(names, to)}`
          : `${actor} removed the assignment${from ? ` (it was ${whoLower(names, from)})` : ""}`,
      };
    }
    case "duplicate":
      return event.namedId
        ? {
            ...base,
            kind: "duplicate",
            sentence: `${actor} marked this lead as a duplicate of`,
            link: {
              href: leadPagePath(event.namedId),
              label: shortName(event.namedFirstName ?? "", event.namedLastName ?? "") || "another lead",
            },
          }
        : { ...base, kind: "duplicate", sentence: `${actor} marked this lead as a duplicate of a lead since deleted` };
    default:
      return { ...base, kind: "note", sentence: `${actor} changed the lead` };
  }
}

/** Every event, newest first, and the arrival last (the oldest). */
export function timelineEntries({
  lead,
  events,
  names,
}: {
  lead: { createdAt: Date; formType: string; fullName: string; form: string; source: string };
  events: EventFacts[];
  names: ReadonlyMap<string, string>;
}): TimelineEntry[] {
  const arrival: TimelineEntry = {
    key: "arrived",
    at: moment(lead.createdAt),
    kind: "arrived",
    sentence:
      lead.formType === "phone_click"
        ? `Someone tapped the clinic's phone link on ${lead.source}`
        : `${lead.fullName} sent a request (${lead.form})`,
  };
  return [...events.map((event) => entry(event, names)), arrival];
}

const timeOfDay = new Intl.DateTimeFormat("en-US", { timeZone: CLINIC_TIME_ZONE, timeStyle: "short" });
const dayOfYear = new Intl.DateTimeFormat("en-US", { timeZone: CLINIC_TIME_ZONE, month: "short", day: "numeric" });
const clean = (text: string) => text.replace(/\u202f/g, " ");

/** "at 2:05 PM" today (clinic time), "on Mar 10 at 2:05 PM" before. */
export function whenWords(at: Date, now: Date): string {
  const time = clean(timeOfDay.format(at));
  return dayKey(clinicDayOf(at)) === dayKey(clinicDayOf(now)) ? `at ${time}` : `on ${dayOfYear.format(at)} at ${time}`;
}

/**
 * What the other person did, from the newest versioned event: "Sam Stafford
 * changed this lead to Scheduled at 2:05 PM while you were looking at it."
 */
export function conflictWords(event: EventFacts | undefined, names: ReadonlyMap<string, string>, now: Date): string {
  if (!event) return "Someone else changed this lead while you were looking at it.";
  const actor = who(names, event.actorId);
  const when = whenWords(event.at, now);
  const d = event.detail;
  switch (event.kind) {
    case "status":
      return `${actor} changed this lead to ${status(d.to)} ${when} while you were looking at it.`;
    case "assigned": {
      const to = str(d.to);
      return `${actor} ${to ? `assigned this lead to ${whoLower(names, to)}` : "removed this lead's assignment"} ${when} while you were looking at it.`;
    }
    case "duplicate":
      return `${actor} marked this lead as a duplicate ${when} while you were looking at it.`;
    default:
      return `${actor} changed this lead ${when} while you were looking at it.`;
  }
}
