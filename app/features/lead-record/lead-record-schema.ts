import { z } from "zod";
import { leadStatuses } from "~/db/schema/lead-values";
import { parseClinicDateTimeInput } from "~/lib/clinic-time";
import { trimmed } from "~/lib/text-fields";
import {
  contactAttemptMethods,
  contactAttemptOutcomes,
  deletionReasons,
  LEAD_RECORD_LIMITS,
  type LeadIntent,
} from "./lead-record-options";

/**
 * What the forms of a lead's page may post, one schema per `intent`. A
 * refusal names the field (400); the hidden fields (version, target) say
 * what to do in the form's sentence instead.
 */

/** Free text that may be left empty: "" after trimming is the same as nothing. */
const optionalText = (max: number, label: string) =>
  trimmed(max, label)
    .optional()
    .transform((value) => value || null);

/** The lead's version the page was drawn from: a change made on an older one is a conflict (409). */
const version = z
  .string({ error: "This form is missing part of the page. Please reload the page and try again." })
  .regex(/^[1-9]\d{0,8}$/, "This form is missing part of the page. Please reload the page and try again.")
  .transform(Number);

/** A lead's id as its page's address and forms carry it: a UUID, checked before it reaches the database. */
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isLeadId(value: string | undefined): value is string {
  return typeof value === "string" && LEAD_ID.test(value);
}

const statusChange = z.object({
  intent: z.literal("status"),
  status: z.enum(leadStatuses, { error: "Choose one of the statuses in the list." }),
  reason: optionalText(LEAD_RECORD_LIMITS.reason, "The reason"),
  version,
});

const contactAttempt = z
  .object({
    intent: z.literal("contact"),
    method: z.enum(contactAttemptMethods, { error: "Choose how you tried to reach them." }),
    outcome: z.enum(contactAttemptOutcomes, { error: "Choose what happened." }),
    // A datetime-local field in clinic time; left empty, it means now.
    at: z
      .string({ error: "Enter when it happened." })
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        const at = parseClinicDateTimeInput(value);
        if (!at) {
          ctx.addIssue({ code: "custom", message: "Enter a date and time, like 03/10/2026 02:05 PM." });
          return z.NEVER;
        }
        return at;
      }),
    note: optionalText(LEAD_RECORD_LIMITS.contactNote, "The note"),
  })
  .refine((attempt) => attempt.outcome !== "sent" || attempt.method !== "call", {
    path: ["outcome"],
    message: "“E-mail or text sent” is for an e-mail or a text; for a call, choose what happened on the call.",
  });

const assignment = z.object({
  intent: z.literal("assign"),
  // "" is "Nobody".
  assignee: z.union([z.literal(""), z.uuid({ error: "Choose someone from the list, or Nobody." })], {
    error: "Choose someone from the list, or Nobody.",
  }),
  version,
});

const note = z.object({
  intent: z.literal("note"),
  text: trimmed(LEAD_RECORD_LIMITS.note, "The note").min(1, "Write the note first."),
});

const duplicateMark = z.object({
  intent: z.literal("duplicate"),
  target: z.string({ error: "Choose the lead this one repeats." }).regex(LEAD_ID, "That lead was not found."),
  version,
});

const deletion = z.object({
  intent: z.literal("delete"),
  deletionReason: z.enum(deletionReasons, { error: "Choose why this lead is being deleted." }),
  confirm: z.literal("yes", { error: "Tick the box to confirm that this lead is to be deleted for good." }),
});

export const leadActionSchema = z.discriminatedUnion(
  "intent",
  [statusChange, contactAttempt, assignment, note, duplicateMark, deletion],
  { error: "This form could not be understood. Please reload the page and try again." },
);

export type LeadAction = z.output<typeof leadActionSchema>;
export type LeadActionOf<I extends LeadIntent> = Extract<LeadAction, { intent: I }>;

/** The names of the fields of the page's forms, as their answers name them. */
export type LeadField =
  "status" | "reason" | "method" | "outcome" | "at" | "note" | "assignee" | "text" | "deletionReason" | "confirm";

/** Fields that are part of the form but not shown: a problem with one is said in the form's sentence. */
export const HIDDEN_FIELDS = new Set(["version", "target", "intent"]);
