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
import { postedRoles, RoleChoices } from "./role-choices";

/**
 * Adds a staff member: name, e-mail and one or more roles. The server makes a one-time
 * password and the page shows it once. Field errors sit under their fields;
 * the first one gets focus.
 */
export function InviteForm({ answer }: { answer?: StaffAnswer }) {
  const busy = useSendingIntent("invite") !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.fields;
  const values = answer?.values;
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
      {/* Nothing is ticked in advance: each role an account gets is chosen (minimum necessary). */}
      <RoleChoices idPrefix="invite-roles" chosen={postedRoles(values?.roles)} error={errors?.roles} />
      <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
        <UserPlus aria-hidden className="size-5" />
        {busy ? "Adding..." : "Add staff member"}
      </Button>
    </Form>
  );
}
