import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { Db } from "~/db/client.server";
import { recoveryCodes, users, type User } from "~/db/schema";

/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238), SHA-1, six
 * digits, 30-second steps, one step of clock drift either way. A code is
 * accepted once (the last step used is kept); recovery codes are kept as
 * hashes and each works once.
 */
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;

export function totpFor(secret: string, label = "", issuer = "Clinic staff area"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The time step a code matches (within one step of drift), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totpFor(secret).validate({ token: digits, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

export function hashRecoveryCode(code: string): string {
  const normalised = code.replace(/[\s-]+/g, "").toLowerCase();
  return crypto.createHash("sha256").update(normalised).digest("base64url");
}

/**
 * Checks a second-factor code for a user who has two-factor on: a fresh TOTP
 * code, or an unused recovery code (which is then spent). Returns how it
 * passed, or null.
 */
export async function verifySecondFactor(
  db: Db,
  user: User,
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery_code" | null> {
  if (user.totpSecret) {
    const step = matchingStep(user.totpSecret, code, now);
    if (step !== null) {
      // Only a step later than the last one used (checked in the database, so
      // two instances cannot both accept it): a code seen over a shoulder
      // cannot be replayed.
      const claimed = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, user.id), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
        .returning({ id: users.id });
      if (claimed.length === 1) return "totp";
    }
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1 ? "recovery_code" : null;
}
