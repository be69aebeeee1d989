import { Undo2 } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { EmptyState } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { REVERT_INTENT, type ContentAnswer, type HistoryView } from "../content-page-types";

/**
 * The latest content changes, newest first: who, when, what; each can be
 * undone (its fields put back as they were before it, published at once).
 * The full before and after are in the audit trail.
 */
export function ContentHistory({ history, answer }: { history: HistoryView[]; answer?: ContentAnswer }) {
  const busy = useSendingIntent(REVERT_INTENT) !== null;
  const area = useFormFeedback<ContentAnswer, HTMLDivElement>(answer);
  if (history.length === 0)
    return <EmptyState title="No changes yet">Changes published on this page are listed here.</EmptyState>;
  return (
    <div ref={area} className="grid gap-3">
      <AnswerMessage answer={answer} />
      <ol className="grid gap-3">
        {history.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3"
          >
            <p>
              <span className="font-medium">{entry.what}</span>: {entry.fields}
              {entry.revertOf ? " (an undo)" : ""}
              <br />
              <span className="text-sm text-muted">
                <time dateTime={entry.at.iso}>{entry.at.text}</time>
                {entry.by ? ` by ${entry.by}` : ""}
              </span>
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value={REVERT_INTENT} />
              <input type="hidden" name="entry" value={entry.id} />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                <Undo2 aria-hidden className="size-4" />
                Undo
                <span className="sr-only">
                  {" "}
                  this change to {entry.what}, {entry.at.text}
                </span>
              </Button>
            </Form>
          </li>
        ))}
      </ol>
    </div>
  );
}
