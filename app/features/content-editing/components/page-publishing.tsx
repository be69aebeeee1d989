import { EyeOff, Globe } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import {
  FIXED_PAGE_PUBLISHED_NOTE,
  REPUBLISH_ITEM_INTENT,
  UNPUBLISH_ITEM_INTENT,
  type ItemAnswer,
  type ItemPageData,
} from "../content-lists";
import { LinkedFromList } from "./linked-from";
import { UndoConfirmation } from "./undo-confirmation";

/**
 * Whether visitors see a page, and the button that changes it: Unpublish
 * (the address answers "page not found", the page leaves the sitemap and the
 * lists; staff still edit and preview it) or Publish again. A page the
 * site's navigation is built on says it stays published. The answer is shown
 * here: a refusal with the places that link to the page, or the confirmation
 * with Undo. Works without JavaScript.
 */
export function PagePublishing({
  data,
  answer,
}: {
  data: ItemPageData & { publishing: NonNullable<ItemPageData["publishing"]> };
  answer?: ItemAnswer;
}) {
  const { published, fixed } = data.publishing;
  const busy = useSendingIntent(UNPUBLISH_ITEM_INTENT, REPUBLISH_ITEM_INTENT) !== null;
  const area = useFormFeedback<ItemAnswer, HTMLElement>(answer);
  const title = data.values[data.spec.titleField] ?? "";
  return (
    <section ref={area} aria-labelledby="page-publishing-heading" className="grid gap-3 border-t border-line pt-5">
      <h2 id="page-publishing-heading" className="text-lg font-semibold">
        On the website
      </h2>
      {answer?.ok && answer.entry ? (
        <UndoConfirmation
          message={answer.message ?? ""}
          entry={answer.entry}
          what={`${published ? "publishing" : "unpublishing"} “${title}”`}
        />
      ) : (
        <AnswerMessage answer={answer} />
      )}
      {answer?.linkedFrom ? <LinkedFromList links={answer.linkedFrom} /> : null}
      {fixed ? (
        <p className="text-sm text-muted">{FIXED_PAGE_PUBLISHED_NOTE}</p>
      ) : (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value={published ? UNPUBLISH_ITEM_INTENT : REPUBLISH_ITEM_INTENT} />
          <p className="text-sm text-muted">
            {published
              ? "Published: visitors see this page. Unpublishing takes it off the website at once: its address answers “page not found” and it leaves the sitemap, while you can still edit and preview it here."
              : "Unpublished: visitors get “page not found” at its address, and it is not in the sitemap. You can still edit and preview it; publish it again when it is ready."}
          </p>
          <div>
            <Button type="submit" variant={published ? "outline" : "primary"} size="sm" disabled={busy}>
              {published ? <EyeOff aria-hidden className="size-4" /> : <Globe aria-hidden className="size-4" />}
              {published ? "Unpublish this page" : "Publish this page again"}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
