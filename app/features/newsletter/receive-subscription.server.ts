import type { RouterContextProvider } from "react-router";
import { answerJsonWrite } from "~/context";
import { newsletterSchema } from "./newsletter-schema";
import { subscribeVisitor } from "./newsletter.server";

/**
 * POST /api/newsletter/subscribe (spec §7; app/routes/api/newsletter-subscribe.ts):
 * {email, source?} → 201 {status: "subscribed"}, committed. The answer is the
 * same for a new address, one subscribed again and one already on the list,
 * so the endpoint cannot be used to find out who reads a mental-health
 * newsletter.
 */
export function receiveSubscription(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  return answerJsonWrite(request, context, {
    schema: newsletterSchema,
    maxBytes: 4 * 1024,
    async handle(input, { db, services, ip }) {
      const outcome = await subscribeVisitor(db, services, ip, input);
      // The outcome only: never the address.
      services.logger.info({ outcome }, "newsletter subscription");
      return { status: 201, body: { status: "subscribed" } };
    },
  });
}
