import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import type { NewsletterData } from "./newsletter-schema";

/**
 * "created": a new subscriber. "resubscribed": an address that had
 * unsubscribed gave consent again. "existing": already subscribed, nothing
 * changed. The visitor is told the same thing in all three cases: whether an
 * address is on a mental-health clinic's list is nobody else's business.
 */
export type SubscribeOutcome = "created" | "resubscribed" | "existing";

/** The key that makes one row per mailbox however the address was typed. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** When the client does not say where the visitor was (the JSON API allows that). */
export const UNKNOWN_SOURCE = "api";

/**
 * Subscribes an address in one statement, committed before it resolves:
 * a new address is stored with the time and place of consent; an address
 * that unsubscribed is subscribed again with a fresh consent time and
 * source; a current subscription is left exactly as it was (its original
 * consent stands).
 */
export async function subscribe(
  db: Db,
  input: Pick<NewsletterData, "email" | "source">,
): Promise<{ outcome: SubscribeOutcome; id?: string }> {
  const email = input.email.trim();
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({
      email,
      emailKey: emailKey(email),
      status: "subscribed",
      consentSource: input.source ?? UNKNOWN_SOURCE,
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.emailKey,
      set: {
        email: sql`excluded.email`,
        status: "subscribed",
        consentedAt: sql`now()`,
        consentSource: sql`excluded.consent_source`,
        unsubscribedAt: null,
      },
      setWhere: sql`${newsletterSubscribers.status} = 'unsubscribed'`,
    })
    // xmax is 0 for a row this statement inserted, set for one it updated.
    .returning({ id: newsletterSubscribers.id, inserted: sql<boolean>`(xmax = 0)` });
  if (!row) return { outcome: "existing" };
  return { outcome: row.inserted ? "created" : "resubscribed", id: row.id };
}
