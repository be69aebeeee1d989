import { errorProps, Field } from "~/components/ui/field";
import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { LeadForm, selectClass, typedBefore } from "./lead-form";

/** Who looks after the lead: an active staff member who may see it, or nobody. */
export function AssignForm({ record, answer }: { record: LeadRecord; answer: LeadAnswer | undefined }) {
  const current = record.pipeline.assignee;
  // Someone who can no longer take leads stays shown while the lead is still theirs.
  const choices =
    current && !record.staff.some((person) => person.id === current.id) ? [...record.staff, current] : record.staff;
  return (
    <LeadForm
      intent="assign"
      answer={answer}
      version={record.version}
      title="Assigned to"
      description={current ? `${current.name} looks after this lead.` : "Nobody looks after this lead yet."}
      submitLabel="Save assignment"
      sendingLabel="Saving..."
    >
      {(shown) => {
        const errors = shown?.fields;
        const typed = typedBefore(shown);
        return (
          <Field id="lead-assignee" label="Staff member" error={errors?.assignee}>
            <select
              id="lead-assignee"
              name="assignee"
              defaultValue={typed?.assignee ?? current?.id ?? ""}
              className={selectClass}
              {...errorProps("lead-assignee", errors?.assignee)}
            >
              <option value="">Nobody</option>
              {choices.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </Field>
        );
      }}
    </LeadForm>
  );
}
