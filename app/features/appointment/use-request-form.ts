import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { LeadFormResult } from "~/features/leads/lead-form-result";
import type { LeadData, LeadInput } from "~/features/leads/lead-schema";
import { sendLead } from "~/features/leads/send-lead";
import { messagesFromFields, type FormCheck, type FormValues } from "./request-forms";

export type CheckFor<F extends string> = (values: FormValues<F>, trap?: string) => FormCheck<F, LeadData>;

/**
 * The form's ref: once the page runs its script, the summary above the form
 * replaces the browser's required-field bubbles (the server's HTML keeps them
 * for a visitor without JavaScript). Set on the element rather than rendered,
 * so hydration is not followed by a second render of the whole form.
 */
export function validatedByScript(form: HTMLFormElement | null) {
  if (form) form.noValidate = true;
}

/** The `fields` of a 400 from /api/leads (apiRequest throws "400: {json}"), or null for any other failure. */
export function refusedFields(error: unknown): Record<string, string> | null {
  const match = error instanceof Error ? /^400: ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]!) as { fields?: Record<string, string> };
    return body.fields && Object.keys(body.fields).length > 0 ? body.fields : null;
  } catch {
    return null;
  }
}

/**
 * The state and submission of a request form in the browser: the values
 * (as the native post would send them), the same check as the server, the
 * summary focused when something is wrong, the JSON post, /thank-you on
 * success, and on failure the values kept and an alert with the phone.
 * `result` is a no-JavaScript post's answer, shown as it came.
 *
 * The check (zod and the lead schema, ~30 KB compressed) is loaded when the
 * visitor first focuses the form, not with the page (decision 0008). Should
 * it fail to load, the body goes unchecked and the server's 400 says the
 * same things.
 */
export function useRequestForm<F extends string>({
  fields,
  empty,
  result,
  build,
  loadCheck,
  phone,
}: {
  fields: readonly F[];
  empty: FormValues<F>;
  result?: LeadFormResult;
  /** The lead body from the values, unchecked. */
  build: (values: FormValues<F>, trap?: string) => unknown;
  loadCheck: () => Promise<CheckFor<F>>;
  phone: string;
}) {
  const [values, setValues] = useState<FormValues<F>>(() => ({ ...empty, ...result?.values }));
  const [problems, setProblems] = useState<Partial<Record<F, string>>>(
    () => (result?.fields ?? {}) as Partial<Record<F, string>>,
  );
  const [failure, setFailure] = useState<string | undefined>(() =>
    result && Object.keys(result.fields).length === 0 ? `${result.error} You can also call us at ${phone}.` : undefined,
  );
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const checker = useRef<Promise<CheckFor<F> | null>>(null);
  const navigate = useNavigate();

  /** Starts loading the check (once); resolves to null when it cannot be loaded. */
  const preload = () => (checker.current ??= loadCheck().catch(() => null));

  const set = (field: F) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function showProblems(found: Partial<Record<F, string>>) {
    flushSync(() => {
      setProblems(found);
      setFailure(undefined);
    });
    summaryRef.current?.focus();
  }

  function showFailure(message: string) {
    flushSync(() => {
      setProblems({});
      setFailure(message);
    });
    failureRef.current?.focus();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const field = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const trap = typeof field === "string" && field ? field : undefined;
    flushSync(() => setSubmitting(true));
    const check = await preload();
    const checked = check ? check(values, trap) : { ok: true as const, lead: build(values, trap) as LeadData };
    if (!checked.ok) {
      setSubmitting(false);
      if (checked.trapped) showFailure(`This form could not be sent. Please call us at ${phone}.`);
      else showProblems(checked.fields);
      return;
    }
    flushSync(() => {
      setProblems({});
      setFailure(undefined);
    });
    try {
      await sendLead(checked.lead as LeadInput);
    } catch (error) {
      setSubmitting(false);
      const refused = refusedFields(error);
      const found = refused ? messagesFromFields(fields, refused) : {};
      if (Object.keys(found).length > 0) showProblems(found);
      else showFailure(`Please try again or call us at ${phone}.`);
      return;
    }
    await navigate("/thank-you");
  }

  return { values, set, problems, failure, submitting, onSubmit, preload, summaryRef, failureRef };
}
