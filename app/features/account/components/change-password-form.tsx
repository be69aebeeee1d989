import { KeyRound } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { AnswerMessage } from "~/components/form/answer-message";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { answerFor } from "~/lib/form-answer";
import type { AccountAnswer } from "../account-answer";
import { PasswordField } from "./password-field";

/**
 * Change password: the current one, the new one twice. Works without
 * JavaScript (a plain post to the page). Every answer mounts the form
 * afresh, so no password stays in a field.
 */
export function ChangePasswordForm({ answer: last }: { answer: AccountAnswer | undefined }) {
  const answer = answerFor(last, "change-password");
  return <ChangePasswordFields key={answer?.answerId ?? "first"} answer={answer} />;
}

function ChangePasswordFields({ answer }: { answer: AccountAnswer | undefined }) {
  const id = useId();
  const form = useFormFeedback(answer);
  const sending = useSendingIntent("change-password") !== null;
  const fields = answer?.fields ?? {};
  return (
    <Form method="post" ref={form} aria-labelledby={`${id}-title`} className="grid max-w-md gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Change your password
      </h2>
      <AnswerMessage answer={answer} />
      <input type="hidden" name="intent" value="change-password" />
      <PasswordField
        id={`${id}-current`}
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        error={fields.currentPassword}
      />
      <PasswordField
        id={`${id}-new`}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        description="At least 12 characters. A few unrelated words together are easy to remember and hard to guess."
        error={fields.newPassword}
      />
      <PasswordField
        id={`${id}-confirm`}
        name="confirmPassword"
        label="New password again"
        autoComplete="new-password"
        error={fields.confirmPassword}
      />
      <Button type="submit" variant="secondary" disabled={sending} className="justify-self-start">
        <KeyRound aria-hidden className="size-5" />
        {sending ? "Changing your password..." : "Change password"}
      </Button>
    </Form>
  );
}
