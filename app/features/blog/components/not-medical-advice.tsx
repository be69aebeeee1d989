import { CrisisNotice } from "~/components/crisis-notice";

/** Said at the end of every article: general information, and where to turn now. */
export function NotMedicalAdvice() {
  return (
    <aside aria-label="About this article" className="grid gap-2 rounded-card border border-line bg-sand p-5">
      <p className="text-sm">
        <strong className="font-semibold">Not medical advice. </strong>
        This article shares general information. It does not replace care from a licensed professional who knows you and
        your history.
      </p>
      <CrisisNotice compact />
    </aside>
  );
}
