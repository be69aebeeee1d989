import { CircleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * The pieces of the two request forms: radio groups as fieldsets with a
 * legend, checkboxes with their wording tied to them, the error summary and
 * the failure alert. Every control is at least 24 px and keeps the site's
 * focus outline.
 */

const markClass = "size-6 shrink-0 accent-primary";

export function ChoiceGroup<V extends string>({
  id,
  name,
  legend,
  options,
  labels,
  value,
  onChange,
  error,
  className,
}: {
  /** The fieldset's id; each radio is `${id}-${option}`. */
  id: string;
  name: string;
  legend: string;
  options: readonly V[];
  labels: Record<V, string>;
  value: string;
  onChange: (value: V) => void;
  error?: string;
  className?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} aria-describedby={error ? errorId : undefined} className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", className)}>
        {options.map((option) => (
          <label
            key={option}
            htmlFor={`${id}-${option}`}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              id={`${id}-${option}`}
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              required
              aria-invalid={error ? true : undefined}
              className={markClass}
            />
            <span>{labels[option]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CheckboxField({
  id,
  name,
  label,
  description,
  checked,
  onChange,
  error,
  required,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  description?: React.ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
}) {
  const describedBy = [description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(markClass, "mt-px cursor-pointer")}
        />
        <label htmlFor={id} className="cursor-pointer text-base font-medium">
          {label}
        </label>
      </div>
      {description ? (
        <p id={`${id}-description`} className="pl-9 text-sm text-muted">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="pl-9 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Puts the keyboard on the control a summary link names (a group's chosen or first radio). */
function focusControl(event: React.MouseEvent<HTMLAnchorElement>, target: string) {
  const element = document.getElementById(target);
  if (!element) return;
  event.preventDefault();
  const control =
    element instanceof HTMLFieldSetElement
      ? (element.querySelector<HTMLInputElement>("input:checked") ?? element.querySelector<HTMLInputElement>("input"))
      : element;
  element.scrollIntoView({ block: "center" });
  control?.focus({ preventScroll: true });
}

/**
 * The list of problems above the form, each a link to its field. It takes
 * the focus after a refused submission (and is announced as an alert), so
 * people using a screen reader or a keyboard hear and reach every problem.
 */
export function ErrorSummary({
  id,
  sentence,
  problems,
  autoFocus,
}: {
  id: string;
  sentence: string;
  problems: { target: string; message: string }[];
  /** For a page sent back by the server (no JavaScript): the browser focuses it on load. */
  autoFocus?: boolean;
}) {
  return (
    <div
      // useFormFeedback moves the keyboard here, ahead of the first field.
      data-answer-focus
      autoFocus={autoFocus}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${id}-title`}
      className="grid gap-2 rounded-xl border-2 border-danger bg-danger-soft p-4 text-danger"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        There is a problem with your request
      </h2>
      <p className="text-ink">{sentence}</p>
      <ul className="grid gap-1">
        {problems.map((problem) => (
          <li key={problem.target}>
            <a
              href={`#${problem.target}`}
              onClick={(event) => focusControl(event, problem.target)}
              className="inline-flex min-h-6 items-center font-medium underline underline-offset-2"
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A submission that could not be sent (network, server, limits): what happened and how else to reach us. */
export function FailureAlert({ message, autoFocus }: { message: string; autoFocus?: boolean }) {
  return (
    <div
      data-answer-message
      autoFocus={autoFocus}
      tabIndex={-1}
      role="alert"
      className="grid gap-1 rounded-xl border-2 border-danger bg-danger-soft p-4 text-danger"
    >
      <p className="flex items-center gap-2 text-lg font-bold">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        Submission Failed
      </p>
      <p className="text-ink">{message}</p>
    </div>
  );
}

/** A heading and its fields: one part of a longer form. */
export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-4">
      <h2 className="border-b border-line pb-2 text-xl font-bold text-primary-dark">{title}</h2>
      {children}
    </div>
  );
}
