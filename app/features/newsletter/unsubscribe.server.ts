import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { maskEmail } from "./mask-email";

export type SubscriptionView = { state: "subscribed" | "unsubscribed"; maskedEmail: string } | { state: "unknown" };

/** What the unsubscribe page may show about a subscriber: the state and a masked address. */
export async function findSubscription(db: Db, id: string): Promise<SubscriptionView> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row) return { state: "unknown" };
  return { state: row.status, maskedEmail: maskEmail(row.email) };
}

/**
 * Takes a subscriber off the list, committed before it resolves. Asking
 * twice is fine: the first unsubscribe time is kept.
 */
export async function unsubscribe(db: Db, id: string): Promise<SubscriptionView> {
  const [changed] = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, "subscribed")))
    .returning({ email: newsletterSubscribers.email });
  if (changed) return { state: "unsubscribed", maskedEmail: maskEmail(changed.email) };
  return findSubscription(db, id);
}
