import { z } from "zod";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "./lead-constants";

/**
 * The fields every lead shares, as zod schemas with nothing else imported:
 * the appointment and get-started forms validate with them in the browser,
 * so this module must stay free of server code (the database schema, say).
 * The full body of POST /api/leads is put together in lead-schema.ts.
 */

export const trimmed = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    // PostgreSQL text and jsonb cannot hold a NUL character: refuse it here with a 400, not a 500 at insert.
    .refine((v) => !v.includes("\u0000"), `${label} contains a character that is not allowed.`);

const required = (max: number, label: string) =>
  trimmed(max, label).min(1, `Please enter your ${label.toLowerCase()}.`);

export const phoneSchema = trimmed(LEAD_LIMITS.phone, "Phone")
  .min(1, "Please enter your phone number.")
  .refine((v) => /^[0-9+().\-\s]+$/.test(v), "Phone may contain only digits, spaces and + ( ) . -")
  .refine((v) => {
    const digits = v.replace(/\D/g, "").length;
    return digits >= 10 && digits <= 15;
  }, "Please enter a phone number with area code (10 to 15 digits).");

export const emailSchema = trimmed(LEAD_LIMITS.email, "Email")
  .min(1, "Please enter your email address.")
  .pipe(z.email("Please enter a valid email address."));

/** A site path such as "/" or "/anxiety-therapy": never a query string, which could carry personal data. */
export const sitePathSchema = z
  .string({ error: "Source must be text." })
  .max(LEAD_LIMITS.source, `Source must be at most ${LEAD_LIMITS.source} characters.`)
  // eslint-disable-next-line no-control-regex -- a NUL cannot be stored by PostgreSQL: refusing it is the point
  .regex(/^\/[^\s?#\u0000]*$/, "Source must be a site path such as /contact.");

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
  [HONEYPOT_FIELD]: z.string().max(0, "Leave this field empty.").optional(),
};
