import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useFormSending } from "~/components/form/use-form-sending";
import { PageHeader } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { FormAnswer } from "~/lib/form-answer";
import { countWords } from "../generator-input";
import type { GeneratorPageData } from "../generator-page.server";
import { GenerationHistory } from "./generation-history";
import { GeneratorPanel } from "./generator-panel";
import { countOf } from "~/lib/plural";

/**
 * /admin/blog/generate: the generator beside the draft it writes into, "Save
 * as draft" (a new post, then its editor), and what the generations cost.
 */
export function GeneratorPage({ data, answer }: { data: GeneratorPageData; answer: FormAnswer | undefined }) {
  const [draft, setDraft] = useState("");
  const revalidator = useRevalidator();
  const feedback = useFormFeedback(answer);
  const sending = useFormSending({ intents: ["save-draft"] });
  const title = describedBy("draft-title", { error: answer?.fields.title });
  const body = describedBy("draft-body", { description: true, error: answer?.fields.body });
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Blog draft generator"
        description="Propose an outline, edit it, then let the model write a draft from the clinic's own facts. Every draft is saved as a draft: a clinician reviews it before anything is published."
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <GeneratorPanel
          model={data.model}
          services={data.services}
          onDraft={setDraft}
          onEnded={() => void revalidator.revalidate()}
        />
        <Form ref={feedback} method="post" className="grid content-start gap-4" aria-labelledby="draft-heading">
          <h2 id="draft-heading" className="text-xl font-semibold text-primary-dark">
            Draft
          </h2>
          <input type="hidden" name="intent" value="save-draft" />
          <AnswerMessage answer={answer} />
          <Field id="draft-title" label="Title" error={answer?.fields.title}>
            <input
              id="draft-title"
              name="title"
              required
              maxLength={140}
              defaultValue={answer?.values?.title ?? ""}
              className={inputClass}
              {...title}
            />
          </Field>
          <Field
            id="draft-body"
            label="Body (Markdown)"
            description={`Step 2 writes here as the model answers; edit freely. ${countOf(countWords(draft), "word", "words")}.`}
            error={answer?.fields.body}
          >
            <textarea
              id="draft-body"
              name="body"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              rows={24}
              className={cn(inputClass, "min-h-96 py-3 font-mono text-sm")}
              {...body}
            />
          </Field>
          <div>
            <Button type="submit" disabled={sending}>
              Save as draft
            </Button>
          </div>
        </Form>
      </div>
      <GenerationHistory recent={data.history.recent} totals={data.history.totals} />
    </div>
  );
}
