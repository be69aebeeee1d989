import { redirect, type RouterContextProvider } from "react-router";
import { databaseContext, servicesContext, writeClientOf } from "~/context";
import { leadSchema } from "~/features/leads/lead-schema";
import { GENERAL_INQUIRY, splitFullName } from "~/features/leads/split-name";
import { submitLead } from "~/features/leads/submit-lead.server";
import { refused, schemaProblems, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import {
  CHECK_FIELDS_MESSAGE,
  heroFieldFor,
  heroFields,
  MISSING_MESSAGE,
  missingFields,
  type HeroField,
} from "./hero-form";

/**
 * The hero form posted natively (no JavaScript). The same rules as the JSON
 * API: the spec's required-field check, then the shared lead schema; on
 * success the visitor lands on /thank-you, otherwise the page comes back with
 * the form filled in and the problem said (a FormAnswer, as the browser's
 * own JSON post makes of the API's answer).
 */
export async function handleHeroFormPost(request: Request, context: Readonly<RouterContextProvider>) {
  const form = (await readFormValues(request)) ?? {};
  const values = Object.fromEntries(heroFields.map((name) => [name, form[name] ?? ""])) as Record<HeroField, string>;

  const missing = missingFields(values);
  if (Object.keys(missing).length > 0) return refused<HeroField>({ message: MISSING_MESSAGE, fields: missing, values });

  const parsed = leadSchema.safeParse({
    ...splitFullName(values.name),
    email: values.email,
    phone: values.phone,
    service: values.service || GENERAL_INQUIRY,
    formType: "hero",
    source: "/",
    smsOptIn: "false",
    [HONEYPOT_FIELD]: form[HONEYPOT_FIELD] ?? "",
  });
  if (!parsed.success) {
    const { fields } = schemaProblems(parsed.error, heroFieldFor);
    return refused<HeroField>({ message: CHECK_FIELDS_MESSAGE, fields, values });
  }

  try {
    await submitLead(
      context.get(databaseContext).db,
      context.get(servicesContext),
      writeClientOf(request, context),
      parsed.data,
    );
  } catch (error) {
    return writeFailed<HeroField>(error, context, { values });
  }
  return redirect("/thank-you", 303);
}
