import type { LeadAttribution, LeadStatus, StaffRole } from "~/db/schema";
import {
  contactMethodLabels,
  contactTimeLabels,
  NO_LOCATION_PREFERENCE,
  OTHER_INSURANCE,
  SELF_PAY,
  type ContactMethod,
  type ContactTime,
} from "~/features/leads/appointment-options";
import { durationWords, formTypeWords, shortName, statusWords, waitedWords } from "~/features/leads/lead-words";
import { clinicDateTimeInputValue, formatClinicDateTime } from "~/lib/clinic-time";
import { leadPagePath } from "~/lib/lead-paths";
import { VISIT_PAGES_SHOWN } from "./lead-record-options";
import type { DuplicateRow, EventRow, LeadRow, StaffRow } from "./lead-record-rows.server";
import type { DuplicateCandidate, Fact, LeadRecord, LeadVisit, StaffChoice } from "./lead-record-types";
import { FORMER_STAFF, moment, timelineEntries } from "./timeline-words";

/** Roles that may be given a lead: those that see its details (access.ts's lead-details). */
const LEAD_ROLES: readonly StaffRole[] = ["admin", "intake"];

const visitTypeWords: Record<string, string> = { in_person: "In person", telehealth: "Telehealth (video)" };
const patientWords: Record<string, string> = { new: "New to the clinic", existing: "Seen here before" };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** What the person asked for, as the page lays it out for a phone call (their own words, never rephrased). */
function askedFacts(lead: LeadRow): Fact[] {
  const d = lead.details;
  const facts: Fact[] = [];
  const add = (term: string, value: string | null) => {
    if (value) facts.push({ term, value });
  };
  add("Service", lead.service ?? "Not chosen");
  const preferred = text(d.preferredContact);
  if (preferred) add("Preferred contact", contactMethodLabels[preferred as ContactMethod] ?? preferred);
  const time = text(d.preferredTime);
  if (time) add("Best time to reach them", contactTimeLabels[time as ContactTime] ?? time);
  const visitType = text(d.visitType);
  if (visitType) add("Visit type", visitTypeWords[visitType] ?? visitType);
  if (visitType === "telehealth") {
    add(
      "In Florida for telehealth",
      d.telehealthInFlorida === true ? "Yes, they confirmed they will be in Florida for each visit" : "Not confirmed",
    );
  }
  const location = text(d.location);
  if (location) {
    add(
      "Office",
      location === NO_LOCATION_PREFERENCE
        ? "No preference"
        : (lead.locationName ?? `An office no longer listed (${location})`),
    );
  } else if (visitType === "in_person") {
    add("Office", "No preference");
  }
  const insurance = text(d.insurance);
  if (insurance) {
    const other = text(d.insuranceOther);
    add(
      "Insurance",
      insurance === SELF_PAY
        ? "Self-pay"
        : insurance === OTHER_INSURANCE
          ? other
            ? `Other: ${other}`
            : "Other, or not sure"
          : (lead.insurerName ?? `An insurer no longer listed (${insurance})`),
    );
  }
  const patient = text(d.patientStatus);
  if (patient) add("Patient", patientWords[patient] ?? patient);
  add(
    "Text messages",
    lead.smsOptIn
      ? "Yes: they agreed to text messages about this request"
      : "No: they did not agree to texts, so call or e-mail",
  );
  if (d.contactConsent === true) add("Consent", "They agreed that we may contact them about this request");
  return facts;
}

const clickIds = [
  ["gclid", "Google Ads click"],
  ["gbraid", "Google Ads click (iOS app, gbraid)"],
  ["wbraid", "Google Ads click (iOS web, wbraid)"],
  ["fbclid", "Facebook or Instagram click"],
] as const satisfies readonly (readonly [keyof LeadAttribution, string])[];

/** An ad click id is only evidence of the click: its start is enough to match it in the ad account. */
function shortened(value: string): string {
  return value.length > 10 ? `${value.slice(0, 8)}…` : value;
}

/** Where the request came from: the channel decided at arrival and the parameters the visit carried. */
function sourceFacts(lead: LeadRow): Fact[] {
  const a = lead.attribution;
  const facts: Fact[] = [{ term: "Channel", value: lead.channel }];
  const add = (term: string, value: string | null | undefined) => {
    if (value) facts.push({ term, value });
  };
  add("Campaign", lead.campaign ?? a.utmCampaign);
  add("UTM source", a.utmSource);
  add("UTM medium", a.utmMedium);
  add("UTM term", a.utmTerm);
  add("UTM content", a.utmContent);
  const clicks = clickIds.filter(([key]) => a[key]).map(([key, words]) => `${words}: ${shortened(a[key]!)}`);
  add("Ad click", clicks.join("; ") || null);
  add("Landing page", lead.landingPage ?? a.landingPage);
  add("Referrer", a.referrer);
  add(lead.formType === "phone_click" ? "Page of the tap" : "Page of the form", lead.source);
  return facts;
}

