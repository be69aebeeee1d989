import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { withDatabaseDeadline } from "~/lib/database-availability.server";
import { clientKey } from "~/lib/rate-limit.server";
import { audit } from "./audit.server";
import {
  accountKey,
  claimAttempt,
  LOCKED_OUT_MESSAGE,
  releaseAttempt,
  settleFailure,
  settleSuccess,
  type ThrottleKeys,
} from "./login-throttle.server";
import { hashPassword, needsRehash, PASSWORD_MAX_LENGTH, verifyAgainstNobody, verifyPassword } from "./password.server";
import { createSession, endSession, hashToken } from "./session.server";
import type { SignInInput } from "./sign-in-schema";
import { currentStaff, STAFF_DATABASE_DEADLINE_MS } from "./staff-guard.server";
import { toStaffUser, type StaffUser } from "./staff-user";
import { verifySecondFactor } from "./two-factor.server";

/** One message for an unknown address, a wrong password and a disabled account: it tells a guesser nothing. */
export const WRONG_CREDENTIALS_MESSAGE = "That e-mail and password do not match a staff account.";
export const CODE_NEEDED_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code.";
export const WRONG_CODE_MESSAGE = "That code did not work. Codes change every 30 seconds; try the newest one.";

export interface SignInClient {
  ip: string;
  userAgent: string;
  /** The cookie token the browser sent, if any: that session is replaced. */
  currentToken?: string | null;
}

export type SignInOutcome =
  | { kind: "signed_in"; user: StaffUser; token: string }
  | { kind: "code_needed" }
  | { kind: "refused"; message: string }
  | { kind: "locked"; message: string; retryAfterSeconds: number };

/**
 * Checks an e-mail, password and (when the account has two-factor on) code,
 * and starts a session. Every failure is counted toward the lockout and
 * written to the audit trail.
 */
export function signIn(db: Db, secret: string, input: SignInInput, client: SignInClient): Promise<SignInOutcome> {
  return withDatabaseDeadline(() => checkAndStartSession(db, secret, input, client), STAFF_DATABASE_DEADLINE_MS);
}

async function checkAndStartSession(
  db: Db,
  secret: string,
  input: SignInInput,
  client: SignInClient,
): Promise<SignInOutcome> {
  const keys: ThrottleKeys = { account: accountKey(input.email), ip: clientKey(secret, client.ip) };
  const actor = { id: null, email: keys.account, ip: client.ip };

  const claim = await claimAttempt(db, keys);
  if (claim.kind === "locked") {
    await audit(db, actor, { action: "sign_in_locked" });
    return { kind: "locked", message: LOCKED_OUT_MESSAGE, retryAfterSeconds: claim.retryAfterSeconds };
  }

  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${keys.account}`)
    .limit(1);
  const password = input.password.slice(0, PASSWORD_MAX_LENGTH + 1);
  // An over-long password is wrong, but it is hashed all the same: refusing a
  // real account faster than an unknown address would say which is which.
  const passwordOk =
    user && password.length <= PASSWORD_MAX_LENGTH
      ? await verifyPassword(password, user.passwordHash)
      : await verifyAgainstNobody(password);

  const fail = async (message: string, reason: string) => {
    const lockedNow = await settleFailure(db, keys);
    await audit(db, { ...actor, id: user?.id ?? null }, { action: "sign_in_failed", detail: { reason } });
    if (lockedNow) return { kind: "locked" as const, message: LOCKED_OUT_MESSAGE, retryAfterSeconds: 15 * 60 };
    return { kind: "refused" as const, message };
  };

  if (!user || !passwordOk || user.disabledAt) {
    return fail(
      WRONG_CREDENTIALS_MESSAGE,
      !user ? "unknown_email" : user.disabledAt && passwordOk ? "account_disabled" : "wrong_password",
    );
  }

  let secondFactor: "totp" | "recovery_code" | null = null;
  if (user.totpEnabledAt) {
    if (!input.code) {
      await releaseAttempt(db, claim.id);
      return { kind: "code_needed" };
    }
    secondFactor = await verifySecondFactor(db, user, input.code);
    if (!secondFactor) return fail(WRONG_CODE_MESSAGE, "wrong_code");
  }

  await settleSuccess(db, claim.id);
  if (client.currentToken) await endSession(db, hashToken(client.currentToken), "replaced");
  const { token } = await createSession(db, user.id, client);
  const now = new Date();
  await db
    .update(users)
    .set({
      lastLoginAt: now,
      // Parameters raised since this hash was made: store a new one while the password is at hand.
      ...(needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(password) } : {}),
    })
    .where(eq(users.id, user.id));
  await audit(
    db,
    { id: user.id, email: user.email, ip: client.ip },
    {
      action: "sign_in",
      detail: secondFactor ? { secondFactor } : {},
    },
  );
  if (secondFactor === "recovery_code") {
    await audit(db, { id: user.id, email: user.email, ip: client.ip }, { action: "recovery_code_used" });
  }
  return { kind: "signed_in", user: toStaffUser(user), token };
}

/**
 * Ends the session a Cookie header names, if it is still live, and writes
 * the sign-out to the audit trail (POST /api/logout and /auth without
 * JavaScript). Signing out twice is not an error.
 */
export async function signOut(db: Db, cookieHeader: string | null | undefined, ip: string): Promise<void> {
  const active = await currentStaff(db, cookieHeader);
  if (!active) return;
  await endSession(db, active.session.idHash, "signed_out");
  await audit(db, { id: active.user.id, email: active.user.email, ip }, { action: "sign_out" });
}
