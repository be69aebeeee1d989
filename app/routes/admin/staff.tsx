import { useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { clientContext, databaseContext, staffContext } from "~/context";
import { AccountCard } from "~/features/staff-accounts/components/account-card";
import { InviteForm } from "~/features/staff-accounts/components/invite-form";
import { OneTimePasswordNotice } from "~/features/staff-accounts/components/one-time-password-notice";
import { TwoFactorSettingForm } from "~/features/staff-accounts/components/two-factor-setting-form";
import { runStaffAction, staffPageData } from "~/features/staff-accounts/staff-page.server";
import type { StaffAnswer } from "~/features/staff-accounts/staff-page-types";
import { answerWith } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/staff";

/**
 * /admin/staff: every staff account and what an admin can change about it
 * (access.ts lets only admins open it; the layout's middleware has checked).
 * Every change is one form posted here with an `intent`, and is audited.
 */
export function meta() {
  return [{ title: "Staff accounts" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return staffPageData(db, context.get(staffContext).user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const { status, answer } = await runStaffAction(
    db,
    { id: user.id, email: user.email, ip },
    await readFormValues(request, ["roles"]),
  );
  return answerWith(status, answer);
}

export default function StaffAccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, requireTwoFactor } = loaderData;
  const result = actionData as StaffAnswer | undefined;
  const inviteFailed = result && !result.ok && result.intent === "invite" && result.fields;
  const invited = result?.ok && result.intent === "invite" ? result.userId : undefined;
  // What a change did shows once the page's data has reloaded too, so the message and the list agree.
  const settled = useNavigation().state === "idle";
  const shown = settled ? result : undefined;
  const active = accounts.filter((account) => !account.disabled);
  return (
    <div className="grid gap-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-primary-dark">Staff accounts</h1>
        <p className="max-w-prose text-muted">
          Everyone who can sign in to the staff area. {active.length} of {accounts.length}{" "}
          {accounts.length === 1 ? "account is" : "accounts are"} active. Every change here is recorded in the audit
          trail.
        </p>
      </div>

      {shown && !inviteFailed && !(shown.ok && shown.oneTimePassword) ? <ResultBanner result={shown} /> : null}
      {shown?.ok && shown.oneTimePassword ? (
        <OneTimePasswordNotice
          password={shown.oneTimePassword.value}
          name={shown.oneTimePassword.name}
          email={shown.oneTimePassword.email}
          reason={shown.oneTimePassword.reason}
        />
      ) : null}

      <section aria-labelledby="accounts-heading" className="grid gap-4">
        <h2 id="accounts-heading" className="text-2xl font-bold text-primary-dark">
          Accounts
        </h2>
        <ul className="grid items-start gap-4 lg:grid-cols-2">
          {accounts.map((account) => (
            <li key={account.id}>
              <AccountCard account={account} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="invite-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="invite-heading" className="text-2xl font-bold text-primary-dark">
            Add a staff member
          </h2>
          <p className="max-w-prose text-muted">
            They get a one-time password, shown to you once, to pass on privately. At their first sign-in they choose
            their own.
          </p>
        </div>
        {/* A fresh, empty form after each account is added. */}
        <InviteForm key={invited ?? "new"} answer={inviteFailed ? result : undefined} />
      </section>

      <section aria-labelledby="settings-heading" className="grid gap-4">
        <h2 id="settings-heading" className="text-2xl font-bold text-primary-dark">
          Sign-in settings
        </h2>
        <TwoFactorSettingForm
          required={requireTwoFactor}
          withTwoFactor={accounts.filter((account) => account.twoFactor).length}
          total={accounts.length}
          youHaveIt={accounts.some((account) => account.isYou && account.twoFactor)}
        />
      </section>
    </div>
  );
}

/** What the last change did, or why it was refused; focused so it is read out and seen. */
function ResultBanner({ result }: { result: StaffAnswer }) {
  const feedbackRef = useFormFeedback<StaffAnswer, HTMLDivElement>(result);
  return (
    <div ref={feedbackRef}>
      <AnswerMessage answer={result} className="p-4 text-base focus:outline-none" />
    </div>
  );
}
