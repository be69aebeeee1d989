import { errorProps, Field, Input } from "~/components/ui/field";
import {
  contactAttemptMethods,
  contactAttemptOutcomes,
  contactMethodWords,
  contactOutcomeWords,
  LEAD_RECORD_LIMITS,
} from "../lead-record-options";
import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { LeadForm, selectClass, textAreaClass, typedBefore } from "./lead-form";

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
              <Field id="contact-method" label="How" error={errors?.method}>
                <select
                  id="contact-method"
                  name="method"
                  defaultValue={typed?.method ?? "call"}
                  className={selectClass}
                  {...errorProps("contact-method", errors?.method)}
                >
                  {contactAttemptMethods.map((method) => (
                    <option key={method} value={method}>
                      {contactMethodWords[method]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="contact-outcome" label="What happened" error={errors?.outcome}>
                <select
                  id="contact-outcome"
                  name="outcome"
                  defaultValue={typed?.outcome ?? "reached"}
                  className={selectClass}
                  {...errorProps("contact-outcome", errors?.outcome)}
                >
                  {contactAttemptOutcomes.map((outcome) => (
                    <option key={outcome} value={outcome}>
                      {contactOutcomeWords[outcome]}
                    </option>
                  ))}
                </select>
              </Field>
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
            <Field
              id="contact-note"
              label="Note"
              hint={`(optional, up to ${LEAD_RECORD_LIMITS.contactNote} characters)`}
              error={errors?.note}
            >
              <textarea
                id="contact-note"
                name="note"
                rows={2}
                defaultValue={typed?.note}
                className={textAreaClass}
                {...errorProps("contact-note", errors?.note)}
              />
            </Field>
          </>
        );
      }}
    </LeadForm>
  );
}
