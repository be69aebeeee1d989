import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { withDatabaseDeadline } from "~/lib/database-availability.server";
import { clientKey, enforceRate } from "~/lib/rate-limit.server";
import type { NewsletterData } from "./newsletter-schema";
import { subscribe, type SubscribeOutcome } from "./subscribe.server";

/**
 * One sign-up as both the JSON API and the no-JavaScript page do it: the
 * per-client form limit and the subscription, within the database deadline
 * (throws RateLimitedError or DatabaseUnavailableError), then, once
 * committed, the welcome e-mail in the background.
 */
export async function subscribeVisitor(
  db: Db,
  services: ServerServices,
  ip: string,
  input: NewsletterData,
): Promise<SubscribeOutcome> {
  const result = await withDatabaseDeadline(async () => {
    await enforceRate(db, services.rateRules.forms, clientKey(services.secret, ip));
    return subscribe(db, input);
  });
  if (result.id) services.newsletter.sendWelcome({ id: result.id, email: input.email });
  return result.outcome;
}
