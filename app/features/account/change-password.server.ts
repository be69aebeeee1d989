import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "~/features/auth/password.server";
import { newPasswordProblem } from "~/features/auth/password-policy.server";
import { endUserSessions, type ActiveSession } from "~/features/auth/session.server";
import { setPassword } from "~/features/auth/users.server";

export const WRONG_CURRENT_PASSWORD = "That is not your current password. Please try again.";

export type PasswordChange =
  | { ok: true; endedOtherSessions: number }
  | { ok: false; field: "currentPassword" | "newPassword" | "confirmPassword"; message: string };

/** The current password checks out (an over-long one is simply wrong). */
export async function isCurrentPassword(active: ActiveSession, typed: string): Promise<boolean> {
  return typed.length <= PASSWORD_MAX_LENGTH && verifyPassword(typed, active.user.passwordHash);
}

/**
 * A signed-in person changes their own password: the current one first
 * (a wrong one is only a field error: nothing is counted or locked), then
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
): Promise<PasswordChange> {
  if (!(await isCurrentPassword(active, input.currentPassword))) {
    return { ok: false, field: "currentPassword", message: WRONG_CURRENT_PASSWORD };
  }
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
