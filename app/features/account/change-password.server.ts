import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { accountKey, claimAttempt, releaseAttempt, settleFailure } from "~/features/auth/login-throttle.server";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "~/features/auth/password.server";
import { clientKey } from "~/lib/rate-limit.server";
import { newPasswordProblem } from "~/features/auth/password-policy.server";
import { endUserSessions, type ActiveSession } from "~/features/auth/session.server";
import { setPassword } from "~/features/auth/users.server";

export const WRONG_CURRENT_PASSWORD = "That is not your current password. Please try again.";

export type PasswordChange =
  | { ok: true; endedOtherSessions: number }
  | { ok: false; field: "currentPassword" | "newPassword" | "confirmPassword"; message: string };

export const PASSWORD_CHECKS_PAUSED =
  "Too many wrong passwords. For your security, password checks for your account are paused for 15 minutes.";

/**
 * Checks the current password a signed-in person typed (to change it, or to
 * change two-step sign-in). A wrong one counts toward the same pause as a
 * failed sign-in (login-throttle.server.ts), so someone holding a session
 * left open cannot guess the password at leisure; a right one is not
 * counted. Returns null when it checks out, else the sentence to show.
 */
export async function currentPasswordProblem(
  db: Db,
  secret: string,
  active: ActiveSession,
  typed: string,
  ip: string,
): Promise<string | null> {
  const keys = { account: accountKey(active.user.email), ip: clientKey(secret, ip) };
  const claim = await claimAttempt(db, keys);
  if (claim.kind === "locked") return PASSWORD_CHECKS_PAUSED;
  // An over-long one is simply wrong, but hashed all the same (no timing tell).
  const right =
    (await verifyPassword(typed.slice(0, PASSWORD_MAX_LENGTH + 1), active.user.passwordHash)) &&
    typed.length <= PASSWORD_MAX_LENGTH;
  if (right) {
    await releaseAttempt(db, claim.id);
    return null;
  }
  await settleFailure(db, keys);
  return WRONG_CURRENT_PASSWORD;
}

/**
 * A signed-in person changes their own password: the current one first
 * (a wrong one is a field error and counts toward the sign-in pause), then
 * the policy. The new hash is stored, the one-time-password flag cleared,
 * and every other session of theirs ends: whoever else held one must sign
 * in with the new password. This session goes on.
 */
export async function changePassword(
  db: Db,
  active: ActiveSession,
  input: { currentPassword: string; newPassword: string; confirmPassword: string },
  actor: AuditActor,
  personal: readonly string[],
  secret: string,
): Promise<PasswordChange> {
  const wrong = await currentPasswordProblem(db, secret, active, input.currentPassword, actor.ip);
  if (wrong) return { ok: false, field: "currentPassword", message: wrong };
  const problem = newPasswordProblem({ ...input, personal });
  if (problem) return { ok: false, ...problem };
  await setPassword(db, active.user.id, input.newPassword, false);
  const endedOtherSessions = await endUserSessions(db, active.user.id, "password_changed", active.session.idHash);
  await audit(db, actor, {
    action: "password_changed",
    target: { type: "user", id: active.user.id },
    detail: { otherSessionsEnded: endedOtherSessions, wasOneTimePassword: active.user.mustChangePassword },
  });
  return { ok: true, endedOtherSessions };
}
