import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useJsonForm } from "~/components/form/use-json-form";
import type { LeadData, LeadInput } from "~/features/leads/lead-schema";
import { sendLead } from "~/features/leads/send-lead";
import type { FormAnswer } from "~/lib/form-answer";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { fieldOf, problemsSentence, type FormCheck, type FormValues } from "./request-forms";

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

/**
 * The state and submission of a request form in the browser: the values
 * (as the native post would send them), the same check as the server, the
 * JSON post and /thank-you on success. Every outcome is a FormAnswer (the
 * page action's, without JavaScript, or one made here), drawn the same way:
 * the summary of problems (focused), or the failure alert with the phone.
 *
 * The check (zod and the lead schema, ~30 KB compressed) is loaded when the
 * visitor first focuses the form, not with the page (decision 0008). Should
 * it fail to load, the body goes unchecked and the server's 400 says the
 * same things.
 */
export function useRequestForm<F extends string>({
  fields,
  empty,
  answer: pageAnswer,
  build,
  loadCheck,
  phone,
}: {
  fields: readonly F[];
  empty: FormValues<F>;
  answer?: FormAnswer<F>;
  /** The lead body from the values, unchecked. */
  build: (values: FormValues<F>, trap?: string) => unknown;
  loadCheck: () => Promise<CheckFor<F>>;
  phone: string;
}) {
  const [values, setValues] = useState<FormValues<F>>(() => ({ ...empty, ...pageAnswer?.values }));
  const { answer, sending, submit, answerHere } = useJsonForm<F>(pageAnswer);
  const feedbackRef = useFormFeedback(answer);
  const checker = useRef<Promise<CheckFor<F> | null>>(null);
  const navigate = useNavigate();

  const problems: Partial<Record<F, string>> = answer && !answer.ok ? answer.fields : {};
  const message = answer && !answer.ok && Object.keys(problems).length === 0 ? answer.message : undefined;
  // A page action's failure names the clinic; the number itself is said here.
  const failure = message && !message.includes(phone) ? `${message} You can also call us at ${phone}.` : message;

  /** Starts loading the check (once); resolves to null when it cannot be loaded. */
  const preload = () => (checker.current ??= loadCheck().catch(() => null));

  const set = (field: F) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  /** The form's ref: the browser's own bubbles off once the script runs, and the answers' focus. */
  const formRef = (form: HTMLFormElement | null) => {
    validatedByScript(form);
    feedbackRef.current = form;
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const field = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const trap = typeof field === "string" && field ? field : undefined;
    const check = await preload();
    const checked = check ? check(values, trap) : { ok: true as const, lead: build(values, trap) as LeadData };
    if (!checked.ok) {
      if (checked.trapped)
        answerHere({ ok: false, message: `This form could not be sent. Please call us at ${phone}.` });
      else {
        const count = Object.keys(checked.fields).length;
        answerHere({ ok: false, fields: checked.fields, message: problemsSentence(count) });
      }
      return;
    }
    const sent = await submit(() => sendLead(checked.lead as LeadInput), {
      fallback: `Please try again or call us at ${phone}.`,
      fieldFor: (name) => fieldOf(fields, name.split(".")),
    });
    if (sent) await navigate("/thank-you");
  }

  return { values, set, problems, failure, submitting: sending, onSubmit, preload, formRef };
}
