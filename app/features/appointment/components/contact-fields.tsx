import { describedBy, Field, Input } from "~/components/ui/field";
import { LEAD_LIMITS } from "~/features/leads/lead-constants";

type ContactField = "name" | "email" | "phone";

/** Name, e-mail and phone: the same three fields, with the same limits, on every request form. */
export function ContactFields({
  idOf,
  values,
  problems,
  text,
}: {
  idOf: (field: ContactField) => string;
  values: Record<ContactField, string>;
  problems: Partial<Record<ContactField, string>>;
  text: (field: ContactField) => (event: { target: { value: string } }) => void;
}) {
  const fields = [
    { field: "name", label: "Full name", type: "text", autoComplete: "name", maxLength: LEAD_LIMITS.name * 2 + 1 },
    { field: "email", label: "Email address", type: "email", autoComplete: "email", maxLength: LEAD_LIMITS.email },
    { field: "phone", label: "Phone number", type: "tel", autoComplete: "tel", maxLength: LEAD_LIMITS.phone },
  ] as const;
  return fields.map(({ field, label, type, autoComplete, maxLength }) => (
    <Field key={field} id={idOf(field)} label={label} error={problems[field]}>
      <Input
        id={idOf(field)}
        name={field}
        type={type === "text" ? undefined : type}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        value={values[field]}
        onChange={text(field)}
        {...describedBy(idOf(field), { error: problems[field] })}
      />
    </Field>
  ));
}
