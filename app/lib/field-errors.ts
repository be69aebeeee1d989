import type { z } from "zod";

/** The body of every 400: a sentence for people and one message per bad field. */
export interface FieldErrorBody {
  error: string;
  fields: Record<string, string>;
}

export function fieldErrors(error: z.ZodError): FieldErrorBody {
  const fields: Record<string, string> = {};
  let rootMessage: string | undefined;
  for (const issue of error.issues) {
    // An unknown key names itself: { fields: { color: "Unknown field." } }.
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...issue.path, key].join(".")] ??= "Unknown field.";
    } else if (issue.path.length === 0) {
      rootMessage ??= issue.code === "invalid_type" ? "The request body must be a JSON object." : issue.message;
    } else {
      fields[issue.path.join(".")] ??= issue.message;
    }
  }
  const names = Object.keys(fields);
  return {
    error: rootMessage && names.length === 0 ? rootMessage : `Please check: ${names.join(", ")}.`,
    fields,
  };
}
