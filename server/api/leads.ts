import { leadSchema } from "../../app/features/leads/lead-schema";
import { submitLead } from "../../app/features/leads/submit-lead.server";
import { jsonEndpoint } from "../json-endpoint";
import type { ApiDeps } from "./deps";

/** POST /api/leads: the hero form and phone-link clicks (spec §7). */
export function leadsEndpoint({ database, services, logger }: ApiDeps) {
  return jsonEndpoint({
    schema: leadSchema,
    maxBytes: 8 * 1024,
    logger,
    async handle(input, client) {
      await submitLead(database.db, services, client.ip, input);
      // Contents are never logged; the form type says enough to follow the flow.
      logger.info({ formType: input.formType }, "lead received");
      return { status: 201, body: { status: "received" } };
    },
  });
}
