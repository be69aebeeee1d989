import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginLockouts, recoveryCodes, users, type StaffRole, type User } from "~/db/schema";
import { audit, type AuditActor, type AuditRecord } from "~/features/auth/audit.server";
import { accountKey } from "~/features/auth/login-throttle.server";
import { generateOneTimePassword } from "~/features/auth/password.server";
import { endUserSessions } from "~/features/auth/session.server";
import { isTwoFactorRequired, setTwoFactorRequired } from "~/features/auth/staff-settings.server";
import { createUser, setPassword } from "~/features/auth/users.server";
import { orderedRoles, rolesInWords } from "~/features/auth/staff-roles";
import type { NewStaffInput } from "./staff-account-schema";

/**
 * Changes to staff accounts, shared by /admin/staff and the staff CLI. Each
 * change and its audit entry commit together. The guardrails live here, so
 * neither way in can skip them: nobody disables or demotes themselves, and
 * the last active administrator is never disabled or demoted.
 */

/** Who makes a change: a signed-in admin, or the command line (id and e-mail null). */
export interface ChangeActor extends AuditActor {
  via?: "cli";
}

/** A change refused for a reason the person can act on; `status` is the page's answer. */
export class StaffChangeRefused extends Error {
  override name = "StaffChangeRefused";
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

export const LAST_ADMIN_MESSAGE =
  "This is the only active administrator account, so it cannot be disabled or lose the Administrator role. Make another account an administrator first.";
export const SELF_DISABLE_MESSAGE =
  "You cannot disable your own account. Another administrator can, if it is ever needed.";
export const SELF_DEMOTE_MESSAGE = "You cannot change your own roles. Another administrator can, if it is ever needed.";
export const SELF_MANAGE_MESSAGE =
  "Manage your own password, two-factor sign-in and sessions on the Your account page.";
const NOT_FOUND_MESSAGE = "That staff account was not found. It may have been removed; reload the page.";

// Serialises changes that could leave no active administrator (two admins
// demoting each other at the same moment, on any instance).
const ADMIN_GUARD_LOCK_KEY = 727_005;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function record(tx: Db | Tx, actor: ChangeActor, entry: AuditRecord) {
  const { via, ...who } = actor;
  await audit(tx, who, { ...entry, detail: { ...entry.detail, ...(via ? { via } : {}) } });
}

const target = (user: User) => ({ type: "user", id: user.id });

/** Runs `change` on a locked, existing account, inside one transaction. */
async function withAccount<T>(db: Db, userId: string, change: (tx: Tx, user: User) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK_KEY})`);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new StaffChangeRefused(NOT_FOUND_MESSAGE, 404);
    return change(tx, user);
  });
}

/** Refuses a change that would leave no active administrator. */
async function keepAnAdmin(tx: Tx, user: User) {
  if (!user.roles.includes("admin") || user.disabledAt) return;
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, isNull(users.disabledAt), ne(users.id, user.id)));
  if (others!.n === 0) throw new StaffChangeRefused(LAST_ADMIN_MESSAGE, 409);
}

function refuseSelf(actor: ChangeActor, user: User, message: string) {
  if (actor.id !== null && actor.id === user.id) throw new StaffChangeRefused(message, 409);
}

/** Creates an account with a one-time password, which the caller shows once. */
export async function inviteStaff(
  db: Db,
  actor: ChangeActor,
  input: NewStaffInput,
): Promise<{ user: User; oneTimePassword: string }> {
  const oneTimePassword = generateOneTimePassword();
  const user = await createAccount(db, actor, { ...input, password: oneTimePassword, mustChangePassword: true });
  return { user, oneTimePassword };
}

/** Creates an account with a given password (the CLI's chosen one, or a one-time one). */
export async function createAccount(
  db: Db,
  actor: ChangeActor,
  input: NewStaffInput & { password: string; mustChangePassword: boolean },
): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await createUser(tx, input);
    await record(tx, actor, {
      action: "user_created",
      target: target(user),
      detail: { roles: user.roles, oneTimePassword: input.mustChangePassword },
    });
    return user;
  });
}

/** Sets the roles an account holds (one or more); never the last administrator's admin, never your own. */
export async function setRoles(
  db: Db,
  actor: ChangeActor,
  userId: string,
  roles: readonly StaffRole[],
): Promise<string> {
  const wanted = orderedRoles(roles);
  return withAccount(db, userId, async (tx, user) => {
    if (wanted.join() === orderedRoles(user.roles).join()) return `${user.name} already has ${roleList(wanted)}.`;
    if (user.roles.includes("admin") && !wanted.includes("admin")) await keepAnAdmin(tx, user);
    refuseSelf(actor, user, SELF_DEMOTE_MESSAGE);
    await tx.update(users).set({ roles: wanted }).where(eq(users.id, user.id));
    await record(tx, actor, {
      action: "user_role_changed",
      target: target(user),
      detail: { from: user.roles, to: wanted },
    });
    return `${user.name} now has ${roleList(wanted)}.`;
  });
}

function roleList(roles: readonly StaffRole[]) {
  return `the ${rolesInWords(roles)} role${roles.length === 1 ? "" : "s"}`;
}

/** Disables an account and ends every session it has. */
export async function disableAccount(db: Db, actor: ChangeActor, userId: string): Promise<string> {
  return withAccount(db, userId, async (tx, user) => {
    if (user.disabledAt) return `${user.name}'s account is already disabled.`;
    await keepAnAdmin(tx, user);
    refuseSelf(actor, user, SELF_DISABLE_MESSAGE);
    await tx.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const sessionsEnded = await endUserSessions(tx, user.id, "account_disabled");
    await record(tx, actor, { action: "user_disabled", target: target(user), detail: { sessionsEnded } });
    return `${user.name}'s account is disabled and every session it had has ended.`;
  });
}

