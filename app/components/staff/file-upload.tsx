import { useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
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

/**
 * A held preview's form: the one button that stores it (only its id is
 * posted: the files are not sent again), a way to start over, and until
 * when it can be saved.
 */
export function SavePreviewForm({
  action,
  idName,
  id,
  expires,
  uploadAgain,
}: {
  action: string;
  /** The hidden field that carries the preview's id. */
  idName: string;
  id: string;
  expires: string;
  /** "upload the files again". */
  uploadAgain: string;
}) {
  const busy = useSendingIntent("save") !== null;
  return (
    <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name={idName} value={id} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save this import"}
      </Button>
      <Link
        to={action}
        className="inline-flex min-h-11 items-center font-semibold text-primary-dark underline underline-offset-2"
      >
        Start over
      </Link>
      <p className="w-full text-sm text-muted">
        Save it before {expires}; after that, {uploadAgain}.
      </p>
    </Form>
  );
}

/** What a save (or delete) answered, focused when it arrives; after a save, a link to what was saved. */
export function SavedBanner({ answer, href, linkText }: { answer: FormAnswer; href?: string; linkText: string }) {
  const ref = useFormFeedback<FormAnswer, HTMLDivElement>(answer);
  return (
    <div ref={ref} className="grid gap-2">
      <AnswerMessage answer={answer} className="p-4 text-base focus:outline-none" />
      {answer.ok && href ? (
        <p>
          <Link
            to={href}
            className="inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline"
          >
            {linkText}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
