import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { LeadForm, typedBefore } from "./lead-form";
import { SelectField } from "./lead-fields";

/** Who looks after the lead: an active staff member who may see it, or nobody. */
export function AssignForm({ record, answer }: { record: LeadRecord; answer: LeadAnswer | undefined }) {
  const current = record.pipeline.assignee;
  // Someone who can no longer take leads stays shown while the lead is still theirs.
  const people =
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
      {(shown) => (
        <SelectField
          id="lead-assignee"
          name="assignee"
          label="Staff member"
          error={shown?.fields.assignee}
          defaultValue={typedBefore(shown)?.assignee ?? current?.id ?? ""}
          options={[{ value: "", label: "Nobody" }, ...people.map(({ id, name }) => ({ value: id, label: name }))]}
        />
      )}
    </LeadForm>
  );
}
