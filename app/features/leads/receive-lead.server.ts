import type { RouterContextProvider } from "react-router";
import { answerJsonWrite } from "~/context";
import { LeadChoiceError } from "./lead-choices.server";
import { leadSchema } from "./lead-schema";
import { submitLead } from "./submit-lead.server";

/**
 * POST /api/leads (app/routes/api/leads.ts): the hero form, phone-link
 * clicks (spec §7), the appointment request and get-started forms, sent by
 * the browser as JSON. 201 means committed.
 */
export function receiveLead(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  return answerJsonWrite(request, context, {
    schema: leadSchema,
    maxBytes: 8 * 1024,
    async handle(input, { db, services, ip, userAgent, hostname }) {
      try {
        await submitLead(db, services, { ip, userAgent, hostname }, input);
      } catch (error) {
        // An office or insurance we do not have: a bad field like any other.
        if (error instanceof LeadChoiceError) {
          const names = Object.keys(error.fields);
          return { status: 400, body: { error: `Please check: ${names.join(", ")}.`, fields: error.fields } };
        }
        throw error;
      }
      // Contents are never logged; the form type says enough to follow the flow.
      services.logger.info({ formType: input.formType }, "lead received");
      return { status: 201, body: { status: "received" } };
    },
  });
}
