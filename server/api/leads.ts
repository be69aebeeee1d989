import type { Request } from "express";
import { leadSchema } from "../../app/features/leads/lead-schema";
import { createLead } from "../../app/features/leads/leads.server";
import { withDatabaseDeadline } from "../../app/lib/database-availability.server";
import { clientKey, enforceRate } from "../../app/lib/rate-limit.server";
import { jsonEndpoint } from "../json-endpoint";
import type { ApiDeps } from "./deps";

/** POST /api/leads: the hero form and phone-link clicks (spec §7). */
export function leadsEndpoint({ database, services, logger }: ApiDeps) {
  return jsonEndpoint({
    schema: leadSchema,
    maxBytes: 8 * 1024,
    logger,
    async handle(input, req: Request) {
      await withDatabaseDeadline(async () => {
        await enforceRate(database.db, services.rateRules.forms, clientKey(services.secret, req.ip ?? ""));
        await createLead(database.db, input);
      });
      services.notifier.kick();
      // Contents are never logged; the form type says enough to follow the flow.
      logger.info({ formType: input.formType }, "lead received");
      return { status: 201, body: { status: "received" } };
    },
  });
}
