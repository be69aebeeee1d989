import { z } from "zod";
import { appointmentLeadSchema, getStartedLeadSchema } from "./appointment-schema";
import { leadFormTypes, type LeadFormType } from "~/db/schema/lead-values";
import { leadBaseShape } from "./lead-fields";

/**
 * The body of POST /api/leads (spec §3, §7), used by the JSON API and by the
 * forms' native (no-JavaScript) posts alike. The browser builds the same
 * shape: its type is `LeadInput`.
 *
 * One variant per form type, told apart by `formType`, so `details` is
 * checked strictly for each: the appointment request and the get-started
 * form must send theirs (each field named in the 400 as `details.<field>`),
 * the hero and phone clicks must send none.
 */

const leadWithoutDetails = z.strictObject({
  ...leadBaseShape,
  formType: z.enum(["hero", "phone_click"]),
  details: z.never({ error: "Only the appointment and get-started forms send details." }).optional(),
});

export const leadSchema = z.discriminatedUnion(
  "formType",
  [leadWithoutDetails, appointmentLeadSchema, getStartedLeadSchema],
  {
    error: (issue) =>
      issue.code === "invalid_union" ? `formType must be one of ${leadFormTypes.join(", ")}.` : undefined,
  },
);

// Every form type the database accepts has its variant here, and no other.
type Covered = z.output<typeof leadSchema>["formType"];
const _everyFormType: [Covered] extends [LeadFormType] ? ([LeadFormType] extends [Covered] ? true : never) : never =
  true;

export type LeadInput = z.input<typeof leadSchema>;
export type LeadData = z.output<typeof leadSchema>;
