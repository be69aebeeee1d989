import { describedBy, Field, Input } from "~/components/ui/field";

/** A password input, labelled, with its description and error tied to it; never filled back in. */
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
