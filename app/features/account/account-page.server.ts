import { redirect, type RouterContextProvider } from "react-router";
import { clientContext, databaseContext, servicesContext, staffContext } from "~/context";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { clearedSessionCookieHeader, cookieIsSecure } from "~/features/auth/session-cookie.server";
import { SIGN_IN_PATH } from "~/features/auth/sign-in-status";
import { isTwoFactorRequired } from "~/features/auth/staff-settings.server";
import { findUserById } from "~/features/auth/users.server";
import { getSiteContent } from "~/features/content/queries.server";
import { fieldErrors } from "~/lib/field-errors";
import { formAnswer } from "~/lib/form-answer";
import { answerWith } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { NO_STORE, pageWriteFailure } from "~/lib/page-write-failure.server";
import type { AccountAnswer, AccountIntent } from "./account-answer";
import { accountFormSchema, type AccountForm } from "./account-schemas";
import { endOwnSession, listSessionRows, signOutEverywhere } from "./account-sessions.server";
import type { AccountView } from "./account-view";
import { changePassword, currentPasswordProblem } from "./change-password.server";
import { replaceRecoveryCodes, unusedRecoveryCodes } from "./recovery-codes.server";
import { twoFactorState } from "./two-factor-state";
import {
  cancelEnrolment,
  confirmEnrolment,
  enrolmentView,
  resetTwoFactor,
  startEnrolment,
} from "./two-factor-setup.server";

type Context = Readonly<RouterContextProvider>;

export async function loadAccountPage(context: Context): Promise<AccountView> {
  const { db } = context.get(databaseContext);
  const active = context.get(staffContext);
  // Read again: in a document POST (no JavaScript) the middleware read the user before the action changed it.
  const user = (await findUserById(db, active.user.id)) ?? active.user;
  const state = twoFactorState(user);
  const [required, recoveryCodesLeft, sessions, site] = await Promise.all([
    isTwoFactorRequired(db),
    state === "on" ? unusedRecoveryCodes(db, user.id) : 0,
    listSessionRows(db, active),
    state === "pending" ? getSiteContent(db) : null,
  ]);
  return {
    name: user.name,
    email: user.email,
    mustChangePassword: user.mustChangePassword,
    twoFactor: {
      state,
      required,
      recoveryCodesLeft,
      setup:
        state === "pending" && user.totpSecret ? enrolmentView(user.totpSecret, user.email, site!.clinicName) : null,
    },
    sessions,
  };
}

function answer(
  intent: AccountIntent,
  status: number,
  rest: Partial<Pick<AccountAnswer, "fields" | "message" | "recoveryCodes">> = {},
) {
  return answerWith(status, formAnswer<string, { intent: AccountIntent }>({ ok: status < 400, intent, ...rest }));
}

const fieldProblem = (intent: AccountIntent, field: string, message: string) =>
  answer(intent, 400, { fields: { [field]: message } });

async function signedOut(request: Request, context: Context) {
  const secure = cookieIsSecure(request.url, context.get(servicesContext).secureCookies);
  return redirect(`${SIGN_IN_PATH}?signed-out`, {
    status: 303,
    headers: { "Set-Cookie": await clearedSessionCookieHeader(secure), ...NO_STORE },
  });
}

/**
 * Every form of the account page posts here, told apart by `intent`. A bad
 * or incomplete form is a 400 naming the field; nothing a person can type
 * makes a 500. Each change is written to the audit trail.
 */
export async function accountAction(request: Request, context: Context) {
  const values = await readFormValues(request);
  const intent = (values?.intent ?? "") as AccountIntent;
  const parsed = accountFormSchema.safeParse(values ?? {});
  if (!parsed.success) {
    const { fields } = fieldErrors(parsed.error);
    const known = parsed.error.issues.every((issue) => issue.path[0] !== "intent");
    return answer(known ? intent : "change-password", 400, {
      fields: known ? fields : {},
      message: known ? undefined : "This form could not be read. Please reload the page and try again.",
    });
  }
  try {
    return await run(parsed.data, request, context);
  } catch (error) {
    const failure = pageWriteFailure(error, context);
    return answer(parsed.data.intent, failure.status, { message: failure.message });
  }
}

