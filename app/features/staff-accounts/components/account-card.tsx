import { Form, Link, useNavigation } from "react-router";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { rolesInWords } from "~/features/auth/staff-roles";
import type { AccountRow } from "../staff-page-types";
import { RoleChoices } from "./role-choices";
import { staffPath } from "~/lib/staff-area";

/**
 * One staff account: who, what they may do, how they sign in, and (for
 * anyone but the admin looking) the changes an admin can make. The changes
 * sit behind "Manage", each with a sentence saying what it does, so none is
 * a stray click away.
 */
export function AccountCard({ account }: { account: AccountRow }) {
  const headingId = `account-${account.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "grid gap-3 rounded-card border border-line p-5",
        account.disabled ? "bg-sand" : "bg-surface shadow-card",
      )}
    >
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-lg font-bold text-primary-dark">
          {account.name}
          {account.isYou ? <span className="font-normal text-muted"> (you)</span> : null}
        </h3>
        <p className="text-sm break-all text-muted">{account.email}</p>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact term={account.roles.length === 1 ? "Role" : "Roles"}>{rolesInWords(account.roles)}</Fact>
        <Fact term="Status">
          {account.disabled ? <strong className="font-semibold text-danger">Disabled</strong> : "Active"}
        </Fact>
        <Fact term="Two-factor">{account.twoFactor ? "On" : "Off"}</Fact>
        <Fact term="Password">
          {account.mustChangePassword ? "One-time: must choose a new one at next sign-in" : "Chosen by them"}
        </Fact>
        <Fact term="Last sign-in">
          {account.lastSignIn ? <time dateTime={account.lastSignIn.iso}>{account.lastSignIn.text}</time> : "Never"}
        </Fact>
      </dl>
      {account.isYou ? (
        <p className="text-sm text-muted">
          Change your own password, two-factor sign-in and sessions on{" "}
          <Link to={staffPath("account")} className="font-semibold text-primary underline underline-offset-4">
            Your account
          </Link>
          . Another administrator can change your role.
        </p>
      ) : (
        <AccountActions account={account} />
      )}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function AccountActions({ account }: { account: AccountRow }) {
  const first = account.name.split(/\s+/)[0] || account.name;
  return (
    <details className="group rounded-xl border border-line">
      <summary className="cursor-pointer rounded-xl px-4 py-2 text-sm font-semibold text-primary marker:text-primary hover:bg-primary-soft">
        Manage<span className="sr-only"> {account.name}</span>
      </summary>
      <div className="grid gap-4 border-t border-line p-4">
        <RolesForm account={account} />
        {account.disabled ? (
          <Action account={account} intent="enable" label="Enable account">
            {first} can sign in again with their password.
          </Action>
        ) : (
          <Action account={account} intent="disable" label="Disable account" danger>
            {first} can no longer sign in, and every session they have open ends now.
          </Action>
        )}
        <Action account={account} intent="reset-password" label="Reset password" danger>
          Makes a one-time password for you to pass on, and ends their sessions.
        </Action>
        {account.twoFactor ? (
          <Action account={account} intent="reset-two-factor" label="Reset two-factor">
            For a lost phone: turns their two-factor sign-in off, with their recovery codes, so they can set it up
            again.
          </Action>
        ) : null}
        <Action account={account} intent="sign-out-everywhere" label="Sign out everywhere">
          Ends every session they have open, on every device.
        </Action>
      </div>
    </details>
  );
}

/** The account's roles as checkboxes, saved together: what they may open changes at their next request. */
function RolesForm({ account }: { account: AccountRow }) {
  const busy = useSendingIntent("set-roles") !== null;
  return (
    <Form method="post" className="grid gap-3 rounded-xl border border-line p-3">
      <input type="hidden" name="intent" value="set-roles" />
      <input type="hidden" name="userId" value={account.id} />
      <RoleChoices idPrefix={`roles-${account.id}`} chosen={account.roles} legend={`Roles of ${account.name}`} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} className="justify-self-start">
        {busy ? "Saving..." : "Save roles"}
        <span className="sr-only"> for {account.name}</span>
      </Button>
    </Form>
  );
}

function Action({
  account,
  intent,
  label,
  danger,
  children,
}: {
  account: AccountRow;
  intent: string;
  label: string;
  danger?: boolean;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("userId") === account.id;
  const descriptionId = `${intent}-${account.id}-description`;
  return (
    <Form method="post" className="grid gap-1.5 sm:grid-cols-[14rem_1fr] sm:items-center sm:gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={account.id} />
      <Button
        type="submit"
        size="sm"
        variant={danger ? "danger" : "outline"}
        disabled={busy}
        aria-describedby={descriptionId}
        className="justify-self-start"
      >
        {label}
        <span className="sr-only"> for {account.name}</span>
      </Button>
      <p id={descriptionId} className="text-sm text-muted">
        {children}
      </p>
    </Form>
  );
}
