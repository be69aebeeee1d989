import { LogIn } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { toast } from "~/components/ui/use-toast";
import { apiErrorMessage } from "~/lib/api-error-message";
import { EMAIL_MAX_LENGTH, SIGN_IN_PATH } from "../sign-in-status";
import type { StaffUser } from "../staff-user";
import { rememberStaffUser } from "../staff-user-query";
import { STAFF_AREA_PATH } from "~/lib/staff-area";

export interface SignInFormState {
  email: string;
  message: string;
  tone: "error" | "info";
  /** The account has two-factor on: ask for the code (and, without JavaScript, the password again). */
  codeNeeded?: boolean;
}

/**
 * The staff sign-in form. With JavaScript it calls POST /api/login (spec §7):
 * success stores the returned user and opens the page asked for; failure is
 * the destructive toast 'Login failed' with the server's sentence, which also
 * stays above the form. Without JavaScript it posts to /auth, which signs in
 * the same way and redirects. The password is never sent back in a page.
 */
export function SignInForm({ state, redirectTo }: { state?: SignInFormState; redirectTo: string }) {
  const id = useId();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState(state?.message);
  const [tone, setTone] = useState(state?.tone ?? "error");
  const [codeNeeded, setCodeNeeded] = useState(state?.codeNeeded ?? false);
  const password = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  const busy = pending || (navigation.state === "submitting" && navigation.formAction === SIGN_IN_PATH);

  // A new answer from the no-JavaScript path (the /auth action) replaces what the form shows.
  const [answered, setAnswered] = useState(state);
  if (state !== answered) {
    setAnswered(state);
    setMessage(state?.message);
    setTone(state?.tone ?? "error");
    setCodeNeeded(state?.codeNeeded ?? false);
  }
  useEffect(() => {
    if (state && password.current) password.current.value = "";
  }, [state]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      ...(codeNeeded ? { code: String(form.get("code") ?? "") } : {}),
    };
    setPending(true);
    try {
      const res = await fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        credentials: "include",
      });
      const answer = (await res.json().catch(() => null)) as
        (StaffUser & { error?: string; twoFactorRequired?: boolean }) | null;
      if (res.ok && answer) {
        rememberStaffUser(answer);
        await navigate(redirectTo, { replace: true });
        return;
      }
      if (res.status === 401 && answer?.twoFactorRequired && !codeNeeded) {
        // Not a failure: the password was right and the second step follows.
        setMessage(answer.error);
        setTone("info");
        setCodeNeeded(true);
        requestAnimationFrame(() => code.current?.focus());
        return;
      }
      throw new Error(`${res.status}: ${JSON.stringify(answer ?? {})}`);
    } catch (error) {
      const sentence = apiErrorMessage(error);
      setMessage(sentence);
      setTone("error");
      toast({ variant: "destructive", title: "Login failed", description: sentence });
      if (code.current) code.current.value = "";
    } finally {
      setPending(false);
    }
  }

  return (
    <Form
      method="post"
      action={`${SIGN_IN_PATH}${redirectTo === STAFF_AREA_PATH ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Sign in with your staff account
      </h2>
      {message ? (
        <p
          role="alert"
          className={
            tone === "info"
              ? "rounded-xl border border-line bg-sand p-3 text-sm font-medium"
              : "rounded-xl border border-danger bg-danger-soft p-3 text-sm font-medium text-danger"
          }
        >
          {message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="sign-in" />
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
      {codeNeeded ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-code`} className="text-sm font-medium">
            Authenticator code
          </label>
          <p id={`${id}-code-hint`} className="text-sm text-muted">
            The 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <Input
            ref={code}
            id={`${id}-code`}
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            maxLength={32}
            required
            aria-describedby={`${id}-code-hint`}
          />
        </div>
      ) : null}
      <Button type="submit" variant="secondary" size="lg" disabled={busy} className="justify-self-start">
        <LogIn aria-hidden className="size-5" />
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}
