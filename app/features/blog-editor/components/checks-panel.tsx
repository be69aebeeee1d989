import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { DraftChecks } from "~/features/draft-checks/components/draft-checks";
import type { Finding } from "~/features/draft-checks/draft-types";
import type { EditorAnswer, EditorView } from "../editor-types";

/**
 * The draft checks beside the editor (decision 0037), following the typing
 * (the findings ride on the live preview's answer), with the override a
 * clinician may record for the errors that stand: a written reason, kept
 * with the post and audited. Errors an override covers are named as such;
 * an error it does not name blocks review again.
 */
export function ChecksPanel({
  view,
  findings,
  unsaved,
  answer,
}: {
  view: EditorView;
  findings: readonly Finding[];
  unsaved: boolean;
  answer: EditorAnswer | undefined;
}) {
  const { override } = view.checks;
  const covered = new Set(override?.findingIds ?? []);
  const standing = findings.filter((f) => f.severity === "error" && !covered.has(f.id));
  const overridden = findings.filter((f) => f.severity === "error" && covered.has(f.id));
  const mine = answer?.intent === "override-checks" ? answer : undefined;
  const reasonError = mine && !mine.ok ? (mine.fields.reason ?? mine.fields.findingIds) : undefined;
  const canOverride = view.canApprove && view.id !== null && view.status === "draft" && standing.length > 0;
  return (
    <div className="grid gap-4 rounded-2xl border border-line bg-surface p-4" data-testid="draft-checks">
      <DraftChecks findings={findings} headingLevel={2} />
      {override && overridden.length > 0 ? (
        <p className="text-sm text-ink" data-testid="checks-override">
          Let through{override.by ? ` by ${override.by}` : ""} on{" "}
          <time dateTime={override.at.iso}>{override.at.text}</time>: &ldquo;{override.reason}&rdquo; (
          {overridden.map((f) => f.title).join("; ")})
        </p>
      ) : null}
      {standing.length > 0 && !view.canApprove ? (
        <p className="text-sm text-muted">
          Until these are changed, the post cannot go to review. A clinician can let it through with a written reason.
        </p>
      ) : null}
      {canOverride ? (
        <Form method="post" preventScrollReset className="grid gap-2" aria-labelledby="override-heading">
          <h3 id="override-heading" className="font-semibold text-ink">
            Let the draft through (clinicians)
          </h3>
          <input type="hidden" name="findingIds" value={standing.map((f) => f.id).join(",")} />
          <Field
            id="override-reason"
            label="Reason for overriding"
            description="Why these findings are safe to publish as they are. Kept with the post and in the audit log."
            error={reasonError}
          >
            <textarea
              id="override-reason"
              name="reason"
              rows={3}
              required
              defaultValue={mine && !mine.ok ? (mine.values?.reason ?? "") : ""}
              className={`${inputClass} py-2`}
              {...describedBy("override-reason", { description: true, error: reasonError })}
            />
          </Field>
          {unsaved ? (
            <p className="text-sm text-muted">Save your changes first: the saved text is what is checked.</p>
          ) : null}
          <div>
            <Button type="submit" name="intent" value="override-checks" variant="outline" size="sm" disabled={unsaved}>
              Override with this reason
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
