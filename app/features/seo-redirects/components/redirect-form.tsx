import { Form, Link } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input, inputClass } from "~/components/ui/field";
import { SEO_REDIRECTS_PATH } from "~/lib/seo-paths";
import { PATH_MAX, TARGET_MAX } from "../redirect-rules";
import type { RedirectDraft, RedirectsAnswer } from "../redirects-page-types";

/**
 * Adds a redirect, or changes one (`draft.id`). The server checks it against
 * every other redirect: a loop or a chain is refused under the field it
 * concerns, naming the other redirect; the first such field gets focus.
 */
export function RedirectForm({ draft, answer }: { draft: RedirectDraft; answer?: RedirectsAnswer }) {
  const busy = useSendingIntent("save") !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.fields;
  const values = answer?.values ?? draft;
  const editing = draft.id !== null;
  return (
    <Form
      ref={form}
      method="post"
      action={SEO_REDIRECTS_PATH}
      aria-labelledby="redirect-form-heading"
      className="grid max-w-xl gap-4"
      noValidate
    >
      <AnswerMessage answer={answer} />
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={draft.id!} /> : null}
      <Field
        id="redirect-from"
        label="Old address"
        description="A path on this site, such as /old-page (no ? or #)."
        error={errors?.fromPath}
      >
        <Input
          id="redirect-from"
          name="fromPath"
          autoComplete="off"
          spellCheck={false}
          maxLength={PATH_MAX + 100}
          required
          defaultValue={values.fromPath}
          {...describedBy("redirect-from", { description: true, error: errors?.fromPath })}
        />
      </Field>
      <Field
        id="redirect-to"
        label="Send visitors to"
        description="A path such as /services, or a full address starting with https://."
        error={errors?.toTarget}
      >
        <Input
          id="redirect-to"
          name="toTarget"
          autoComplete="off"
          spellCheck={false}
          maxLength={TARGET_MAX + 100}
          required
          defaultValue={values.toTarget}
          {...describedBy("redirect-to", { description: true, error: errors?.toTarget })}
        />
      </Field>
      <Field id="redirect-status" label="Kind" error={errors?.status}>
        <select
          id="redirect-status"
          name="status"
          defaultValue={values.status ?? "301"}
          className={inputClass}
          {...describedBy("redirect-status", { error: errors?.status })}
        >
          <option value="301">Permanent (301): the page has moved for good</option>
          <option value="302">Temporary (302): it will come back</option>
        </select>
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Saving..." : editing ? "Save changes" : "Add redirect"}
        </Button>
        {editing ? (
          <Link
            to={SEO_REDIRECTS_PATH}
            className="inline-flex min-h-11 items-center font-semibold text-primary-dark underline underline-offset-2"
          >
            Cancel editing
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
