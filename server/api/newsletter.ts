import { newsletterSchema } from "~/features/newsletter/newsletter-schema";
import { subscribeVisitor } from "~/features/newsletter/newsletter.server";
import { jsonEndpoint } from "../json-endpoint";
import type { ApiDeps } from "./deps";

/**
 * POST /api/newsletter/subscribe (spec §7): {email, source?} → 201
 * {status: "subscribed"}, committed. The answer is the same for a new
 * address, one subscribed again and one already on the list, so the endpoint
 * cannot be used to find out who reads a mental-health newsletter.
 */
export function newsletterEndpoint({ database, services, logger }: ApiDeps) {
  return jsonEndpoint({
    schema: newsletterSchema,
    maxBytes: 4 * 1024,
    logger,
    async handle(input, client) {
      const outcome = await subscribeVisitor(database.db, services, client.ip, input);
      // The outcome only: never the address.
      logger.info({ outcome }, "newsletter subscription");
      return { status: 201, body: { status: "subscribed" } };
    },
  });
}
