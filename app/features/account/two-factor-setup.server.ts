import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { Db } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { matchingStep, newTotpSecret, totpFor } from "~/features/auth/two-factor.server";
import { deleteRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.server";

/**
 * Setting up two-step sign-in from the account page. A new secret is kept
 * in users.totp_secret with totp_enabled_at empty ("pending") until the
 * person proves their app has it by typing a current code; only then does
 * sign-in ask for codes. Resetting needs the password (the caller checks it).
 */
export const WRONG_SETUP_CODE =
  "That code did not match. Check that the app shows this account, and type the newest 6-digit code.";
export const SETUP_CHANGED = "This setup was started again somewhere else. Please scan the new code below.";

/** A new pending secret (a scan of the old code stops working). False when two-step sign-in is already on. */
export async function startEnrolment(db: Db, userId: string): Promise<boolean> {
  const started = await db
    .update(users)
    .set({ totpSecret: newTotpSecret(), totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return started.length === 1;
}

/** Forgets a setup not yet confirmed. */
export async function cancelEnrolment(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/**
 * Turns two-step sign-in on when the code matches the pending secret. The
 * step used is recorded, so the same code cannot then sign anyone in.
 * Returns the new recovery codes, to be shown this once.
 */
export async function confirmEnrolment(
  db: Db,
  user: User,
  code: string,
  actor: AuditActor,
  now = new Date(),
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string }> {
  const secret = user.totpSecret;
  if (!secret || user.totpEnabledAt) return { ok: false, message: SETUP_CHANGED };
  const step = matchingStep(secret, code, now.getTime());
  if (step === null) return { ok: false, message: WRONG_SETUP_CODE };
  // Only if the secret is still the one the code was checked against (another tab may have started again).
  const enabled = await db
    .update(users)
    .set({ totpEnabledAt: now, totpLastStep: step })
    .where(and(eq(users.id, user.id), eq(users.totpSecret, secret), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (enabled.length !== 1) return { ok: false, message: SETUP_CHANGED };
  const recoveryCodes = await replaceRecoveryCodes(db, user.id);
  await audit(db, actor, { action: "two_factor_enrolled", target: { type: "user", id: user.id } });
  return { ok: true, recoveryCodes };
}

/**
 * Turns two-step sign-in off: the secret and every recovery code are
 * forgotten. With `restart`, a new pending secret takes its place at once
 * (a new phone), which is the only way back when the clinic requires it.
 */
export async function resetTwoFactor(
  db: Db,
  userId: string,
  actor: AuditActor,
  options: { restart: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: options.restart ? newTotpSecret() : null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), isNotNull(users.totpSecret)));
  await deleteRecoveryCodes(db, userId);
  await audit(db, actor, {
    action: "two_factor_reset",
    target: { type: "user", id: userId },
    detail: { restarted: options.restart },
  });
}

/** What the page shows to set up an app: the QR code (SVG made here) and the same secret typed out. */
export function enrolmentView(secret: string, email: string, clinicName: string) {
  const uri = totpFor(secret, email, clinicName || undefined).toString();
  return {
    qrSvg: renderSVG(uri, { ecc: "M", border: 2 }),
    // Groups of four, as authenticator apps show and accept them.
    setupKey: secret.replace(/(.{4})(?=.)/g, "$1 "),
  };
}
