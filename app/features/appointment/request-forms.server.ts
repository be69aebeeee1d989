import { redirect, type RouterContextProvider } from "react-router";
import { databaseContext, servicesContext, writeClientOf } from "~/context";
import { LeadChoiceError } from "~/features/leads/lead-choices.server";
import type { LeadData } from "~/features/leads/lead-schema";
import { submitLead } from "~/features/leads/submit-lead.server";
import { refused, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import {
  appointmentFields,
  getStartedFields,
  messagesFromFields,
  pickValues,
  problemsSentence,
  type FormCheck,
} from "./request-forms";

type Check = (values: Record<string, string>, trap?: string) => FormCheck<string, LeadData>;

// The check module is imported the way the browser imports it (on demand), so
// the bundler keeps it out of the pages' first JavaScript without a warning.
const forms: Record<"appointment" | "get_started", { fields: readonly string[]; check: () => Promise<Check> }> = {
  appointment: {
    fields: appointmentFields,
    check: async () => (await import("./request-form-check")).checkAppointmentForm as Check,
  },
  get_started: {
    fields: getStartedFields,
    check: async () => (await import("./request-form-check")).checkGetStartedForm as Check,
  },
};

/**
 * The appointment request or the get-started form posted natively (no
 * JavaScript): the same values, schema and messages as the browser's own
 * check and the JSON API. Success is a 303 to /thank-you; anything else
 * brings the page back with every value kept and each problem said.
 */
export async function handleRequestFormPost(
  kind: keyof typeof forms,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { fields } = forms[kind];
  const check = await forms[kind].check();
  const posted = await readFormValues(request);
  const values = pickValues(fields, posted ?? {});

  if (!posted) return refused({ message: "This form could not be read. Please try again.", values });
  const result = check(values, posted[HONEYPOT_FIELD]);
  if (!result.ok) {
    // The hidden trap field filled in: no field to point at, and nothing to tell a bot.
    if (result.trapped) return refused({ message: "This form could not be sent. Please call us instead.", values });
    const problems = result.fields;
    return refused({ message: problemsSentence(Object.keys(problems).length), fields: problems, values });
  }

  try {
    await submitLead(
      context.get(databaseContext).db,
      context.get(servicesContext),
      writeClientOf(request, context),
      result.lead,
    );
  } catch (error) {
    if (error instanceof LeadChoiceError) {
      const problems = messagesFromFields(fields, error.fields);
      return refused({ message: problemsSentence(Object.keys(problems).length), fields: problems, values });
    }
    return writeFailed(error, context, { values });
  }
  return redirect("/thank-you", 303);
}
