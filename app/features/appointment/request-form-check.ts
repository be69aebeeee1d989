import type { z } from "zod";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import {
  appointmentLeadSchema,
  getStartedLeadSchema,
  type AppointmentLead,
  type GetStartedLead,
} from "~/features/leads/appointment-schema";
import {
  appointmentFields,
  appointmentLeadBody,
  getStartedFields,
  getStartedLeadBody,
  messagesByField,
  type AppointmentField,
  type FormCheck,
  type FormValues,
  type GetStartedField,
} from "./request-forms";

/**
 * The request forms checked with the lead schemas (the JSON API's own
 * variants for these form types), the messages put on the inputs they are
 * about. The browser loads this module (and zod with it) only once the
 * visitor starts on the form; the pages' actions use it directly.
 */

function check<F extends string, S extends z.ZodType>(
  schema: S,
  fields: readonly F[],
  body: unknown,
): FormCheck<F, z.output<S>> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, lead: parsed.data };
  const entries = parsed.error.issues.map((issue) => [issue.path, issue.message] as [PropertyKey[], string]);
  return {
    ok: false,
    fields: messagesByField(fields, entries),
    trapped: parsed.error.issues.some((issue) => issue.path[0] === HONEYPOT_FIELD),
  };
}

export function checkAppointmentForm(values: FormValues<AppointmentField>, trap?: string) {
  return check(appointmentLeadSchema, appointmentFields, appointmentLeadBody(values, trap)) as FormCheck<
    AppointmentField,
    AppointmentLead
  >;
}

export function checkGetStartedForm(values: FormValues<GetStartedField>, trap?: string) {
  return check(getStartedLeadSchema, getStartedFields, getStartedLeadBody(values, trap)) as FormCheck<
    GetStartedField,
    GetStartedLead
  >;
}
