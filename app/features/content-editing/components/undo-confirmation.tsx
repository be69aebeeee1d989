import { Undo2 } from "lucide-react";
import { Form } from "react-router";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { UNDO_ITEM_INTENT } from "../content-lists";

/**
 * The confirmation after adding or deleting an item, with Undo: it posts the
 * audit entry of that change, which revertContentChange turns round (an
 * addition deleted, a deletion put back at its old place). Works without
 * JavaScript.
 */
export function UndoConfirmation({ message, entry, what }: { message: string; entry: number | null; what: string }) {
  const sending = useSendingIntent(UNDO_ITEM_INTENT) !== null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-primary bg-primary-soft p-3">
      <p role="status" tabIndex={-1} data-answer-message className="text-sm font-medium text-primary-dark">
        {message}
      </p>
      {entry ? (
        <Form method="post">
          <input type="hidden" name="intent" value={UNDO_ITEM_INTENT} />
          <input type="hidden" name="entry" value={entry} />
          <Button type="submit" variant="outline" size="sm" disabled={sending} aria-label={`Undo: ${what}`}>
            <Undo2 aria-hidden className="size-4" />
            Undo
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
