import { z } from "zod";
import { EMAIL_MAX, SITE_PATH_MAX } from "./text-limits";

/**
 * Field rules that every form of the site shares, as zod schemas with nothing
 * else imported: the browser loads them with a form's check, so this module
 * stays free of server code.
 */

/** Text, trimmed, at most `max` characters, without a NUL character. */
export const trimmed = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    // PostgreSQL text and jsonb cannot hold a NUL character: refuse it here with a 400, not a 500 at insert.
    .refine((v) => !v.includes("\u0000"), `${label} contains a character that is not allowed.`);

export const emailSchema = trimmed(EMAIL_MAX, "Email")
  .min(1, "Please enter your email address.")
  .pipe(z.email("Please enter a valid email address."));

/** A site path such as "/" or "/anxiety-therapy": never a query string, which could carry personal data. */
export const sitePathSchema = z
  .string({ error: "Source must be text." })
  .max(SITE_PATH_MAX, `Source must be at most ${SITE_PATH_MAX} characters.`)
  // eslint-disable-next-line no-control-regex -- a NUL cannot be stored by PostgreSQL: refusing it is the point
  .regex(/^\/[^\s?#\u0000]*$/, "Source must be a site path such as /contact.");

/** The honeypot's rule: present or not, it must be empty. */
export const emptyHoneypot = z
  .string({ error: "Leave this field empty." })
  .max(0, "Leave this field empty.")
  .optional();
