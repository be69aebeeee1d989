import { errorProps, Field, Input } from "~/components/ui/field";
import {
  contactAttemptMethods,
  contactAttemptOutcomes,
  contactMethodWords,
  contactOutcomeWords,
  LEAD_RECORD_LIMITS,
} from "../lead-record-options";
import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { LeadForm, typedBefore } from "./lead-form";
import { optionsOf, SelectField, TextAreaField } from "./lead-fields";

const methodOptions = optionsOf(contactAttemptMethods, contactMethodWords);
const outcomeOptions = optionsOf(contactAttemptOutcomes, contactOutcomeWords);

/** Logs a call, e-mail or text and how it went; the first one ends the wait for a reply. */
export function ContactForm({ record, answer }: { record: LeadRecord; answer: LeadAnswer | undefined }) {
  return (
    <LeadForm
      intent="contact"
      answer={answer}
      title="Log a contact attempt"
      description="The first attempt, answered or not, counts as the first contact."
      submitLabel="Log it"
      sendingLabel="Logging..."
    >
      {(shown) => {
        const errors = shown?.fields;
        const typed = typedBefore(shown);
        return (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id="contact-method"
                name="method"
                label="How"
                error={errors?.method}
                defaultValue={typed?.method ?? "call"}
                options={methodOptions}
              />
              <SelectField
                id="contact-outcome"
                name="outcome"
                label="What happened"
                error={errors?.outcome}
                defaultValue={typed?.outcome ?? "reached"}
                options={outcomeOptions}
              />
            </div>
            <Field id="contact-at" label="When" hint="(clinic time)" error={errors?.at}>
              <Input
                id="contact-at"
                name="at"
                type="datetime-local"
                defaultValue={typed?.at ?? record.clock.now}
                min={record.clock.arrived}
                max={record.clock.now}
                {...errorProps("contact-at", errors?.at)}
              />
            </Field>
            <TextAreaField
              id="contact-note"
              name="note"
              label="Note"
              hint={`(optional, up to ${LEAD_RECORD_LIMITS.contactNote} characters)`}
              error={errors?.note}
              defaultValue={typed?.note}
            />
          </>
        );
      }}
    </LeadForm>
  );
}
