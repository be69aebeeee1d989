import { describedBy, Field, Input } from "~/components/ui/field";

/** One labelled text input of the content forms, its error (if any) tied to it. */
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
  maxLength?: number;
  autoComplete?: string;
  inputMode?: "text" | "tel" | "email" | "url" | "numeric";
}) {
  return (
    <Field id={id} label={label} hint={hint} description={description} error={error} className={className}>
      <Input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        {...input}
        {...describedBy(id, { description, error })}
      />
    </Field>
  );
}
