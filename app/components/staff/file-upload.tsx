import { useState, type FormEvent } from "react";
import { AnswerMessage } from "~/components/form/answer-message";
import type { FormAnswer } from "~/lib/form-answer";

/** A file input of a staff upload form: its chooser button drawn like the area's soft buttons. */
export const fileInputClass =
  "min-h-11 w-full rounded-xl border border-line bg-surface px-2 py-2 text-sm file:mr-3 file:min-h-8 file:rounded-full file:border-0 file:bg-primary-soft file:px-4 file:font-semibold file:text-primary-dark aria-invalid:border-danger";

/**
 * A refused upload's answer: with the files' problems (each a sentence
 * naming file, line and column), an alert listing them that the keyboard is
 * moved to (useFormFeedback looks for data-answer-focus); without, the
 * answer's sentence alone.
 */
export function UploadProblems({ answer, problems }: { answer: FormAnswer | undefined; problems: readonly string[] }) {
  if (problems.length === 0) return <AnswerMessage answer={answer} />;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-answer-focus
      className="grid gap-2 rounded-xl border border-danger bg-danger-soft p-4 text-sm text-danger focus:outline-none focus-visible:outline-2 focus-visible:outline-danger"
    >
      <p className="font-semibold">{answer?.message}</p>
      <ul className="grid list-disc gap-1 pl-5 break-words">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The upload bound in the browser: files over it are refused before they
 * are sent (the server refuses them too, with a 413), the file input gets
 * the sentence and the keyboard. Without JavaScript the server's answer
 * says the same.
 */
export function useUploadBound({ input, maxBytes, refusal }: { input: string; maxBytes: number; refusal: string }) {
  const [tooLarge, setTooLarge] = useState<string | undefined>(undefined);
  return {
    tooLarge,
    clear: () => setTooLarge(undefined),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const field = event.currentTarget.elements.namedItem(input) as HTMLInputElement | null;
      const total = [...(field?.files ?? [])].reduce((sum, file) => sum + file.size, 0);
      if (total > maxBytes) {
        event.preventDefault();
        setTooLarge(refusal);
        field?.focus();
      } else setTooLarge(undefined);
    },
  };
}
