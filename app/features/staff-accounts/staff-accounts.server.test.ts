import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, loginLockouts, recoveryCodes, staffSessions, users, type User } from "~/db/schema";
import { verifyPassword } from "~/features/auth/password.server";
import { createSession } from "~/features/auth/session.server";
import { isTwoFactorRequired } from "~/features/auth/staff-settings.server";
import { databaseKinds, openTestDatabase } from "../../../tests/setup/database";
import { addStaff } from "../../../tests/setup/staff";
import {
  setRoles,
  disableAccount,
  enableAccount,
  LAST_ADMIN_MESSAGE,
  resetPassword,
  resetTwoFactor,
  SELF_DEMOTE_MESSAGE,
  SELF_DISABLE_MESSAGE,
  setRequireTwoFactor,
  signOutEverywhere,
  StaffChangeRefused,
} from "./staff-accounts.server";
import { runStaffAction } from "./staff-page.server";

const client = { ip: "127.0.0.1", userAgent: "test" };

describe.each(databaseKinds())("staff account changes on %s", (kind) => {
  let database: Database;
  let admin: User;
  let staff: User;
  const actor = () => ({ id: admin.id, email: admin.email, ip: "192.0.2.7" });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    [admin, staff] = await addStaff(database, [
      { name: "Ada Admin", email: "ada@clinic.example", roles: ["admin"] },
      { name: "Sam Staff", email: "sam@clinic.example", roles: ["intake"] },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const reload = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const lastAudit = async () => (await db().select().from(auditLog).orderBy(asc(auditLog.id))).at(-1)!;

  it("invites with a one-time password the person must change, audited with who and whom", async () => {
    const { status, answer: result } = await runStaffAction(db(), actor(), {
      intent: "invite",
      name: "  Noor New ",
      email: "noor@clinic.example",
      // As the staff page posts a group of checkboxes: joined with commas, in any order.
      roles: "marketing,intake",
    });
    expect(status).toBe(200);
    if (!result.ok) throw new Error(result.message);
    const password = result.oneTimePassword!.value;
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    const made = await reload(result.userId!);
    expect(made).toMatchObject({
      name: "Noor New",
      roles: ["intake", "marketing"],
      mustChangePassword: true,
      disabledAt: null,
    });
    expect(await verifyPassword(password, made.passwordHash)).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: "user_created",
      actorId: admin.id,
      actorEmail: admin.email,
      ip: "192.0.2.7",
      targetType: "user",
      targetId: made.id,
      detail: { roles: ["intake", "marketing"], oneTimePassword: true },
    });
    // The password goes nowhere but the answer.
    expect(JSON.stringify(await lastAudit())).not.toContain(password);
  });

  it("answers 400 with field errors for a bad or duplicate invite, never throwing", async () => {
    const bad = await runStaffAction(db(), actor(), { intent: "invite", name: "", email: "nope", roles: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.answer).toMatchObject({
      ok: false,
      fields: {
        name: "Enter their name.",
        email: "Enter a valid e-mail address, like name@example.com.",
        roles: "Choose one or more roles: admin, intake, marketing, clinician.",
      },
      values: { name: "", email: "nope", roles: "owner" },
    });
    const duplicate = await runStaffAction(db(), actor(), {
      intent: "invite",
      name: "Sam Again",
      email: " SAM@Clinic.Example ",
      roles: "intake",
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.answer).toMatchObject({
      ok: false,
      fields: { email: "A staff account already uses this e-mail address." },
    });
    const unreadable: (Record<string, string> | null)[] = [
      null,
      {},
      { intent: "delete-everyone" },
      { intent: "disable", userId: "not-a-uuid" },
    ];
    for (const values of unreadable) {
      const answer = await runStaffAction(db(), actor(), values);
      expect(answer.status).toBe(400);
      expect(answer.answer.ok).toBe(false);
    }
    const gone = await runStaffAction(db(), actor(), {
      intent: "disable",
      userId: "00000000-0000-4000-8000-000000000000",
    });
    expect(gone.status).toBe(404);
  });

  it("sets the roles an account holds, audited with from and to", async () => {
    expect(await setRoles(db(), actor(), staff.id, ["marketing", "admin"])).toBe(
      "Sam Staff now has the Administrator and Marketing roles.",
    );
    expect((await reload(staff.id)).roles).toEqual(["admin", "marketing"]);
    expect(await lastAudit()).toMatchObject({
      action: "user_role_changed",
      targetId: staff.id,
      detail: { from: ["intake"], to: ["admin", "marketing"] },
    });
    expect(await setRoles(db(), actor(), staff.id, ["admin", "marketing"])).toBe(
      "Sam Staff already has the Administrator and Marketing roles.",
    );
    await setRoles(db(), actor(), staff.id, ["intake"]);
    expect((await reload(staff.id)).roles).toEqual(["intake"]);
  });

  it("refuses a role set that is empty or unknown, in words", async () => {
    for (const roles of ["", "owner", "intake,owner"]) {
      const refused = await runStaffAction(db(), actor(), { intent: "set-roles", userId: staff.id, roles });
      expect(refused.status, roles).toBe(400);
      expect(refused.answer.message).toMatch(/role/);
    }
    expect((await reload(staff.id)).roles).toEqual(["intake"]);
  });

  it("never lets an admin disable or demote themselves, nor anyone remove the last active admin", async () => {
    await expect(disableAccount(db(), actor(), admin.id)).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(setRoles(db(), actor(), admin.id, ["intake"])).rejects.toThrow(LAST_ADMIN_MESSAGE);
    const cli = { id: null, email: null, ip: "", via: "cli" as const };
    await expect(disableAccount(db(), cli, admin.id)).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(setRoles(db(), cli, admin.id, ["marketing"])).rejects.toThrow(LAST_ADMIN_MESSAGE);
    // Adding a role to the last admin is fine: admin stays.
    expect(await setRoles(db(), cli, admin.id, ["admin", "clinician"])).toMatch(/now has/);
    await setRoles(db(), cli, admin.id, ["admin"]);

    // With a second admin, the last-admin rule no longer applies, but the self rule still does.
    await setRoles(db(), actor(), staff.id, ["admin"]);
    const refusal = await disableAccount(db(), actor(), admin.id).catch((error) => error);
    expect(refusal).toBeInstanceOf(StaffChangeRefused);
    expect(refusal).toMatchObject({ message: SELF_DISABLE_MESSAGE, status: 409 });
    await expect(setRoles(db(), actor(), admin.id, ["intake"])).rejects.toThrow(SELF_DEMOTE_MESSAGE);
    expect((await reload(admin.id)).roles).toEqual(["admin"]);
    expect((await reload(admin.id)).disabledAt).toBeNull();

    // Two admins demoting each other at the same moment: one wins, one is refused.
    const samActor = { id: staff.id, email: staff.email, ip: "" };
    const outcomes = await Promise.allSettled([
      setRoles(db(), actor(), staff.id, ["intake"]),
      setRoles(db(), samActor, admin.id, ["intake"]),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.message),
    ).toEqual([LAST_ADMIN_MESSAGE]);
    const admins = (await db().select().from(users)).filter((u) => u.roles.includes("admin") && !u.disabledAt);
    expect(admins).toHaveLength(1);
    // Back to Ada as the one admin, Sam as intake.
    if (!(await reload(admin.id)).roles.includes("admin")) await setRoles(db(), samActor, admin.id, ["admin"]);
    if ((await reload(staff.id)).roles.join() !== "intake") await setRoles(db(), actor(), staff.id, ["intake"]);
  });

  it("disabling ends every session (reason account_disabled); enabling does not bring them back", async () => {
    await createSession(db(), staff.id, client);
    await createSession(db(), staff.id, client);
    expect(await disableAccount(db(), actor(), staff.id)).toContain("disabled");
    const sessions = await db().select().from(staffSessions).where(eq(staffSessions.userId, staff.id));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    for (const session of sessions) expect(session).toMatchObject({ endedReason: "account_disabled" });
    expect(await lastAudit()).toMatchObject({
      action: "user_disabled",
      targetId: staff.id,
      detail: { sessionsEnded: 2 },
    });
    await enableAccount(db(), actor(), staff.id);
    expect((await reload(staff.id)).disabledAt).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "user_enabled", targetId: staff.id });
    const still = await db().select().from(staffSessions).where(eq(staffSessions.userId, staff.id));
    expect(still.every((session) => session.endedAt !== null)).toBe(true);
  });

  it("resets a password to a one-time one: sessions end, a sign-in pause lifts; not for yourself", async () => {
    await createSession(db(), staff.id, client);
    await db()
      .insert(loginLockouts)
      .values({ key: "account:sam@clinic.example", until: new Date(Date.now() + 60_000) });
    const { oneTimePassword, sessionsEnded } = await resetPassword(db(), actor(), staff.id, null);
    expect(sessionsEnded).toBe(1);
    const after = await reload(staff.id);
    expect(after.mustChangePassword).toBe(true);
    expect(await verifyPassword(oneTimePassword!, after.passwordHash)).toBe(true);
    expect(await db().select().from(loginLockouts).where(eq(loginLockouts.key, "account:sam@clinic.example"))).toEqual(
      [],
    );
    expect(await lastAudit()).toMatchObject({
      action: "user_password_reset",
      targetId: staff.id,
      detail: { oneTimePassword: true, sessionsEnded: 1 },
    });
    await expect(resetPassword(db(), actor(), admin.id, null)).rejects.toBeInstanceOf(StaffChangeRefused);
  });

  it("resets two-factor: secret, last step and recovery codes go", async () => {
    await db()
      .update(users)
      .set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: new Date(), totpLastStep: 123 })
      .where(eq(users.id, staff.id));
    await db()
      .insert(recoveryCodes)
      .values([
        { userId: staff.id, codeHash: "a" },
        { userId: staff.id, codeHash: "b" },
      ]);
    await resetTwoFactor(db(), actor(), staff.id);
    expect(await reload(staff.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id))).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: "user_two_factor_reset",
      targetId: staff.id,
      detail: { wasEnabled: true, recoveryCodesDeleted: 2 },
    });
  });

  it("signs a person out everywhere", async () => {
    await createSession(db(), staff.id, client);
    expect(await signOutEverywhere(db(), actor(), staff.id)).toContain("1 session ended");
    const live = await db()
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.userId, staff.id)));
    expect(live.every((s) => s.endedReason !== null)).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: "sign_out_everywhere", targetId: staff.id });
  });

  it("switches the two-factor requirement, auditing from and to only when it changes", async () => {
    expect(await setRequireTwoFactor(db(), actor(), true)).toBe(true);
    expect(await isTwoFactorRequired(db())).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: "setting_changed",
      actorId: admin.id,
      detail: { setting: "require_two_factor", from: false, to: true },
    });
    const before = (await lastAudit()).id;
    expect(await setRequireTwoFactor(db(), actor(), true)).toBe(false);
    expect((await lastAudit()).id).toBe(before);
    const { answer: result } = await runStaffAction(db(), actor(), { intent: "require-two-factor" });
    expect(result).toMatchObject({ ok: true, message: "Two-factor sign-in is now optional." });
    expect(await isTwoFactorRequired(db())).toBe(false);
  });
});
