import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import type { EditorView } from "../editor-types";
import { statusLabels } from "../post-rules";

function Move({
  intent,
  label,
  variant = "outline",
  disabled,
}: {
  intent: string;
  label: string;
  variant?: "outline" | "secondary" | "danger" | "primary";
  disabled?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm" disabled={disabled}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * Where the post stands and the moves open from there (the server checks
 * each again): send to review, a clinician's approval, publish now or at a
 * time, take off the schedule, unpublish to 410 or a redirect.
 */
export function WorkflowPanel({ view, unsaved }: { view: EditorView; unsaved: boolean }) {
  const { status } = view;
  return (
    <section aria-labelledby="workflow-heading" className="grid gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id="workflow-heading" className="text-lg font-bold text-primary-dark">
        Review and publication
      </h2>
      <p>
        Status: <strong data-testid="post-status">{statusLabels[status]}</strong>
      </p>
      {view.approved ? (
        <p className="text-sm text-muted">
          Approved{view.approved.by ? ` by ${view.approved.by}` : ""} on{" "}
          <time dateTime={view.approved.at.iso}>{view.approved.at.text}</time>
        </p>
      ) : null}
      {view.publishedAt && (status === "published" || status === "scheduled") ? (
        <p className="text-sm text-muted">
          {status === "scheduled" ? "Appears on " : "Published "}
          <time dateTime={view.publishedAt.iso}>{view.publishedAt.text}</time>
        </p>
      ) : null}
      {unsaved ? <p className="text-sm text-muted">Save your changes before moving the post on.</p> : null}
      <div className="flex flex-wrap gap-2">
        {status === "draft" ? (
          <Move intent="send-to-review" label="Send to review" variant="secondary" disabled={unsaved} />
        ) : null}
        {status === "in_review" && view.canApprove ? (
          <Move intent="approve" label="Approve for publication" variant="secondary" disabled={unsaved} />
        ) : null}
        {status === "in_review" && !view.canApprove ? (
          <p className="text-sm text-muted">Waiting for a clinician to approve it.</p>
        ) : null}
        {status === "approved" || (status === "unpublished" && view.approved) ? (
          <Move intent="publish-now" label="Publish now" variant="primary" disabled={unsaved} />
        ) : null}
        {status === "scheduled" ? <Move intent="unschedule" label="Take off the schedule" /> : null}
        {["in_review", "approved", "scheduled", "unpublished"].includes(status) ? (
          <Move intent="back-to-draft" label="Back to draft" variant="outline" />
        ) : null}
      </div>
      {status === "approved" || (status === "unpublished" && view.approved) ? (
        <Form method="post" preventScrollReset className="grid gap-2">
          <Field id="publish-at" label="Or publish at" hint="(clinic time)">
            <input id="publish-at" name="publishAt" type="datetime-local" required className={inputClass} />
          </Field>
          <div>
            <Button type="submit" name="intent" value="schedule" variant="outline" size="sm" disabled={unsaved}>
              Schedule
            </Button>
          </div>
        </Form>
      ) : null}
      {status === "published" ? (
        <Form method="post" preventScrollReset className="grid gap-2">
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">When unpublished, its address</legend>
            <label className="flex min-h-6 items-center gap-2">
              <input type="radio" name="unpublishAs" value="gone" defaultChecked className="size-5" />
              answers that it is gone (410)
            </label>
            <label className="flex min-h-6 items-center gap-2">
              <input type="radio" name="unpublishAs" value="redirect" className="size-5" />
              sends visitors to another page
            </label>
          </fieldset>
          <Field id="redirect-to" label="Page to send visitors to" hint="(a path, such as /blog)">
            <input id="redirect-to" name="redirectTo" type="text" defaultValue="/blog" className={inputClass} />
          </Field>
          <div>
            <Button type="submit" name="intent" value="unpublish" variant="danger" size="sm">
              Unpublish
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
