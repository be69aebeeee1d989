import { Trash2 } from "lucide-react";
import { deletionReasons, deletionReasonWords } from "../lead-record-options";
import type { LeadAnswer } from "../lead-record-types";
import { LeadForm, typedBefore } from "./lead-form";

/**
 * Deleting the lead for good, set apart from the daily work: a reason chosen
 * from a list (no free text, so nothing about the person reaches the audit
 * trail) and a box to tick.
 */
export function DeleteSection({ answer }: { answer: LeadAnswer | undefined }) {
  return (
    <section aria-label="Delete this lead" className="grid gap-4 border-t-2 border-danger pt-8">
      <LeadForm
        intent="delete"
        answer={answer}
        danger
        title="Delete this lead"
        description="For a person who asks us to delete their request, or one entered by mistake. Everything about it goes: what they sent, the notes, the timeline. It cannot be undone; the audit trail keeps only that a lead was deleted, by whom and why."
        submitLabel={
          <>
            <Trash2 aria-hidden className="size-5" />
            Delete this lead
          </>
        }
        sendingLabel="Deleting..."
        className="max-w-2xl"
      >
        {(shown) => {
          const errors = shown?.fields;
          const typed = typedBefore(shown);
          return (
            <>
              <fieldset
                className="grid gap-2"
                {...(errors?.deletionReason ? { "aria-describedby": "delete-reason-error" } : {})}
              >
                <legend className="mb-1 text-sm font-medium">Why is it being deleted?</legend>
                {deletionReasons.map((reason) => (
                  <div key={reason} className="flex items-center gap-3">
                    <input
                      id={`delete-reason-${reason}`}
                      type="radio"
                      name="deletionReason"
                      value={reason}
                      defaultChecked={typed?.deletionReason === reason}
                      aria-invalid={errors?.deletionReason ? true : undefined}
                      className="size-5 accent-danger"
                    />
                    <label htmlFor={`delete-reason-${reason}`}>{deletionReasonWords[reason]}</label>
                  </div>
                ))}
                {errors?.deletionReason ? (
                  <p id="delete-reason-error" className="text-sm font-medium text-danger">
                    {errors.deletionReason}
                  </p>
                ) : null}
              </fieldset>
              <div className="grid gap-1">
                <div className="flex items-start gap-3">
                  <input
                    id="delete-confirm"
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    defaultChecked={typed?.confirm === "yes"}
                    aria-invalid={errors?.confirm ? true : undefined}
                    aria-describedby={errors?.confirm ? "delete-confirm-error" : undefined}
                    className="mt-0.5 size-5 accent-danger"
                  />
                  <label htmlFor="delete-confirm">I understand that this deletes the lead for good.</label>
                </div>
                {errors?.confirm ? (
                  <p id="delete-confirm-error" className="text-sm font-medium text-danger">
                    {errors.confirm}
                  </p>
                ) : null}
              </div>
            </>
          );
        }}
      </LeadForm>
    </section>
  );
}
