import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginAttempts, loginLockouts } from "~/db/schema";

/**
 * Brute-force protection, in the database so every instance shares it:
 * 5 failed sign-ins for one account, or 20 from one address, within 15
 * minutes pause sign-in for that account or address for 15 minutes. A
 * refused attempt is not counted, so the pause really ends. Each attempt is
 * claimed before its password is checked (claimAttempt) and settled after.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  accountFailures: 5,
  ipFailures: 20,
} as const;

export const LOCKED_OUT_MESSAGE =
  "Too many sign-in attempts. For your security, sign-in is paused for 15 minutes. Please try again later, or ask an administrator for help.";

export interface ThrottleKeys {
  /** lower(trim(e-mail typed)), whether or not an account has it. */
  account: string;
  /** A keyed hash of the client's address (never the address itself). */
  ip: string;
}

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds until sign-in may be tried again, or 0 when it may now. */
export async function lockedFor(db: Db, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ until: loginLockouts.until })
    .from(loginLockouts)
    .where(
      and(
        sql`${loginLockouts.key} in (${`account:${keys.account}`}, ${`ip:${keys.ip}`})`,
        gt(loginLockouts.until, now),
      ),
    )
    .orderBy(desc(loginLockouts.until))
    .limit(1);
  return row ? Math.max(1, Math.ceil((row.until.getTime() - now.getTime()) / 1000)) : 0;
}

export type AttemptClaim = { kind: "claimed"; id: number } | { kind: "locked"; retryAfterSeconds: number };

/**
 * Claims one attempt before its password is checked: the attempt counts as a
 * failure from now until it is settled. Counting only after the (slow) check
 * would let guesses sent at once all be checked before the first failure was
 * stored; this way the sixth of them, however close together, is refused.
 * Beyond a limit the attempt is refused without a check and not kept.
 *
 * Claims for one account or address are taken one at a time (a transaction
 * lock on each key), so every row in the table is an attempt that will be
 * checked. Inserting first and taking the row back when over the limit, as
 * before, left rows for an instant that were never checked; a failure settled
 * in that instant could count one and start the pause after four real failures.
 */
export async function claimAttempt(db: Db, keys: ThrottleKeys, now = new Date()): Promise<AttemptClaim> {
  const waitSeconds = await lockedFor(db, keys, now);
  if (waitSeconds > 0) return { kind: "locked", retryAfterSeconds: waitSeconds };
  return db.transaction(async (tx) => {
    // Account before address, always in that order, so two claims never wait for each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account:${keys.account}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ip:${keys.ip}`}))`);
    const failures = await countFailures(tx, keys, now);
    if (failures.account >= THROTTLE.accountFailures || failures.ip >= THROTTLE.ipFailures) {
      // Attempts claimed before this one reach the limit; the pause starts as they fail.
      return { kind: "locked", retryAfterSeconds: THROTTLE.lockMs / 1000 };
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ at: now, accountKey: keys.account, ipKey: keys.ip, succeeded: false })
      .returning({ id: loginAttempts.id });
    return { kind: "claimed", id: row!.id };
  });
}

/** The claimed attempt succeeded: the account's earlier failures stop counting. */
export async function settleSuccess(db: Db, id: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

/** The claimed attempt was neither (a password right, its code still to come): it is not counted. */
export async function releaseAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** The claimed attempt failed (it stays counted): starts a pause when a limit is reached. Returns whether one started. */
export async function settleFailure(db: Db, keys: ThrottleKeys, now = new Date()): Promise<boolean> {
  const failures = await countFailures(db, keys, now);
  const until = new Date(now.getTime() + THROTTLE.lockMs);
  const locks = [];
  if (failures.account >= THROTTLE.accountFailures)
    locks.push({ key: `account:${keys.account}`, lockedAt: now, until });
  if (failures.ip >= THROTTLE.ipFailures) locks.push({ key: `ip:${keys.ip}`, lockedAt: now, until });
  if (locks.length > 0) await db.insert(loginLockouts).values(locks);
  return locks.length > 0;
}

/** Failures (and unsettled attempts) in the window: the account's since its last success, the address's all. */
async function countFailures(db: Db, keys: ThrottleKeys, now: Date): Promise<{ account: number; ip: number }> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.accountKey, keys.account), eq(loginAttempts.succeeded, true), gt(loginAttempts.at, since)),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  const accountSince = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [[account], [ip]] = await Promise.all([
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.accountKey, keys.account),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.at, accountSince),
        ),
      ),
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ipKey, keys.ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since))),
  ]);
  return { account: account!.n, ip: ip!.n };
}

/** Attempts and pauses older than a day tell nobody anything. */
export async function deleteOldAttempts(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db.delete(loginAttempts).where(sql`${loginAttempts.at} < ${dayAgo}`);
  await db.delete(loginLockouts).where(sql`${loginLockouts.until} < ${dayAgo}`);
}
