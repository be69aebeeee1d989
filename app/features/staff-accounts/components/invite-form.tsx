import { UserPlus } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { errorProps, Field, Input } from "~/components/ui/field";
import { EMAIL_MAX } from "~/lib/text-limits";
import { STAFF_NAME_MAX_LENGTH } from "../staff-account-schema";
import type { StaffAnswer } from "../staff-page-types";

/**
 * Adds a staff member: name, e-mail and role. The server makes a one-time
 * password and the page shows it once. Field errors sit under their fields;
 * the first one gets focus.
 */
export function InviteForm({ answer }: { answer?: StaffAnswer }) {
  const busy = useSendingIntent("invite") !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.fields;
  const values = answer?.values;
  const role = values?.role === "admin" ? "admin" : "staff";
  return (
    <Form ref={form} method="post" aria-labelledby="invite-heading" className="grid max-w-xl gap-4" noValidate>
      <AnswerMessage answer={answer} />
      <input type="hidden" name="intent" value="invite" />
      <Field id="invite-name" label="Name" error={errors?.name}>
        <Input
          id="invite-name"
          name="name"
          autoComplete="off"
          maxLength={STAFF_NAME_MAX_LENGTH}
          required
          defaultValue={values?.name}
          {...errorProps("invite-name", errors?.name)}
        />
      </Field>
      <Field id="invite-email" label="E-mail" error={errors?.email}>
        <Input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          maxLength={EMAIL_MAX}
          required
          defaultValue={values?.email}
          {...errorProps("invite-email", errors?.email)}
        />
      </Field>
      <fieldset className="grid gap-2" {...(errors?.role ? { "aria-describedby": "invite-role-error" } : {})}>
        <legend className="mb-1 text-sm font-medium">Role</legend>
        <RoleChoice value="staff" checked={role === "staff"} label="Staff">
          Leads, analytics, the blog and the rest of the daily work.
        </RoleChoice>
        <RoleChoice value="admin" checked={role === "admin"} label="Administrator">
          Everything staff can do, plus staff accounts, the audit trail and settings.
        </RoleChoice>
        {errors?.role ? (
          <p id="invite-role-error" className="text-sm font-medium text-danger">
            {errors.role}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
        <UserPlus aria-hidden className="size-5" />
        {busy ? "Adding..." : "Add staff member"}
      </Button>
    </Form>
  );
}

function RoleChoice({
  value,
  checked,
  label,
  children,
}: {
  value: string;
  checked: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const id = `invite-role-${value}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="radio"
        name="role"
        value={value}
        defaultChecked={checked}
        aria-describedby={`${id}-description`}
        className="mt-1 size-5 accent-primary"
      />
      <div className="grid">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span id={`${id}-description`} className="text-sm text-muted">
          {children}
        </span>
      </div>
    </div>
  );
}
