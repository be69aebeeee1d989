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

/** What a page says of a body it cannot parse. */
export const UNREADABLE_FORM = "This form submission could not be read. Please try again.";

/**
 * Reads a page form's body, files included (an upload form's): the form,
 * and its text fields by name ("" when absent or a file); null when the
 * body cannot be parsed.
 */
export async function readPostedForm(
  request: Request,
): Promise<{ form: FormData; text: (name: string) => string } | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  return {
    form,
    text: (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    },
  };
}
