import { cn } from "~/lib/cn";
import type { FormAnswer } from "~/lib/form-answer";

/**
 * The sentence a form's answer carries: calm for good news, plain for a
 * problem, neutral for a next step. Focusable, so useFormFeedback can move
 * the keyboard here when no field needs another look.
 */
export function AnswerMessage({ answer, className }: { answer: FormAnswer | undefined; className?: string }) {
  if (!answer?.message) return null;
  const tone = answer.tone ?? (answer.ok ? "ok" : "problem");
  return (
    <p
      role={tone === "problem" ? "alert" : "status"}
      tabIndex={-1}
      data-answer-message
      className={cn(
        "rounded-xl border p-3 text-sm font-medium",
        tone === "ok" && "border-primary bg-primary-soft text-primary-dark",
        tone === "problem" && "border-danger bg-danger-soft text-danger",
        tone === "info" && "border-line bg-sand text-ink",
        className,
      )}
    >
      {answer.message}
    </p>
  );
}
