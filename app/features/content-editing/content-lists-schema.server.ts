import { bodyProblems } from "~/features/content/markdown.server";
import type { FieldChoices, ListField, ListSpec } from "./content-lists";

/**
 * The server's check of an item form of a content list, read from the
 * list's field descriptions (content-lists.ts), at least as strict as the
 * seed (content-files.server.ts: slugs as lower-case words joined by -,
 * ratings 1–5, required words present): lengths that fit the cards, no
 * control characters, choices among those offered. Each message names the
 * field and says what to type.
 */

export type ItemValue = string | number | boolean | null;
export type ItemValues = Record<string, ItemValue>;

const CONTROL = /\p{Cc}/u;
/** Control characters other than the line break a long text keeps. */
const hasControlExceptLines = (value: string) => CONTROL.test(value.replace(/\n/g, ""));
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const squashed = (value: string) => value.replace(/\s+/g, " ").trim();
/** A long text keeps its paragraphs: runs of spaces become one, lines are kept (at most one empty line). */
const paragraphs = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

function checkField(
  field: ListField,
  raw: string | undefined,
  choices: FieldChoices,
): { value: ItemValue } | { problem: string } {
  const what = field.label.toLowerCase();
  switch (field.kind) {
    case "checkbox":
      return { value: raw === "on" || raw === "true" };
    case "rating": {
      const n = Number(raw);
      if (!raw || !Number.isInteger(n) || n < 1 || n > 5) return { problem: `Choose a ${what} from 1 to 5.` };
      return { value: n };
    }
    case "choice": {
      const value = (raw ?? "").trim();
      if (value === "") return field.optional ? { value: null } : { problem: `Choose the ${what}.` };
      if (!(choices[field.name] ?? []).some((c) => c.value === value))
        return { problem: `Choose the ${what} from the list.` };
      return { value };
    }
    case "image":
      // Read by the store (an uploaded image's id, or keeping the current one).
      return { value: null };
    case "markdown": {
      // A body keeps its lines as typed (lists, tables, a block on its own line); only line ends are made one kind.
      const value = (raw ?? "").replace(/\r\n?/g, "\n").trim();
      const { min = 1, max = 20000 } = field;
      if (value === "")
        return field.optional ? { value: field.emptyIsText ? "" : null } : { problem: `Enter the ${what}.` };
      if (hasControlExceptLines(value)) return { problem: `The ${what} has a character that cannot be shown.` };
      if (value.length < min || value.length > max)
        return { problem: `Keep the ${what} between ${min} and ${max} characters (it has ${value.length}).` };
      const problems = bodyProblems(value);
      if (problems.length > 0) return { problem: `The ${what} has ${problems.join(" and ")}.` };
      return { value };
    }
    default: {
      const value = field.kind === "textarea" ? paragraphs(raw ?? "") : squashed(raw ?? "");
      const { min = 1, max = 200 } = field;
      if (value === "")
        return field.optional ? { value: field.emptyIsText ? "" : null } : { problem: `Enter the ${what}.` };
      if (field.kind === "textarea" ? hasControlExceptLines(value) : CONTROL.test(value))
        return { problem: `The ${what} has a character that cannot be shown.` };
      if (value.length < min || value.length > max)
        return { problem: `Keep the ${what} between ${min} and ${max} characters (it has ${value.length}).` };
      if (field.kind === "slug" && !SLUG.test(value))
        return {
          problem: `Write the ${what} in lower-case letters and digits joined by hyphens, such as panic-disorder.`,
        };
      return { value };
    }
  }
}

/** The form's values checked field by field: the item's values, or a message for each field that needs another look. */
export function parseItemForm(
  spec: ListSpec,
  form: Record<string, string>,
  choices: FieldChoices,
): { ok: true; values: ItemValues } | { ok: false; fields: Record<string, string> } {
  const values: ItemValues = {};
  const fields: Record<string, string> = {};
  for (const field of spec.fields) {
    if (field.kind === "image") continue;
    const checked = checkField(field, form[field.name], choices);
    if ("problem" in checked) fields[field.name] = checked.problem;
    else values[field.name] = checked.value;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, values };
}
