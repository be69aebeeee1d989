import { ShieldAlert, KeyRound } from "lucide-react";
import type { AccountAnswer } from "../account-answer";
import type { AccountView } from "../account-view";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";

const card = "rounded-card border border-line bg-surface p-5 shadow-card sm:p-6";

/**
 * "Your account": password, two-step sign-in and sessions. What the person
 * must do before the rest of the staff area opens comes first.
 */
export function AccountPage({ view, answer }: { view: AccountView; answer: AccountAnswer | undefined }) {
  const mustEnrol = view.twoFactor.required && view.twoFactor.state !== "on";
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-primary-dark">Your account</h1>
        <p className="text-muted">
          Signed in as <strong className="font-semibold text-ink">{view.name}</strong> ({view.email}).
        </p>
      </div>

      {view.mustChangePassword ? (
        <Notice icon="password" title="Choose your own password to continue">
          You signed in with a one-time password. Choose a password only you know below; the rest of the staff area
          opens once you have.
        </Notice>
      ) : null}
      {mustEnrol ? (
        <Notice icon="shield" title="The clinic requires two-step sign-in">
          To keep patients' information safe, every staff account needs a code from an authenticator app to sign in. Set
          it up below{view.mustChangePassword ? " after choosing your password" : ""}; it takes about two minutes.
        </Notice>
      ) : null}

      <div className={card}>
        <ChangePasswordForm answer={answer} />
      </div>
      <div className={card}>
        <TwoFactorSection twoFactor={view.twoFactor} answer={answer} />
      </div>
      <div className={card}>
        <SessionsSection sessions={view.sessions} answer={answer} />
      </div>
    </div>
  );
}

function Notice({ icon, title, children }: { icon: "password" | "shield"; title: string; children: React.ReactNode }) {
  const Icon = icon === "password" ? KeyRound : ShieldAlert;
  return (
    <div className="flex gap-3 rounded-card border-2 border-accent bg-sand p-5">
      <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-accent-dark" />
      <div className="grid gap-1">
        <p className="text-lg font-bold text-ink">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}
