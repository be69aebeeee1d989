import { z } from "zod";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { emailSchema, emptyHoneypot, sitePathSchema, trimmed } from "~/lib/text-fields";
import { LEAD_LIMITS } from "./lead-constants";

/**
 * The fields every lead shares, as zod schemas with nothing else imported:
 * the appointment and get-started forms validate with them in the browser,
 * so this module must stay free of server code (the database schema, say).
 * The full body of POST /api/leads is put together in lead-schema.ts.
 */

const required = (max: number, label: string) =>
  trimmed(max, label).min(1, `Please enter your ${label.toLowerCase()}.`);

export const phoneSchema = trimmed(LEAD_LIMITS.phone, "Phone")
  .min(1, "Please enter your phone number.")
  .refine((v) => /^[0-9+().\-\s]+$/.test(v), "Phone may contain only digits, spaces and + ( ) . -")
  .refine((v) => {
    const digits = v.replace(/\D/g, "").length;
    return digits >= 10 && digits <= 15;
  }, "Please enter a phone number with area code (10 to 15 digits).");

const attributionValue = trimmed(LEAD_LIMITS.attribution, "Campaign value").optional();

export const attributionSchema = z
  .strictObject({
    utmSource: attributionValue,
    utmMedium: attributionValue,
    utmCampaign: attributionValue,
    utmTerm: attributionValue,
    utmContent: attributionValue,
    gclid: attributionValue,
    gbraid: attributionValue,
    wbraid: attributionValue,
    fbclid: attributionValue,
    landingPage: sitePathSchema.optional(),
    referrer: attributionValue,
  })
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v)) as Record<string, string>);

/** The lead body's fields other than formType and details (spec §7 plus attribution and the honeypot). */
export const leadBaseShape = {
  firstName: required(LEAD_LIMITS.name, "First name"),
  lastName: trimmed(LEAD_LIMITS.name, "Last name").default(""),
  email: emailSchema,
  phone: phoneSchema,
  service: trimmed(LEAD_LIMITS.service, "Service").optional(),
  source: sitePathSchema,
  smsOptIn: z.enum(["true", "false"], { error: "smsOptIn must be 'true' or 'false'." }).default("false"),
  attribution: attributionSchema.optional(),
  [HONEYPOT_FIELD]: emptyHoneypot,
};
