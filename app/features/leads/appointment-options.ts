/**
 * The choices of the appointment request and the words shown for them. No
 * zod here: the page's markup needs these, the schema builds on them.
 */

export const contactMethods = ["phone", "email", "text"] as const;
export const contactTimes = ["morning", "afternoon", "evening", "any"] as const;
export const patientStatuses = ["new", "existing"] as const;
export const visitTypes = ["in_person", "telehealth"] as const;

export type ContactMethod = (typeof contactMethods)[number];
export type ContactTime = (typeof contactTimes)[number];
export type PatientStatus = (typeof patientStatuses)[number];
export type VisitType = (typeof visitTypes)[number];

export const contactMethodLabels: Record<ContactMethod, string> = {
  phone: "Phone call",
  email: "Email",
  text: "Text message",
};

export const contactTimeLabels: Record<ContactTime, string> = {
  morning: "Morning",
  afternoon: "Afternoon",
  evening: "Evening",
  any: "Any time",
};

export const patientStatusLabels: Record<PatientStatus, string> = {
  new: "I'm a new patient",
  existing: "I've been seen here before",
};

export const visitTypeLabels: Record<VisitType, string> = {
  in_person: "In person, at one of our offices",
  telehealth: "Telehealth (secure video)",
};

/** The service when the visitor does not know yet (the hero says "General Inquiry"). */
export const NOT_SURE_SERVICE = "Not sure yet";
/** Stored in `details.location` when any office will do. */
export const NO_LOCATION_PREFERENCE = "no_preference";
/** Stored in `details.insurance` besides a provider's slug. */
export const SELF_PAY = "self_pay";
export const OTHER_INSURANCE = "other";

export const APPOINTMENT_LIMITS = {
  note: 500,
  insuranceOther: 100,
  /** Location and insurance provider slugs. */
  slug: 100,
} as const;
