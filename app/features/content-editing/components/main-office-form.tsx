import { FieldError } from "~/components/ui/field-error";
import { Star } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { Button } from "~/components/ui/button";
import { MAIN_OFFICE_INTENT, type ContentAnswer } from "../content-page-types";

/** The confirmation box's name (MAIN_OFFICE_FIELD on the server). */
const FIELD = "mainOffice";

/**
 * Making an office the main one (decision 0047), below its form: what
 * changes is said first (every page's header and footer, the Get Started
 * page, the clinic's details for search engines), and a box must be ticked
 * to confirm it, so a stray press changes nothing. Works without JavaScript;
 * a refusal (the box not ticked, a telehealth-only office) is said under the
 * box, which takes the keyboard.
 */
export function MainOfficeForm({
  office,
  mainOfficeName,
  answer,
  busy,
}: {
  office: { id: number; name: string };
  mainOfficeName?: string;
  answer?: ContentAnswer;
  busy: boolean;
}) {
  const form = useFormFeedback(answer);
  const error = answer?.ok === false ? answer.fields[FIELD] : undefined;
  const id = `office-${office.id}-main`;
  const instead = mainOfficeName ? ` instead of ${mainOfficeName}'s` : "";
  return (
    <Form
      ref={form}
      method="post"
      aria-label={`Make ${office.name} the main office`}
      className="grid gap-3 border-t border-line pt-4"
      noValidate
    >
      <h4 id={`${id}-heading`} className="font-semibold">
        Main office
      </h4>
      <AnswerMessage answer={answer} />
      <input type="hidden" name="intent" value={MAIN_OFFICE_INTENT} />
      <input type="hidden" name="target" value={office.id} />
      <p id={`${id}-what`} className="text-sm text-muted">
        {mainOfficeName ? `${mainOfficeName} is the main office now. ` : null}
        Making {office.name} the main one changes every page at once: the header and the footer, the Get Started page
        and the clinic&apos;s details for search engines show its address, phone and hours{instead}.
      </p>
      <p className="text-sm text-muted">
        Words that call an office the main one, in its description or search description, stay as they are: change them
        above. The choice can be undone from the recent changes.
      </p>
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            name={FIELD}
            value="yes"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-what ${id}-error` : `${id}-what`}
            className="mt-0.5 size-6 shrink-0 accent-primary"
          />
          <label htmlFor={id}>
            Show {office.name}&apos;s address, phone and hours on every page{instead}
          </label>
        </div>
        <FieldError id={id} error={error} />
      </div>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          <Star aria-hidden className="size-4" />
          Make {office.name} the main office
        </Button>
      </div>
    </Form>
  );
}
