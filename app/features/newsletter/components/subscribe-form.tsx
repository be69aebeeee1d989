import { Mail } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useFormSending } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { CrisisNotice } from "~/components/crisis-notice";
import { cn } from "~/lib/cn";
import type { FormAnswer } from "~/lib/form-answer";
import { NEWSLETTER_PATH } from "../newsletter-constants";
import { HoneypotField } from "~/components/ui/honeypot-field";

/**
 * The sign-up form of the /newsletter page. It works as a plain HTML form
 * (no JavaScript: the page reloads with the answer) and, with JavaScript, as
 * a React Router form (same action, no reload). After a refused post it
 * comes back with what was typed and the reason next to the field.
 */
export function SubscribeForm({ answer }: { answer?: FormAnswer<"email"> }) {
  const id = useId();
  const sending = useFormSending({ action: NEWSLETTER_PATH });
  const feedbackRef = useFormFeedback(answer);
  const errorId = `${id}-error`;
  const emailError = answer?.fields.email;
  return (
    <Form
      ref={feedbackRef}
      method="post"
      action={NEWSLETTER_PATH}
      aria-labelledby={`${id}-title`}
      className="grid gap-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Sign up
      </h2>
      <AnswerMessage answer={answer} />
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={answer?.values?.email}
          // After a refused post without JavaScript, the cursor is where the fix goes.
          autoFocus={Boolean(emailError)}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? errorId : undefined}
          className={cn(inputClass, emailError && "border-danger")}
          placeholder="you@example.com"
        />
        {emailError ? (
          <p id={errorId} className="text-sm font-medium text-danger">
            {emailError}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="source" value={NEWSLETTER_PATH} />
      <HoneypotField id={`${id}-website`} />
      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        <Mail aria-hidden className="size-5" />
        {sending ? "Subscribing..." : "Subscribe"}
      </Button>
      <p className="text-sm text-muted">
        We use your address only to send the newsletter. Every issue has a link that unsubscribes you in one click.
      </p>
      <CrisisNotice className="rounded-xl bg-sand p-3 text-ink" />
    </Form>
  );
}
