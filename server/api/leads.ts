import { LeadChoiceError } from "~/features/leads/lead-choices.server";
import { leadSchema } from "~/features/leads/lead-schema";
import { submitLead } from "~/features/leads/submit-lead.server";
import { jsonEndpoint } from "../json-endpoint";
import type { ApiDeps } from "./deps";

/** POST /api/leads: the hero form, phone-link clicks (spec §7), the appointment request and get-started forms. */
export function leadsEndpoint({ database, services, logger }: ApiDeps) {
  return jsonEndpoint({
    schema: leadSchema,
    maxBytes: 8 * 1024,
    logger,
    async handle(input, client) {
      try {
        await submitLead(database.db, services, client.ip, input);
      } catch (error) {
        // An office or insurance we do not have: a bad field like any other.
        if (error instanceof LeadChoiceError) {
          const names = Object.keys(error.fields);
          return { status: 400, body: { error: `Please check: ${names.join(", ")}.`, fields: error.fields } };
        }
        throw error;
      }
      // Contents are never logged; the form type says enough to follow the flow.
      logger.info({ formType: input.formType }, "lead received");
      return { status: 201, body: { status: "received" } };
    },
  });
}
