import { z } from "zod";
import { leadBaseShape } from "./lead-fields";
import { trimmed } from "~/lib/text-fields";
import {
  APPOINTMENT_LIMITS,
  contactMethods,
  contactTimes,
  OTHER_INSURANCE,
  patientStatuses,
  visitTypes,
} from "./appointment-options";

/**
 * The appointment request and the short get-started form as lead bodies:
 * the JSON API's leadSchema takes these two as its variants for
 * formType 'appointment' and 'get_started', the pages validate with them in
 * the browser and in their no-JavaScript actions. One schema, three places.
 */

const slug = (message: string) =>
  z
    .string({ error: message })
    .max(APPOINTMENT_LIMITS.slug, message)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, message);

/** Free text that may be left empty: "" (after trimming) is the same as leaving it out. */
const optionalText = (max: number, label: string) =>
  trimmed(max, label)
    .optional()
    .transform((v) => v || undefined);

/** A refinement run with `when` may see a value that failed to parse: only objects are looked into. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const contactConsent = z.literal(true, { error: "Please agree that we may contact you about this request." });

/** What the appointment request asks beyond the lead's contact fields (stored in `leads.details`). */
export const appointmentDetailsSchema = z
  .strictObject(
    {
      preferredContact: z.enum(contactMethods, { error: "Please choose how you'd like us to contact you." }),
      preferredTime: z.enum(contactTimes, { error: "Please choose a time of day for us to reach you." }),
      patientStatus: z.enum(patientStatuses, {
        error: "Please tell us whether you are new to our clinic or have been seen here before.",
      }),
      visitType: z.enum(visitTypes, { error: "Please choose in person or telehealth." }),
      // Only with telehealth, and then it must be true (Florida licensure).
      telehealthInFlorida: z.boolean({ error: "telehealthInFlorida must be true or false." }).optional(),
      // A location's slug or "no_preference"; only meaningful in person.
      location: slug("Please choose one of our offices, or No preference.").optional(),
      // An insurance provider's slug, "self_pay" or "other".
      insurance: slug("Please choose your insurance, self-pay, or Other / not sure."),
      insuranceOther: optionalText(APPOINTMENT_LIMITS.insuranceOther, "Insurance name"),
      note: optionalText(APPOINTMENT_LIMITS.note, "Your note"),
      contactConsent,
    },
    {
      error: (issue) =>
        issue.code === "invalid_type" ? "The appointment request needs its details (a JSON object)." : undefined,
    },
  )
  // These rules are checked even while other fields are wrong (`when`), so a
  // form shows every problem at once rather than one round at a time.
  .refine((d) => d.visitType !== "telehealth" || d.telehealthInFlorida === true, {
    path: ["telehealthInFlorida"],
    message: "For telehealth, please confirm you will be in Florida at the time of each visit.",
    when: ({ value }) => isObject(value),
  })
  .refine((d) => d.visitType !== "in_person" || d.telehealthInFlorida === undefined, {
    path: ["telehealthInFlorida"],
    message: "Only for telehealth visits.",
    when: ({ value }) => isObject(value),
  })
  .refine((d) => !d.insuranceOther || d.insurance === OTHER_INSURANCE, {
    path: ["insuranceOther"],
    message: "Only when the insurance is Other / not sure.",
    when: ({ value }) => isObject(value),
  });

export const appointmentLeadSchema = z
  .strictObject({
    ...leadBaseShape,
    formType: z.literal("appointment"),
    details: appointmentDetailsSchema,
  })
  // Texts need their own consent (TCPA): the visitor who asks for texts ticks the SMS box.
  .refine((lead) => !isObject(lead.details) || lead.details.preferredContact !== "text" || lead.smsOptIn === "true", {
    path: ["smsOptIn"],
    message: "To hear from us by text, please agree to text messages below, or choose phone or email.",
    when: ({ value }) => isObject(value),
  });

/** The short form's details: only the visitor's consent to be contacted, kept as a record of it. */
export const getStartedDetailsSchema = z.strictObject(
  { contactConsent },
  {
    error: (issue) =>
      issue.code === "invalid_type" ? "The get-started request needs its details (a JSON object)." : undefined,
  },
);

export const getStartedLeadSchema = z.strictObject({
  ...leadBaseShape,
  formType: z.literal("get_started"),
  details: getStartedDetailsSchema,
});

export type AppointmentDetails = z.output<typeof appointmentDetailsSchema>;
export type AppointmentLead = z.output<typeof appointmentLeadSchema>;
export type GetStartedLead = z.output<typeof getStartedLeadSchema>;
