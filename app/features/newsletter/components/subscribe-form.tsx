import { Mail } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { CrisisNotice } from "~/components/crisis-notice";
import { cn } from "~/lib/cn";
import { NEWSLETTER_PATH } from "../newsletter-constants";
import { HoneypotField } from "~/components/ui/honeypot-field";

export interface SubscribeFormState {
  email: string;
  message?: string;
  emailError?: string;
}

/**
 * The sign-up form of the /newsletter page. It works as a plain HTML form
 * (no JavaScript: the page reloads with the answer) and, with JavaScript, as
 * a React Router form (same action, no reload). After a refused post it
 * comes back with what was typed and the reason next to the field.
 */
export function SubscribeForm({ state }: { state?: SubscribeFormState }) {
  const id = useId();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === NEWSLETTER_PATH;
  const errorId = `${id}-error`;
  return (
    <Form method="post" action={NEWSLETTER_PATH} aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Sign up
      </h2>
      {state?.message ? (
        <p role="alert" className="rounded-xl border border-danger bg-danger-soft p-3 text-sm font-medium text-danger">
          {state.message}
        </p>
      ) : null}
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
          defaultValue={state?.email}
          // After a refused post without JavaScript, the cursor is where the fix goes.
          autoFocus={Boolean(state?.emailError)}
          aria-invalid={state?.emailError ? true : undefined}
          aria-describedby={state?.emailError ? errorId : undefined}
          className={cn(inputClass, state?.emailError && "border-danger")}
          placeholder="you@example.com"
        />
        {state?.emailError ? (
          <p id={errorId} className="text-sm font-medium text-danger">
            {state.emailError}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="source" value={NEWSLETTER_PATH} />
      <HoneypotField id={`${id}-website`} />
      <Button type="submit" size="lg" disabled={pending} className="justify-self-start">
        <Mail aria-hidden className="size-5" />
        {pending ? "Subscribing..." : "Subscribe"}
      </Button>
      <p className="text-sm text-muted">
        We use your address only to send the newsletter. Every issue has a link that unsubscribes you in one click.
      </p>
      <CrisisNotice className="rounded-xl bg-sand p-3 text-ink" />
    </Form>
  );
}
