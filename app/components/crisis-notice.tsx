import { cn } from "~/lib/cn";

/** Said next to every form and in every footer: this site is not for emergencies. */
export function CrisisNotice({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <p className={cn("text-sm", className)} data-testid="crisis-notice">
      {compact ? null : <strong className="font-semibold">Not for emergencies. </strong>}
      If you are in crisis or thinking about suicide, call or text{" "}
      <a href="tel:988" className="font-semibold underline underline-offset-2">
        988
      </a>{" "}
      (Suicide &amp; Crisis Lifeline) any time. In an emergency, call{" "}
      <a href="tel:911" className="font-semibold underline underline-offset-2">
        911
      </a>{" "}
      or go to the nearest emergency room.
    </p>
  );
}
