import { useState } from "react";
import { answerFromApiError, formAnswer, type FormAnswer } from "~/lib/form-answer";

/**
 * A form that posts JSON to the API (the spec's calls) while its page action
 * answers the same form without JavaScript. Either way the form holds one
 * FormAnswer: the page action's, until a JSON post replaces it with its own
 * (accepted, or refused with the API's field messages renamed to the form's).
 */
export function useJsonForm<F extends string>(pageAnswer?: FormAnswer<F>) {
  const [answer, setAnswer] = useState(pageAnswer);
  const [fromPage, setFromPage] = useState(pageAnswer);
  const [sending, setSending] = useState(false);
  // A new answer from the page action (a post made before the script ran) replaces the form's.
  if (pageAnswer !== fromPage) {
    setFromPage(pageAnswer);
    setAnswer(pageAnswer);
  }

  /** Sends; resolves true once the server has accepted (and committed) it. */
  async function submit(
    send: () => Promise<unknown>,
    refusal: Parameters<typeof answerFromApiError<F>>[1],
    accepted: Omit<Partial<FormAnswer<F>>, "ok" | "answerId"> = {},
  ): Promise<boolean> {
    setSending(true);
    try {
      await send();
      setAnswer(formAnswer<F>({ ...accepted, ok: true }));
      return true;
    } catch (error) {
      setAnswer(answerFromApiError<F>(error, refusal));
      return false;
    } finally {
      setSending(false);
    }
  }

  /** An answer made in the browser (a check before sending, say). */
  const answerHere = (init: Parameters<typeof formAnswer<F>>[0]) => setAnswer(formAnswer<F>(init));

  return { answer, sending, submit, answerHere };
}