export async function enableAccount(db: Db, actor: ChangeActor, userId: string): Promise<string> {
  return withAccount(db, userId, async (tx, user) => {
    if (!user.disabledAt) return `${user.name}'s account is already active.`;
    await tx.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    await record(tx, actor, { action: "user_enabled", target: target(user) });
    return `${user.name}'s account is active again.`;
  });
}

/**
 * Gives an account a new password: a one-time one (returned, to be shown
 * once; they choose their own at next sign-in) when `password` is null.
 * Ends their sessions and lifts a sign-in pause on the account.
 */
export async function resetPassword(
  db: Db,
  actor: ChangeActor,
  userId: string,
  password: string | null,
): Promise<{ user: User; oneTimePassword: string | null; sessionsEnded: number }> {
  const oneTimePassword = password === null ? generateOneTimePassword() : null;
  return withAccount(db, userId, async (tx, user) => {
    refuseSelf(actor, user, SELF_MANAGE_MESSAGE);
    await setPassword(tx, user.id, oneTimePassword ?? password!, oneTimePassword !== null);
    const sessionsEnded = await endUserSessions(tx, user.id, "ended_by_admin");
    await tx.delete(loginLockouts).where(eq(loginLockouts.key, `account:${accountKey(user.email)}`));
    await record(tx, actor, {
      action: "user_password_reset",
      target: target(user),
      detail: { oneTimePassword: oneTimePassword !== null, sessionsEnded },
    });
    return { user, oneTimePassword, sessionsEnded };
  });
}

/** Turns two-factor off for an account: secret, last step and recovery codes go. */
export async function resetTwoFactor(db: Db, actor: ChangeActor, userId: string): Promise<string> {
  return withAccount(db, userId, async (tx, user) => {
    refuseSelf(actor, user, SELF_MANAGE_MESSAGE);
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    const codes = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id))
      .returning({ id: recoveryCodes.id });
    await record(tx, actor, {
      action: "user_two_factor_reset",
      target: target(user),
      detail: { wasEnabled: user.totpEnabledAt !== null, recoveryCodesDeleted: codes.length },
    });
    return user.totpEnabledAt
      ? `Two-factor sign-in is reset for ${user.name}. They can set it up again on their account page.`
      : `${user.name} did not have two-factor sign-in on; any half-finished set-up is cleared.`;
  });
}

export async function signOutEverywhere(db: Db, actor: ChangeActor, userId: string): Promise<string> {
  return withAccount(db, userId, async (tx, user) => {
    refuseSelf(actor, user, SELF_MANAGE_MESSAGE);
    const sessionsEnded = await endUserSessions(tx, user.id, "ended_by_admin");
    await record(tx, actor, { action: "sign_out_everywhere", target: target(user), detail: { sessionsEnded } });
    return sessionsEnded === 0
      ? `${user.name} had no open sessions.`
      : `${user.name} is signed out everywhere (${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} ended).`;
  });
}

export const REQUIRE_TWO_FACTOR_SETTING = "require_two_factor";

/** Switches the "two-factor for everyone" setting; returns whether it changed. */
export async function setRequireTwoFactor(db: Db, actor: ChangeActor, required: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK_KEY})`);
    const from = await isTwoFactorRequired(tx);
    if (from === required) return false;
    await setTwoFactorRequired(tx, required);
    await record(tx, actor, {
      action: "setting_changed",
      detail: { setting: REQUIRE_TWO_FACTOR_SETTING, from, to: required },
    });
    return true;
  });
}
