import { z } from "zod";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { emailSchema, emptyHoneypot, sitePathSchema } from "~/lib/text-fields";

/**
 * The body of POST /api/newsletter/subscribe (spec §3, §7) and of the
 * newsletter forms' native posts (/newsletter). The footer box builds the
 * same shape with `import type` only, so zod stays out of every page's first
 * JavaScript; the server parses both with this one schema.
 *
 * `source` is the site path the visitor subscribed from: it is kept as the
 * consent record's source. `website` is the honeypot people never see.
 */
export const newsletterSchema = z.strictObject({
  email: emailSchema,
  source: sitePathSchema.optional(),
  [HONEYPOT_FIELD]: emptyHoneypot,
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterData = z.output<typeof newsletterSchema>;
