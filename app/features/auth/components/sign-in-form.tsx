import { LogIn } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useFormSending } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { apiErrorMessage } from "~/lib/api-error-message";
import { formAnswer, type FormAnswer } from "~/lib/form-answer";
import { EMAIL_MAX } from "~/lib/text-limits";
import { SIGN_IN_PATH } from "../sign-in-status";
import type { StaffUser } from "../staff-user";
import { rememberStaffUser } from "../staff-user-query";
import { STAFF_AREA_PATH } from "~/lib/staff-area";

/** The sign-in form's answer: the address typed comes back, the password never; `codeNeeded` asks for the second step. */
export type SignInAnswer = FormAnswer<"email" | "password" | "code"> & { codeNeeded?: boolean };

/**
 * The staff sign-in form. With JavaScript it calls POST /api/login (spec §7):
 * success stores the returned user and opens the page asked for; failure is
 * the destructive toast 'Login failed' with the server's sentence, which also
 * stays above the form. Without JavaScript it posts to /auth, which signs in
 * the same way and redirects. Either way the form draws one SignInAnswer.
 */
export function SignInForm({ answer: pageAnswer, redirectTo }: { answer?: SignInAnswer; redirectTo: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState(pageAnswer);
  const [fromPage, setFromPage] = useState(pageAnswer);
  const [pending, setPending] = useState(false);
  // Once asked for, the code field stays until the sign-in succeeds.
  const [codeNeeded, setCodeNeeded] = useState(pageAnswer?.codeNeeded ?? false);
  const password = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  const posting = useFormSending({ action: SIGN_IN_PATH });
  const busy = pending || posting;
  const feedbackRef = useFormFeedback(answer, {
    refused: (refusal) =>
      refusal.tone === "info"
        ? undefined
        : { variant: "destructive", title: "Login failed", description: refusal.message },
  });

  // A new answer from the no-JavaScript path (the /auth action) replaces what the form shows.
  if (pageAnswer !== fromPage) {
    setFromPage(pageAnswer);
    setAnswer(pageAnswer);
    if (pageAnswer?.codeNeeded) setCodeNeeded(true);
  }
  // A refused code is typed afresh; a page answer (no JavaScript) never carries the password back.
  const answerId = answer?.answerId;
  useEffect(() => {
    if (answerId && code.current) code.current.value = "";
  }, [answerId]);
  const pageAnswerId = fromPage?.answerId;
  useEffect(() => {
    if (pageAnswerId && password.current) password.current.value = "";
  }, [pageAnswerId]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const body = {
      email,
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
      const reply = (await res.json().catch(() => null)) as
        (StaffUser & { error?: string; twoFactorRequired?: boolean }) | null;
      if (res.ok && reply) {
        rememberStaffUser(reply);
        await navigate(redirectTo, { replace: true });
        return;
      }
      if (res.status === 401 && reply?.twoFactorRequired && !codeNeeded) {
        // Not a failure: the password was right and the second step follows.
        setCodeNeeded(true);
        setAnswer(formAnswer({ ok: false, tone: "info", message: reply.error, values: { email }, codeNeeded: true }));
        return;
      }
      throw new Error(`${res.status}: ${JSON.stringify(reply ?? {})}`);
    } catch (error) {
      setAnswer(formAnswer({ ok: false, message: apiErrorMessage(error), values: { email }, codeNeeded }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form
      ref={feedbackRef}
      method="post"
      action={`${SIGN_IN_PATH}${redirectTo === STAFF_AREA_PATH ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Sign in with your staff account
      </h2>
      <AnswerMessage answer={answer} />
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
          maxLength={EMAIL_MAX}
          required
          defaultValue={answer?.values?.email}
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
            // The keyboard goes to the code whenever it is asked for or refused.
            data-answer-focus
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
