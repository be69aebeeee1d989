/**
 * The name of the hidden field bots fill in and people never see. Every
 * public form carries it (app/components/ui/honeypot-field.tsx) and every
 * schema that reads a public form refuses a filled one.
 */
export const HONEYPOT_FIELD = "website";
