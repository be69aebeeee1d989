import { data, redirect, type RouterContextProvider } from "react-router";
import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { LeadFormResult } from "~/features/leads/lead-form-result";
import { leadSchema } from "~/features/leads/lead-schema";
import { GENERAL_INQUIRY, splitFullName } from "~/features/leads/split-name";
import { submitLead } from "~/features/leads/submit-lead.server";
import { readFormValues } from "~/lib/form-values";
import { pageWriteFailure } from "~/lib/page-write-failure.server";

const heroFields = ["name", "email", "phone", "service"] as const;

/**
 * The hero form posted natively (no JavaScript). The same rules as the JSON
 * API: the spec's required-field check, then the shared lead schema; on
 * success the visitor lands on /thank-you, otherwise the page comes back with
 * the form filled in and the problem said.
 */
export async function handleHeroFormPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  db: Db,
  services: ServerServices,
  clientIp: string,
) {
  const form = (await readFormValues(request)) ?? {};
  const text = (name: string) => form[name] ?? "";
  const values = Object.fromEntries(heroFields.map((name) => [name, text(name)]));
  const fail = (status: number, error: string, fields: Record<string, string> = {}, headers = {}) =>
    data<LeadFormResult>({ values, error, fields }, { status, headers });

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
    const failure = pageWriteFailure(error, context);
    return fail(failure.status, failure.message, {}, failure.headers);
  }
  return redirect("/thank-you", 303);
}