async function run(form: AccountForm, request: Request, context: Context) {
  const { db } = context.get(databaseContext);
  const active = context.get(staffContext);
  const { user } = active;
  const actor: AuditActor = { id: user.id, email: user.email, ip: context.get(clientContext).ip };

  switch (form.intent) {
    case "change-password": {
      const site = await getSiteContent(db);
      const outcome = await changePassword(
        db,
        active,
        form,
        actor,
        [user.name, user.email, site.clinicName],
        context.get(servicesContext).secret,
      );
      if (!outcome.ok) return fieldProblem(form.intent, outcome.field, outcome.message);
      const others =
        outcome.endedOtherSessions === 0
          ? ""
          : outcome.endedOtherSessions === 1
            ? " You were signed out on 1 other device."
            : ` You were signed out on ${outcome.endedOtherSessions} other devices.`;
      return answer(form.intent, 200, { message: `Your password is changed.${others}` });
    }

    case "start-two-factor":
    case "cancel-two-factor": {
      if (form.intent === "cancel-two-factor") {
        await cancelEnrolment(db, user.id);
        return answer(form.intent, 200, { message: "Setup cancelled. Nothing was changed." });
      }
      if (!(await startEnrolment(db, user.id))) {
        return answer(form.intent, 400, { message: "Two-step sign-in is already on for your account." });
      }
      return answer(form.intent, 200);
    }

    case "confirm-two-factor": {
      const outcome = await confirmEnrolment(db, user, form.code, actor);
      if (!outcome.ok) return fieldProblem(form.intent, "code", outcome.message);
      // The page now says it is on; the codes box takes the reader's focus.
      return answer(form.intent, 200, { recoveryCodes: outcome.recoveryCodes });
    }

    case "renew-recovery-codes":
    case "restart-two-factor":
    case "turn-off-two-factor": {
      const wrong = await currentPasswordProblem(
        db,
        context.get(servicesContext).secret,
        active,
        form.currentPassword,
        actor.ip,
      );
      if (wrong) return fieldProblem(form.intent, "currentPassword", wrong);
      if (!user.totpEnabledAt) {
        return answer(form.intent, 400, { message: "Two-step sign-in is not on for your account." });
      }
      if (form.intent === "renew-recovery-codes") {
        const recoveryCodes = await replaceRecoveryCodes(db, user.id);
        await audit(db, actor, { action: "recovery_codes_renewed", target: { type: "user", id: user.id } });
        return answer(form.intent, 200, {
          message: "Here are your new recovery codes. The old ones no longer work.",
          recoveryCodes,
        });
      }
      if (form.intent === "turn-off-two-factor" && (await isTwoFactorRequired(db))) {
        return answer(form.intent, 400, {
          message: "The clinic requires two-step sign-in, so it cannot be turned off. You can set it up again instead.",
        });
      }
      const restart = form.intent === "restart-two-factor";
      await resetTwoFactor(db, user.id, actor, { restart });
      return answer(form.intent, 200, {
        message: restart
          ? "Your old app and recovery codes no longer work. Scan the new code below to finish."
          : "Two-step sign-in is off. Your recovery codes no longer work.",
      });
    }

    case "end-session": {
      const outcome = await endOwnSession(db, active, form.session, actor);
      if (outcome === "current") return signedOut(request, context);
      return answer(form.intent, 200, {
        message: outcome === "ended" ? "That session has ended." : "That session had already ended.",
      });
    }

    case "sign-out-everywhere": {
      await signOutEverywhere(db, active, actor);
      return signedOut(request, context);
    }
  }
}
