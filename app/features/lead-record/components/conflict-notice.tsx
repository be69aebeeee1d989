import type { LeadConflict } from "../lead-record-types";

/**
 * Another staff member's change came first (409): what they did, and that
 * this person's change was not saved. Focused when it arrives
 * (useFormFeedback looks for data-answer-focus), so it is read out.
 */
export function ConflictNotice({ conflict, after }: { conflict: LeadConflict; after: string }) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-answer-focus
      className="grid gap-1 rounded-xl border-2 border-danger bg-danger-soft p-3 text-sm text-danger focus:outline-none"
    >
      <p className="font-semibold">{conflict.what}</p>
      <p>
        {conflict.yours} {after}
      </p>
    </div>
  );
}
