import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "./field-errors";
import { formAnswer, type FormAnswer } from "./form-answer";
import { NO_STORE, pageWriteFailure } from "./page-write-failure.server";

/**
 * A page action's answer (React Router's `data`): never stored by a browser,
 * a proxy or our page cache, since it is one person's.
 */
export function answerWith<A extends FormAnswer>(status: number, answer: A, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...NO_STORE, ...headers } });
}

/** The form was not accepted: 400 unless said, with the sentence, the field messages and what was typed. */
export function refused<F extends string, X extends object = object>(
  init: Omit<FormAnswer<F>, "ok" | "answerId" | "fields"> & { fields?: Partial<Record<F, string>> } & X,
  status = 400,
  headers: Record<string, string> = {},
) {
  return answerWith(status, formAnswer<F, X>({ ...init, ok: false } as { ok: false } & typeof init), headers);
}

/** The form was accepted (and what it changed is committed). */
export function accepted<F extends string = string, X extends object = object>(
  init: Omit<FormAnswer<F>, "ok" | "answerId" | "fields"> & X,
) {
  return answerWith(200, formAnswer<F, X>({ ...init, ok: true } as { ok: true } & typeof init));
}

/** A schema's refusal by field, named as the form names them (`fieldFor` renames or drops). */
export function schemaProblems<F extends string>(
  error: z.ZodError,
  fieldFor: (name: string) => F | undefined = (name) => name as F,
): { sentence: string; fields: Partial<Record<F, string>> } {
  const found = fieldErrors(error);
  const fields: Partial<Record<F, string>> = {};
  for (const [name, message] of Object.entries(found.fields)) {
    const field = fieldFor(name);
    if (field) fields[field] ??= message;
  }
  return { sentence: found.error, fields };
}

/**
 * A write that could not be done for a reason of ours (429 over the limit,
 * 503 with the database away) as the form's answer, with what was typed;
 * anything else is rethrown.
 */
export function writeFailed<F extends string, X extends object = object>(
  error: unknown,
  context: Readonly<RouterContextProvider>,
  init: Omit<FormAnswer<F>, "ok" | "answerId" | "fields" | "message"> & X,
) {
  const failure = pageWriteFailure(error, context);
  return refused<F, X>({ ...init, message: failure.message }, failure.status, failure.headers);
}
