import { errorProps, Field, inputClass } from "~/components/ui/field";

// The inputs' look (field.tsx), taller for text that runs to a few lines.
const textAreaClass =
  "min-h-24 w-full rounded-xl border border-line bg-surface px-4 py-2.5 text-ink placeholder:text-muted focus-visible:border-primary aria-invalid:border-danger";

/** A labelled choice from a list, its error under it and tied to it. */
export function SelectField({
  id,
  name,
  label,
  error,
  defaultValue,
  options,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} name={name} defaultValue={defaultValue} className={inputClass} {...errorProps(id, error)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Free text staff type about the lead. No maxLength: the browser would cut a
 * pasted text short without a word; the server says what is too long, and
 * gives the text back.
 */
export function TextAreaField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  rows = 2,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  rows?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        className={textAreaClass}
        {...errorProps(id, error)}
      />
    </Field>
  );
}

/** Choices from a list of values and their words. */
export function optionsOf<V extends string>(values: readonly V[], words: Record<V, string>) {
  return values.map((value) => ({ value, label: words[value] }));
}
