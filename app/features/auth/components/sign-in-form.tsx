import { LogIn } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { EMAIL_MAX_LENGTH, SIGN_IN_PATH } from "../sign-in-status";

export interface SignInFormState {
  email: string;
  message: string;
}

/**
 * The staff sign-in form: e-mail and password, then "Sign In". Works as a
 * plain HTML form and, with JavaScript, without a reload. After an answer it
 * keeps the e-mail address; the password is never sent back and is cleared.
 */
export function SignInForm({ state }: { state?: SignInFormState }) {
  const id = useId();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === SIGN_IN_PATH;
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state && password.current) password.current.value = "";
  }, [state]);
  return (
    <Form method="post" action={SIGN_IN_PATH} aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Sign in with your staff account
      </h2>
      {state ? (
        <p role="alert" className="rounded-xl border border-danger bg-danger-soft p-3 text-sm font-medium text-danger">
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email
        </label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
          required
          defaultValue={state?.email}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-password`} className="text-sm font-medium">
          Password
        </label>
        <Input
          ref={password}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      <Button type="submit" variant="secondary" size="lg" disabled={pending} className="justify-self-start">
        <LogIn aria-hidden className="size-5" />
        Sign In
      </Button>
    </Form>
  );
}
