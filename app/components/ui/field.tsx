import type * as React from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-ink placeholder:text-muted focus-visible:border-primary";

/** A labelled form control: the label is tied to the control by id. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  /** Shown under the control; give the control `{...errorProps(id, error)}` too. */
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {hint ? <span className="font-normal text-muted"> {hint}</span> : null}
      </label>
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

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}
