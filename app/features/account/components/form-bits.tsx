import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { describedBy, Field, Input } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { AccountAnswer, AccountIntent } from "../account-answer";

/** Whether a form with one of these intents is being sent now. */
export function useSending(...intents: AccountIntent[]): AccountIntent | null {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return typeof intent === "string" && intents.includes(intent as AccountIntent) ? (intent as AccountIntent) : null;
}

/**
 * After an answer arrives (the form is mounted afresh for it): focus the
 * first field with a problem, or else the message, so a keyboard or screen
 * reader user lands where the news is.
 */
export function useFocusAnswer<T extends HTMLElement = HTMLFormElement>(answer: AccountAnswer | undefined) {
  const area = useRef<T>(null);
  useEffect(() => {
    if (!answer || !area.current) return;
    const target =
      area.current.querySelector<HTMLElement>("[aria-invalid='true']") ??
      area.current.querySelector<HTMLElement>("[data-answer-message]");
    target?.focus();
  }, [answer]);
  return area;
}

/** The sentence a form's answer carries: calm for good news, plain for a problem. */
export function AnswerMessage({ answer, className }: { answer: AccountAnswer | undefined; className?: string }) {
  if (!answer?.message) return null;
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      tabIndex={-1}
      data-answer-message
      className={cn(
        "rounded-xl border p-3 text-sm font-medium",
        answer.ok ? "border-primary bg-primary-soft text-primary-dark" : "border-danger bg-danger-soft text-danger",
        className,
      )}
    >
      {answer.message}
    </p>
  );
}

export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  description,
  error,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  description?: string;
  error?: string;
}) {
  return (
    <Field id={id} label={label} description={description} error={error}>
      <Input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        spellCheck={false}
        autoCapitalize="none"
        {...describedBy(id, { description, error })}
      />
    </Field>
  );
}
