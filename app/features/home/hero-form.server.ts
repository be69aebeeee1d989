import { data, redirect } from "react-router";
import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { HONEYPOT_FIELD } from "~/features/leads/lead-constants";
import type { LeadFormResult } from "~/features/leads/lead-form-result";
import { leadSchema } from "~/features/leads/lead-schema";
import { GENERAL_INQUIRY, splitFullName } from "~/features/leads/split-name";
import { submitLead } from "~/features/leads/submit-lead.server";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "~/lib/database-availability.server";
import { RateLimitedError, rateLimitedMessage } from "~/lib/rate-limit.server";

const heroFields = ["name", "email", "phone", "service"] as const;

/**
 * The hero form posted natively (no JavaScript). The same rules as the JSON
 * API: the spec's required-field check, then the shared lead schema; on
 * success the visitor lands on /thank-you, otherwise the page comes back with
 * the form filled in and the problem said.
 */
export async function handleHeroFormPost(
  request: Request,
  db: Db,
  services: ServerServices,
  clientIp: string,
  phone: string,
) {
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(heroFields.map((name) => [name, text(name)]));
  const fail = (status: number, error: string, fields: Record<string, string> = {}) =>
    data<LeadFormResult>({ values, error, fields }, { status });

  const missing = (["name", "email", "phone"] as const).filter((name) => !values[name]!.trim());
  if (missing.length > 0) {
    return fail(
      400,
      "Please fill in your name, email, and phone number.",
      Object.fromEntries(missing.map((name) => [name, "This field is required."])),
    );
  }

  const parsed = leadSchema.safeParse({
    ...splitFullName(values.name!),
    email: values.email,
    phone: values.phone,
    service: values.service || GENERAL_INQUIRY,
    formType: "hero",
    source: "/",
    smsOptIn: "false",
    [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = key === "firstName" || key === "lastName" ? "name" : key;
      fields[field] ??= issue.message;
    }
    return fail(400, "Please check the highlighted fields.", fields);
  }

  try {
    await submitLead(db, services, clientIp, parsed.data);
  } catch (error) {
    if (error instanceof RateLimitedError) return fail(429, rateLimitedMessage(error.retryAfterSeconds));
    if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
      return fail(
        503,
        `We could not send your request just now. Please try again in a moment, or call us at ${phone}.`,
      );
    }
    throw error;
  }
  return redirect("/thank-you", 303);
}
