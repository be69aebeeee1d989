import { useEffect, useEffectEvent, useRef } from "react";
import { toast, type ToastInput } from "~/components/ui/use-toast";
import type { FormAnswer } from "~/lib/form-answer";

type ToastFor<A> = ToastInput | ((answer: A) => ToastInput | undefined);

export interface FeedbackToasts<A> {
  /** Raised when an answer accepts the form. */
  accepted?: ToastFor<A>;
  /** Raised when an answer refuses it. */
  refused?: ToastFor<A>;
}

/**
 * What every form does when its answer arrives, however it came (a page
 * action's actionData, or a JSON post turned into the same FormAnswer):
 * the keyboard goes where the news is (an error summary that asks for it,
 * else the first field marked invalid, else the form's message) and the
 * spec's toast is raised where the spec wants one. The field messages and
 * the sentence are drawn by the form from the same answer. Put the returned
 * ref on the form (or the element around it).
 */
export function useFormFeedback<A extends FormAnswer, T extends HTMLElement = HTMLFormElement>(
  answer: A | undefined,
  toasts: FeedbackToasts<A> = {},
) {
  const area = useRef<T>(null);
  const arrived = useEffectEvent((news: A) => {
    const scope = area.current;
    const target =
      scope?.querySelector<HTMLElement>("[data-answer-focus]") ??
      scope?.querySelector<HTMLElement>("[aria-invalid='true']") ??
      scope?.querySelector<HTMLElement>("[data-answer-message]");
    target?.focus();
    const chosen = news.ok ? toasts.accepted : toasts.refused;
    const shown = typeof chosen === "function" ? chosen(news) : chosen;
    if (shown) toast(shown);
  });
  const answerId = answer?.answerId;
  useEffect(() => {
    if (answer) arrived(answer);
    // One arrival per answer: answerId changes with every answer, and only then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerId]);
  return area;
}
