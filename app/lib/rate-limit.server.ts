import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

/** A fixed-window limit: at most `limit` writes per client per window. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * The counter key for one client: a keyed hash of its address, so the table
 * never holds an IP address and a leaked table cannot be reversed into one.
 */
export function clientKey(secret: string, ip: string): string {
  return crypto.createHmac("sha256", secret).update(ip).digest("base64url").slice(0, 22);
}

export function windowStart(rule: RateRule, now = Date.now()): Date {
  const size = rule.windowSeconds * 1000;
  return new Date(Math.floor(now / size) * size);
}

/** Seconds until the window holding `now` ends (for Retry-After). */
export function retryAfter(rule: RateRule, now: number): number {
  const end = windowStart(rule, now).getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/**
 * Counts `cost` writes for the client and says whether they fit. The counter
 * lives in the database (one upsert), so every app instance shares it.
 */
export async function consumeRate(db: Db, rule: RateRule, client: string, cost = 1): Promise<RateDecision> {
  const now = Date.now();
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${client}`, windowStart: windowStart(rule, now), count: cost })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + excluded.count` },
    })
    .returning({ count: rateLimits.count });
  return { allowed: row!.count <= rule.limit, retryAfterSeconds: retryAfter(rule, now) };
}

/** Old windows are useless once over; a day of history is kept for operators. */
export async function deleteExpiredRateCounters(db: Db, olderThanMs = 24 * 3600 * 1000): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - olderThanMs)));
}

export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many requests.");
  }
}

/** consumeRate, throwing RateLimitedError when the client is over its limit. */
export async function enforceRate(db: Db, rule: RateRule, client: string, cost = 1): Promise<void> {
  const decision = await consumeRate(db, rule, client, cost);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** What a person is told when over the limit. */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many requests from your connection. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}, or call the clinic.`;
}
