/**
 * What every form's action answers, public and staff, with or without
 * JavaScript: a page action returns it (React Router's actionData), and a
 * form that posts JSON to the API turns the API's answer into the same shape
 * (answerFromApiError). One shape, so one feedback hook
 * (app/components/form/use-form-feedback.ts) marks the fields, says the
 * sentence, moves the focus and raises the toast, whichever way it came.
 * No zod and no React here: the first page's JavaScript reads it.
 */
export interface FormAnswer<F extends string = string> {
  ok: boolean;
  /** Which form of the page this answers (the posted `intent`), when a page has several. */
  intent?: string;
  /** A sentence for the whole form: what happened, or what went wrong. */
  message?: string;
  /** A message that is neither good news nor a failure (the second step of a sign-in). */
  tone?: "info";
  /** One sentence per field that needs another look, by the form's field names. */
  fields: Partial<Record<F, string>>;
  /** What was typed, given back so nothing is lost (never a password). */
  values?: Partial<Record<F, string>>;
  /** Differs on every answer: a form can start afresh, and the same message is announced again. */
  answerId: string;
}

let answers = 0;

/** A new answer (its id made here), with whatever a form adds to the shape. */
export function formAnswer<F extends string = string, X extends object = object>(
  init: { ok: boolean } & Partial<Omit<FormAnswer<F>, "answerId" | "ok">> & X,
): FormAnswer<F> & X {
  answers += 1;
  const answerId = `${Date.now().toString(36)}${answers.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { fields: {}, ...init, answerId };
}

/** The answer for one form of a page: the last one, if it was for this form's intent. */
export function answerFor<A extends FormAnswer>(answer: A | undefined, ...intents: string[]): A | undefined {
  return answer && answer.intent !== undefined && intents.includes(answer.intent) ? answer : undefined;
}

/** The status and JSON body of an error thrown by apiRequest ("{status}: {body}"), or null. */
export function apiErrorBody(error: unknown): { status: number; body: Record<string, unknown> | null } | null {
  const match = error instanceof Error ? /^(\d{3}): ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[2]!);
    return {
      status: Number(match[1]),
      body: body && typeof body === "object" ? (body as Record<string, unknown>) : null,
    };
  } catch {
    return { status: Number(match[1]), body: null };
  }
}

/**
 * A refused JSON request as the form's answer: a 400's `fields` become the
 * form's field messages (`fieldFor` renames the API's names to the form's,
 * or drops one with undefined) and its `error` the sentence; any other
 * failure (network, 429, 503, 500) says `fallback`, or the server's own
 * sentence when `serverSentence` is set and there is one.
 */
export function answerFromApiError<F extends string>(
  error: unknown,
  options: {
    fallback: string;
    fieldFor?: (name: string) => F | undefined;
    /** The sentence when fields are named (else the server's own). */
    fieldsMessage?: string;
    serverSentence?: boolean;
  },
): FormAnswer<F> {
  const refused = apiErrorBody(error);
  const sentence =
    typeof refused?.body?.error === "string" && refused.body.error.trim() ? refused.body.error : undefined;
  const fields: Partial<Record<F, string>> = {};
  const named = refused?.status === 400 ? refused.body?.fields : undefined;
  if (named && typeof named === "object") {
    for (const [name, message] of Object.entries(named)) {
      const field = options.fieldFor ? options.fieldFor(name) : (name as F);
      if (field && typeof message === "string") fields[field] ??= message;
    }
  }
  const hasFields = Object.keys(fields).length > 0;
  return formAnswer<F>({
    ok: false,
    fields,
    message: hasFields
      ? (options.fieldsMessage ?? sentence)
      : options.serverSentence && sentence
        ? sentence
        : options.fallback,
  });
}
