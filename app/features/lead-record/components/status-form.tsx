import { leadStatuses } from "~/db/schema";
import { errorProps, Field } from "~/components/ui/field";
import { statusWords } from "~/features/leads/lead-words";
import { LEAD_RECORD_LIMITS } from "../lead-record-options";
import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { LeadForm, selectClass, textAreaClass, typedBefore } from "./lead-form";

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
      {(shown) => {
        const errors = shown?.fields;
        const typed = typedBefore(shown);
        return (
          <>
            <Field id="lead-status" label="Status" error={errors?.status}>
              <select
                id="lead-status"
                name="status"
                defaultValue={typed?.status ?? record.pipeline.status}
                className={selectClass}
                {...errorProps("lead-status", errors?.status)}
              >
                {leadStatuses.map((status) => (
                  <option key={status} value={status}>
                    {statusWords[status]}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="lead-status-reason"
              label="Reason"
              hint={`(optional, up to ${LEAD_RECORD_LIMITS.reason} characters)`}
              error={errors?.reason}
            >
              <textarea
                id="lead-status-reason"
                name="reason"
                rows={2}
                defaultValue={typed?.reason}
                className={textAreaClass}
                {...errorProps("lead-status-reason", errors?.reason)}
              />
            </Field>
          </>
        );
      }}
    </LeadForm>
  );
}
