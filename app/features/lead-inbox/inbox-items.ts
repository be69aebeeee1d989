import {
  contactMethodLabels,
  contactTimeLabels,
  type ContactMethod,
  type ContactTime,
} from "~/features/leads/appointment-options";
import { formTypeWords, shortName, statusWords, waitedWords, type Waited } from "~/features/leads/lead-words";
import { formatClinicDateTime } from "~/lib/clinic-time";
import type { LeadFormType, LeadStatus } from "~/db/schema";
import type { InboxRow } from "./inbox-query.server";

/** A row of the inbox as the page draws it: words, never more of the person than the list needs. */
export interface InboxItem {
  id: string;
  /** "Avery Q."; a tapped phone link names no one. */
  name: string;
  formType: LeadFormType;
  form: string;
  receivedAt: string;
  receivedText: string;
  /** How long it has waited for a first contact, while it waits (phone taps never do). */
  waited: Waited | null;
  service: string | null;
  /** "Phone call, mornings" (the appointment request asks); null when the form did not. */
  preferred: string | null;
  channel: string;
  campaign: string | null;
  landingPage: string | null;
  status: LeadStatus;
  statusText: string;
  assignedTo: string | null;
}

export function toInboxItem(row: InboxRow, now: Date, promiseHours: number): InboxItem {
  const isCall = row.formType === "phone_click";
  const waiting = !isCall && row.status === "new" && row.firstContactedAt === null;
  const method = row.preferredContact ? contactMethodLabels[row.preferredContact as ContactMethod] : undefined;
  const time = row.preferredTime ? contactTimeLabels[row.preferredTime as ContactTime] : undefined;
  return {
    id: row.id,
    name: isCall ? "Phone link tapped" : shortName(row.firstName, row.lastName),
    formType: row.formType,
    form: formTypeWords[row.formType],
    receivedAt: row.createdAt.toISOString(),
    receivedText: formatClinicDateTime(row.createdAt),
    waited: waiting ? waitedWords(Math.max(0, (now.getTime() - row.createdAt.getTime()) / 60_000), promiseHours) : null,
    service: row.service,
    preferred: method ? (time ? `${method}, ${time.toLowerCase()}` : method) : null,
    channel: row.channel,
    campaign: row.campaign,
    landingPage: row.landingPage,
    status: row.status,
    statusText: statusWords[row.status],
    assignedTo: row.assignedName,
  };
}
