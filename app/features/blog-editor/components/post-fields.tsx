import { Field, describedBy, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { PostFormField } from "../post-rules";

type Errors = Partial<Record<PostFormField, string>>;

/** One text field of the editor, controlled, with its message from the form kit's answer. */
export function TextField({
  name,
  label,
  hint,
  description,
  value,
  onChange,
  errors,
  multiline,
  rows,
  maxLength,
  placeholder,
  className,
  inputClassName,
}: {
  name: PostFormField;
  label: string;
  hint?: string;
  description?: string;
  value: string;
  onChange: (name: PostFormField, value: string) => void;
  errors: Errors;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}) {
  const id = `post-${name}`;
  const error = errors[name];
  const common = {
    id,
    name,
    value,
    maxLength,
    placeholder,
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    ...describedBy(id, { description, error }),
  };
  return (
    <Field id={id} label={label} hint={hint} description={description} error={error} className={className}>
      {multiline ? (
        <textarea {...common} rows={rows ?? 3} className={cn(inputClass, "py-3", inputClassName)} />
      ) : (
        <input {...common} type="text" className={cn(inputClass, inputClassName)} />
      )}
    </Field>
  );
}

/** A team member chosen as author or reviewer. */
export function PersonField({
  name,
  label,
  description,
  value,
  team,
  onChange,
  errors,
}: {
  name: "authorSlug" | "reviewerSlug";
  label: string;
  description?: string;
  value: string;
  team: { slug: string; name: string; credentials: string }[];
  onChange: (name: PostFormField, value: string) => void;
  errors: Errors;
}) {
  const id = `post-${name}`;
  const error = errors[name];
  return (
    <Field id={id} label={label} description={description} error={error}>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
        className={inputClass}
        {...describedBy(id, { description, error })}
      >
        <option value="">Nobody yet</option>
        {team.map((m) => (
          <option key={m.slug} value={m.slug}>
            {m.name}
            {m.credentials ? `, ${m.credentials}` : ""}
          </option>
        ))}
      </select>
    </Field>
  );
}
