import { errorProps, Field } from "~/components/ui/field";
import { LEAD_RECORD_LIMITS } from "../lead-record-options";
import type { LeadAnswer } from "../lead-record-types";
import { LeadForm, textAreaClass, typedBefore } from "./lead-form";

/** A note for the timeline: for the team, never shown outside the lead's page. */
export function NoteForm({ answer }: { answer: LeadAnswer | undefined }) {
  return (
    <LeadForm
      intent="note"
      answer={answer}
      title="Add a note"
      description="Seen by intake staff and administrators on this page only."
      submitLabel="Add note"
      sendingLabel="Adding..."
    >
      {(shown) => {
        const errors = shown?.fields;
        return (
          <Field
            id="lead-note"
            label="Note"
            hint={`(up to ${LEAD_RECORD_LIMITS.note.toLocaleString("en-US")} characters)`}
            error={errors?.text}
          >
            <textarea
              id="lead-note"
              name="text"
              rows={4}
              defaultValue={typedBefore(shown)?.text}
              className={textAreaClass}
              {...errorProps("lead-note", errors?.text)}
            />
          </Field>
        );
      }}
    </LeadForm>
  );
}
