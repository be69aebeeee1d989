import { AlertOctagon, AlertTriangle, Info } from "lucide-react";
import { cn } from "~/lib/cn";
import { SEVERITY_WORDS, type Severity } from "../problem-catalogue";

const looks: Record<Severity, string> = {
  error: "border-danger bg-danger-soft text-danger",
  warning: "border-accent bg-sand text-accent-dark",
  notice: "border-line bg-surface text-muted",
};
const icons = { error: AlertOctagon, warning: AlertTriangle, notice: Info } as const;

/** A severity in words, with an icon and colour that only repeat them. */
export function SeverityBadge({ severity, className }: { severity: Severity; className?: string }) {
  const Icon = icons[severity];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        looks[severity],
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {SEVERITY_WORDS[severity].label}
    </span>
  );
}

/** A page's score out of 100, coloured by how it fares (the number says it all). */
export function ScoreText({ score }: { score: number | null }) {
  if (score === null) return <span className="text-muted">No score</span>;
  const tone = score >= 90 ? "text-primary-dark" : score >= 60 ? "text-accent-dark" : "text-danger";
  return (
    <span className={cn("font-semibold tabular-nums", tone)}>
      {score}
      <span className="sr-only"> out of 100</span>
    </span>
  );
}
