/**
 * A posted form as a plain object for a zod schema: text fields only (the
 * first value of a repeated name, or for the names in `lists`, such as a
 * group of checkboxes, every value joined with commas), files ignored.
 * Unknown names stay, so a strict schema can refuse them as the JSON API does.
 */
export function formValues(form: FormData, lists: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (lists.includes(name)) values[name] = name in values ? `${values[name]},${value}` : value;
    else if (!(name in values)) values[name] = value;
  }
  return values;
}

/** Reads a page form's body; null when it cannot be parsed (say, broken multipart). */
export async function readFormValues(
  request: Request,
  lists: readonly string[] = [],
): Promise<Record<string, string> | null> {
  try {
    return formValues(await request.formData(), lists);
  } catch {
    return null;
  }
}
