import { describedBy, Field, Input, inputClass } from "~/components/ui/field";

/** One labelled text input of the content forms (a text area with `rows`), its error (if any) tied to it. */
export function TextField({
  id,
  name,
  label,
  hint,
  description,
  value,
  error,
  type = "text",
  className,
  rows,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  description?: string;
  value: string;
  error?: string;
  type?: "text" | "tel" | "email" | "url" | "date" | "time";
  className?: string;
  /** Several lines: a text area this many rows high. */
  rows?: number;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: "text" | "tel" | "email" | "url" | "numeric";
}) {
  return (
    <Field id={id} label={label} hint={hint} description={description} error={error} className={className}>
      {rows ? (
        <textarea
          id={id}
          name={name}
          rows={rows}
          defaultValue={value}
          maxLength={input.maxLength}
          className={`${inputClass} py-3`}
          {...describedBy(id, { description, error })}
        />
      ) : (
        <Input
          id={id}
          name={name}
          type={type}
          defaultValue={value}
          {...input}
          {...describedBy(id, { description, error })}
        />
      )}
    </Field>
  );
}
