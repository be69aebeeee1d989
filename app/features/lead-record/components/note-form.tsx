import { LEAD_RECORD_LIMITS } from "../lead-record-options";
import type { LeadAnswer } from "../lead-record-types";
import { LeadForm, typedBefore } from "./lead-form";
import { TextAreaField } from "./lead-fields";

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
      {(shown) => (
        <TextAreaField
          id="lead-note"
          name="text"
          label="Note"
          hint={`(up to ${LEAD_RECORD_LIMITS.note.toLocaleString("en-US")} characters)`}
          error={shown?.fields.text}
          defaultValue={typedBefore(shown)?.text}
          rows={4}
        />
      )}
    </LeadForm>
  );
}
