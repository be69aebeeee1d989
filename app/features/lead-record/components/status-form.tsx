import { leadStatuses } from "~/db/schema/lead-values";
import { statusWords } from "~/features/leads/lead-words";
import { LEAD_RECORD_LIMITS } from "../lead-record-options";
import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { LeadForm, typedBefore } from "./lead-form";
import { optionsOf, SelectField, TextAreaField } from "./lead-fields";

const statusOptions = optionsOf(leadStatuses, statusWords);

/** Where the lead stands: new → contacted → scheduled → became a patient, or closed, with an optional reason. */
export function StatusForm({ record, answer }: { record: LeadRecord; answer: LeadAnswer | undefined }) {
  return (
    <LeadForm
      intent="status"
      answer={answer}
      version={record.version}
      title="Status"
      description={`${record.pipeline.statusText} since ${record.pipeline.changed.text}.`}
      submitLabel="Save status"
      sendingLabel="Saving..."
    >
      {(shown) => (
        <>
          <SelectField
            id="lead-status"
            name="status"
            label="Status"
            error={shown?.fields.status}
            defaultValue={typedBefore(shown)?.status ?? record.pipeline.status}
            options={statusOptions}
          />
          <TextAreaField
            id="lead-status-reason"
            name="reason"
            label="Reason"
            hint={`(optional, up to ${LEAD_RECORD_LIMITS.reason} characters)`}
            error={shown?.fields.reason}
            defaultValue={typedBefore(shown)?.reason}
          />
        </>
      )}
    </LeadForm>
  );
}
