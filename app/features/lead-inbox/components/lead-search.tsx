import { Search } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { errorProps, Field, inputClass } from "~/components/ui/field";
import type { FormAnswer } from "~/lib/form-answer";
import { SEARCH_INTENT } from "../inbox-search";

/**
 * Find a person by name, e-mail or phone. Posted, not a GET form: what is
 * typed names someone, and must not end up in an address (browser history,
 * server logs). The results replace the list until the search is cleared.
 */
export function LeadSearchForm({ action, answer }: { action: string; answer: FormAnswer<"q"> | undefined }) {
  const sending = useSendingIntent(SEARCH_INTENT) !== null;
  const feedbackRef = useFormFeedback<FormAnswer<"q">, HTMLFormElement>(answer && !answer.ok ? answer : undefined);
  return (
    <Form
      ref={feedbackRef}
      method="post"
      action={action}
      aria-label="Find a person"
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <input type="hidden" name="intent" value={SEARCH_INTENT} />
      <Field
        id="lead-search"
        label="Find a person"
        hint="(name, e-mail or phone)"
        error={answer?.fields.q}
        className="min-w-64 flex-1"
      >
        <input
          id="lead-search"
          name="q"
          type="search"
          autoComplete="off"
          maxLength={100}
          defaultValue={answer?.values?.q ?? ""}
          className={inputClass}
          {...errorProps("lead-search", answer?.fields.q)}
        />
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={sending}>
        <Search aria-hidden className="size-4" />
        {sending ? "Searching..." : "Search"}
      </Button>
      {answer && !answer.ok && !answer.fields.q ? <AnswerMessage answer={answer} className="basis-full" /> : null}
    </Form>
  );
}
