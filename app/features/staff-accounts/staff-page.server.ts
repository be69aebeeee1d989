import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { isTwoFactorRequired } from "~/features/auth/staff-settings.server";
import { EmailTakenError, listUsers } from "~/features/auth/users.server";
import { staffActionSchema, type StaffActionInput } from "./staff-account-schema";
import {
  setRoles,
  disableAccount,
  enableAccount,
  inviteStaff,
  resetPassword,
  resetTwoFactor,
  setRequireTwoFactor,
  signOutEverywhere,
  StaffChangeRefused,
  type ChangeActor,
} from "./staff-accounts.server";
import { formAnswer } from "~/lib/form-answer";
import type { AccountRow, InviteField, StaffAnswer } from "./staff-page-types";

const CLINIC_TIME_ZONE = "America/New_York";
const signInTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: CLINIC_TIME_ZONE,
});

function toRow(user: User, me: string): AccountRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    disabled: user.disabledAt !== null,
    twoFactor: user.totpEnabledAt !== null,
    mustChangePassword: user.mustChangePassword,
    lastSignIn: user.lastLoginAt
      ? { iso: user.lastLoginAt.toISOString(), text: signInTime.format(user.lastLoginAt) }
      : null,
    isYou: user.id === me,
  };
}

/** The loader's data: every account, and the two-factor setting. */
export async function staffPageData(db: Db, me: string) {
  const [accounts, requireTwoFactor] = await Promise.all([listUsers(db), isTwoFactorRequired(db)]);
  return { accounts: accounts.map((user) => toRow(user, me)), requireTwoFactor };
}

const inviteFields: readonly InviteField[] = ["name", "email", "roles"];

/**
 * Runs one posted staff-page form. Every outcome is an answer the page can
 * show: 400 with field errors, 404 for an account that is gone, 409 for a
 * guardrail, 200 otherwise.
 */
export async function runStaffAction(
  db: Db,
  actor: ChangeActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: StaffAnswer }> {
  const intent = values?.intent ?? "";
  const parsed = staffActionSchema.safeParse(values ?? {});
  if (!parsed.success) {
    const fields: Partial<Record<InviteField, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (intent === "invite" && inviteFields.includes(name as InviteField))
        fields[name as InviteField] ??= issue.message;
    }
    const fieldErrors = Object.keys(fields).length > 0;
    return {
      status: 400,
      answer: staffAnswer({
        ok: false,
        intent,
        userId: values?.userId,
        message: fieldErrors
          ? "Please correct the highlighted fields."
          : (parsed.error.issues[0]?.message ?? "This form submission could not be understood."),
        ...(fieldErrors ? { fields, values: inviteValues(values) } : {}),
      }),
    };
  }
  try {
    return { status: 200, answer: staffAnswer(await run(db, actor, parsed.data)) };
  } catch (error) {
    if (error instanceof EmailTakenError && parsed.data.intent === "invite") {
      return {
        status: 400,
        answer: staffAnswer({
          ok: false,
          intent,
          message: "Please correct the highlighted fields.",
          fields: { email: error.message },
          values: inviteValues(values),
        }),
      };
    }
    if (error instanceof StaffChangeRefused) {
      const userId = "userId" in parsed.data ? parsed.data.userId : undefined;
      return { status: error.status, answer: staffAnswer({ ok: false, intent, userId, message: error.message }) };
    }
    throw error;
  }
}

function inviteValues(values: Record<string, string> | null): Partial<Record<InviteField, string>> {
  return { name: values?.name ?? "", email: values?.email ?? "", roles: values?.roles ?? "" };
}

type Outcome = Omit<StaffAnswer, "answerId" | "fields"> & Partial<Pick<StaffAnswer, "fields">>;

const staffAnswer = (outcome: Outcome): StaffAnswer => formAnswer<InviteField, Omit<Outcome, "ok">>(outcome);

async function run(db: Db, actor: ChangeActor, input: StaffActionInput): Promise<Outcome> {
  switch (input.intent) {
    case "invite": {
      const { user, oneTimePassword } = await inviteStaff(db, actor, input);
      return {
        ok: true,
        intent: input.intent,
        userId: user.id,
        message: `${user.name} has a staff account now.`,
        oneTimePassword: { value: oneTimePassword, name: user.name, email: user.email, reason: "invite" },
      };
    }
    case "set-roles":
      return ok(input, await setRoles(db, actor, input.userId, input.roles));
    case "disable":
      return ok(input, await disableAccount(db, actor, input.userId));
    case "enable":
      return ok(input, await enableAccount(db, actor, input.userId));
    case "reset-password": {
      const { user, oneTimePassword } = await resetPassword(db, actor, input.userId, null);
      return {
        ok: true,
        intent: input.intent,
        userId: user.id,
        message: `${user.name}'s password is reset and their sessions have ended.`,
        oneTimePassword: { value: oneTimePassword!, name: user.name, email: user.email, reason: "reset" },
      };
    }
    case "reset-two-factor":
      return ok(input, await resetTwoFactor(db, actor, input.userId));
    case "sign-out-everywhere":
      return ok(input, await signOutEverywhere(db, actor, input.userId));
    case "require-two-factor": {
      const changed = await setRequireTwoFactor(db, actor, input.required);
      const now = input.required
        ? "Two-factor sign-in is now required for every staff account."
        : "Two-factor sign-in is now optional.";
      return {
        ok: true,
        intent: input.intent,
        message: changed ? now : "The setting was already so; nothing changed.",
      };
    }
  }
}

function ok(input: { intent: string; userId: string }, message: string): Outcome {
  return { ok: true, intent: input.intent, userId: input.userId, message };
}