function visitOf(lead: LeadRow, pages: { id: number; path: string; occurredAt: Date }[]): LeadVisit {
  if (lead.visitId === null || lead.visitStartedAt === null) return { known: false };
  const browser = [lead.visitBrowser, lead.visitOs && `on ${lead.visitOs}`].filter(Boolean).join(" ");
  const facts: Fact[] = [
    { term: "Started", value: formatClinicDateTime(lead.visitStartedAt) },
    { term: "Device", value: lead.visitDeviceType ? capitalised(lead.visitDeviceType) : "Unknown" },
    { term: "Browser", value: browser || "Unknown" },
    { term: "Entry page", value: lead.visitEntryPath ?? "Unknown" },
    { term: "Pages seen", value: String(lead.visitPageviews ?? pages.length) },
  ];
  return {
    known: true,
    facts,
    pages: pages
      .slice(0, VISIT_PAGES_SHOWN)
      .map((page) => ({ key: String(page.id), path: page.path, at: moment(page.occurredAt) })),
    more: pages.length > VISIT_PAGES_SHOWN,
  };
}

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function milestones(lead: LeadRow): Fact[] {
  const facts: Fact[] = [];
  if (lead.firstContactedAt) facts.push({ term: "First contact", value: formatClinicDateTime(lead.firstContactedAt) });
  if (lead.scheduledAt) facts.push({ term: "Scheduled", value: formatClinicDateTime(lead.scheduledAt) });
  if (lead.becamePatientAt) facts.push({ term: "Became a patient", value: formatClinicDateTime(lead.becamePatientAt) });
  return facts;
}

function duplicateCandidates(id: string, lead: LeadRow, rows: DuplicateRow[]): DuplicateCandidate[] {
  return rows.map((row) => ({
    id: row.id,
    href: leadPagePath(row.id),
    name: shortName(row.firstName, row.lastName),
    form: formTypeWords[row.formType] ?? row.formType,
    received: moment(row.createdAt),
    status: statusWords[row.status as LeadStatus] ?? row.status,
    isOriginal: lead.duplicateOf === row.id,
    isCopy: row.duplicateOf === id,
    sameBy: row.sameEmail && row.samePhone ? "Same e-mail and phone" : row.sameEmail ? "Same e-mail" : "Same phone",
  }));
}

const minutesBetween = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 60_000);

/** The page's data from the rows its reads returned. */
export function leadRecordView({
  lead,
  events,
  duplicates,
  pages,
  staff,
  promiseHours,
  now,
}: {
  lead: LeadRow;
  events: EventRow[];
  duplicates: DuplicateRow[];
  pages: { id: number; path: string; occurredAt: Date }[];
  staff: StaffRow[];
  promiseHours: number;
  now: Date;
}): LeadRecord {
  const isPhoneClick = lead.formType === "phone_click";
  const names = new Map(staff.map((person) => [person.id, person.name]));
  const assignable: StaffChoice[] = staff
    .filter((person) => !person.disabledAt && person.roles.some((role) => LEAD_ROLES.includes(role)))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const fullName = `${lead.firstName} ${lead.lastName}`.trim();
  const form = formTypeWords[lead.formType] ?? lead.formType;
  const firstContactMinutes = lead.firstContactedAt ? minutesBetween(lead.createdAt, lead.firstContactedAt) : null;
  return {
    id: lead.id,
    version: lead.version,
    isPhoneClick,
    name: isPhoneClick ? "Call tapped" : fullName,
    shortName: isPhoneClick ? "this tap" : shortName(lead.firstName, lead.lastName),
    contact: isPhoneClick
      ? null
      : {
          phone: lead.phone,
          phoneHref: `tel:${lead.phone.replace(/[^\d+]/g, "")}`,
          email: lead.email,
          emailHref: `mailto:${lead.email}`,
        },
    received: { ...moment(lead.createdAt), form, page: lead.source },
    waited:
      isPhoneClick || lead.firstContactedAt ? null : waitedWords(minutesBetween(lead.createdAt, now), promiseHours),
    firstContact:
      lead.firstContactedAt && firstContactMinutes !== null
        ? {
            ...moment(lead.firstContactedAt),
            after: durationWords(firstContactMinutes),
            inTime: firstContactMinutes <= promiseHours * 60,
          }
        : null,
    promiseHours,
    clock: { now: clinicDateTimeInputValue(now), arrived: clinicDateTimeInputValue(lead.createdAt) },
    asked: isPhoneClick ? [] : askedFacts(lead),
    note: isPhoneClick ? null : text(lead.details.note),
    source: sourceFacts(lead),
    visit: visitOf(lead, pages),
    pipeline: {
      status: lead.status,
      statusText: statusWords[lead.status] ?? lead.status,
      changed: moment(lead.statusChangedAt),
      milestones: milestones(lead),
      assignee: lead.assignedTo ? { id: lead.assignedTo, name: names.get(lead.assignedTo) ?? FORMER_STAFF } : null,
      duplicateOf: lead.duplicateOf
        ? {
            id: lead.duplicateOf,
            href: leadPagePath(lead.duplicateOf),
            name: shortName(lead.originalFirstName ?? "", lead.originalLastName ?? "") || "another lead",
          }
        : null,
    },
    staff: assignable,
    timeline: timelineEntries({ lead: { ...lead, fullName, form }, events, names }),
    duplicates: duplicateCandidates(lead.id, lead, duplicates),
  };
}
