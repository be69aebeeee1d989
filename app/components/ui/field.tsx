import type * as React from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-ink placeholder:text-muted focus-visible:border-primary aria-invalid:border-danger";

/** A labelled form control: the label is tied to the control by id. */
export function Field({
  id,
  label,
  hint,
  description,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  /** A sentence under the label; give the control `{...describedBy(id, { description, error })}`. */
  description?: React.ReactNode;
  /** Shown under the control; give the control `{...errorProps(id, error)}` too. */
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {hint ? <span className="font-normal text-muted"> {hint}</span> : null}
      </label>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Ties a control to its error message for assistive technology. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/** Ties a control to its description and (when there is one) its error message. */
export function describedBy(id: string, { description, error }: { description?: unknown; error?: string }) {
  const ids = [description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean);
  return {
    ...(error ? { "aria-invalid": true } : {}),
    ...(ids.length > 0 ? { "aria-describedby": ids.join(" ") } : {}),
  };
}

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}
