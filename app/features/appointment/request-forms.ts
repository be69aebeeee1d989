import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { splitFullName } from "~/features/leads/split-name";
import { NO_LOCATION_PREFERENCE, NOT_SURE_SERVICE, OTHER_INSURANCE } from "~/features/leads/appointment-options";
import { APPOINTMENT_PATH, GET_STARTED_PATH } from "./request-paths";

/**
 * The two forms as the visitor fills them in: flat text values named like
 * their inputs (a native post sends exactly these), turned into lead bodies
 * and, in request-form-check.ts, checked with the lead schemas. The browser
 * (before its JSON post) and the pages' no-JavaScript actions both go
 * through here, so both say the same things about the same mistakes. No zod
 * in this module: it is part of the pages' first JavaScript.
 */

export const appointmentFields = [
  "name",
  "email",
  "phone",
  "patientStatus",
  "preferredContact",
  "preferredTime",
  "service",
  "visitType",
  "telehealthInFlorida",
  "location",
  "insurance",
  "insuranceOther",
  "note",
  "contactConsent",
  "smsOptIn",
] as const;

export const getStartedFields = ["name", "email", "phone", "service", "contactConsent"] as const;

export type AppointmentField = (typeof appointmentFields)[number];
export type GetStartedField = (typeof getStartedFields)[number];
export type FormValues<F extends string> = Record<F, string>;

/** What a ticked checkbox posts (the browser's default value). */
export const CHECKED = "on";

export const emptyAppointmentForm: FormValues<AppointmentField> = {
  name: "",
  email: "",
  phone: "",
  patientStatus: "",
  preferredContact: "phone",
  preferredTime: "any",
  service: NOT_SURE_SERVICE,
  visitType: "",
  telehealthInFlorida: "",
  location: NO_LOCATION_PREFERENCE,
  insurance: "",
  insuranceOther: "",
  note: "",
  contactConsent: "",
  smsOptIn: "",
};

export const emptyGetStartedForm: FormValues<GetStartedField> = {
  name: "",
  email: "",
  phone: "",
  service: NOT_SURE_SERVICE,
  contactConsent: "",
};

/**
 * The form's own fields out of a posted body, anything else left behind. A
 * field not posted is empty (an unticked checkbox is never posted), not its
 * default.
 */
export function pickValues<F extends string>(fields: readonly F[], posted: Record<string, string>): FormValues<F> {
  return Object.fromEntries(fields.map((field) => [field, posted[field] ?? ""])) as FormValues<F>;
}

const ticked = (value: string) => value === CHECKED;
const honeypot = (value: string | undefined) => (value ? { [HONEYPOT_FIELD]: value } : {});

/** The appointment request's lead body, with only what fits the visit type and insurance chosen. */
export function appointmentLeadBody(values: FormValues<AppointmentField>, trap?: string) {
  const telehealth = values.visitType === "telehealth";
  const inPerson = values.visitType === "in_person";
  return {
    ...splitFullName(values.name),
    email: values.email,
    phone: values.phone,
    service: values.service || NOT_SURE_SERVICE,
    formType: "appointment" as const,
    source: APPOINTMENT_PATH,
    smsOptIn: ticked(values.smsOptIn) ? ("true" as const) : ("false" as const),
    details: {
      preferredContact: values.preferredContact || undefined,
      preferredTime: values.preferredTime || undefined,
      patientStatus: values.patientStatus || undefined,
      visitType: values.visitType || undefined,
      ...(telehealth ? { telehealthInFlorida: ticked(values.telehealthInFlorida) } : {}),
      ...(inPerson ? { location: values.location || NO_LOCATION_PREFERENCE } : {}),
      insurance: values.insurance || undefined,
      ...(values.insurance === OTHER_INSURANCE && values.insuranceOther.trim()
        ? { insuranceOther: values.insuranceOther }
        : {}),
      ...(values.note.trim() ? { note: values.note } : {}),
      contactConsent: ticked(values.contactConsent),
    },
    ...honeypot(trap),
  };
}

export function getStartedLeadBody(values: FormValues<GetStartedField>, trap?: string) {
  return {
    ...splitFullName(values.name),
    email: values.email,
    phone: values.phone,
    service: values.service || NOT_SURE_SERVICE,
    formType: "get_started" as const,
    source: GET_STARTED_PATH,
    smsOptIn: "false" as const,
    details: { contactConsent: ticked(values.contactConsent) },
    ...honeypot(trap),
  };
}

/** Messages per input from a 400's `fields` ("details.note" → note). */
export function messagesFromFields<F extends string>(
  fields: readonly F[],
  named: Record<string, string>,
): Partial<Record<F, string>> {
  return messagesByField(
    fields,
    Object.entries(named).map(([path, message]) => [path.split("."), message] as [string[], string]),
  );
}

/** The summary's sentence above the listed problems. */
export function problemsSentence(count: number) {
  return count === 1 ? "Please fix 1 problem below." : `Please fix ${count} problems below.`;
}

export type FormCheck<F extends string, L> =
  { ok: true; lead: L } | { ok: false; fields: Partial<Record<F, string>>; trapped: boolean };

/**
 * Which input a message belongs to: the lead's name parts are the one
 * "name" input, `details.<field>` is the input of that name.
 */
export function fieldOf<F extends string>(fields: readonly F[], path: readonly PropertyKey[]): F | undefined {
  const key = String(path[0] === "details" ? path[1] : path[0]);
  const field = key === "firstName" || key === "lastName" ? "name" : key;
  return (fields as readonly string[]).includes(field) ? (field as F) : undefined;
}

/** Messages per input, in the order of the form, from a 400's `fields` or a schema's issues. */
export function messagesByField<F extends string>(
  fields: readonly F[],
  entries: Iterable<[path: readonly PropertyKey[], message: string]>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const [path, message] of entries) {
    const field = fieldOf(fields, path);
    if (!field || found[field]) continue;
    // The name is one input: "first name" would puzzle the person who typed it.
    found[field] =
      field === "name" && path[0] === "firstName" && /^Please enter/.test(message)
        ? "Please enter your name."
        : message;
  }
  return Object.fromEntries(fields.filter((f) => found[f]).map((f) => [f, found[f]])) as Partial<Record<F, string>>;
}
