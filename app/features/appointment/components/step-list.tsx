import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

export interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * A numbered "what happens next" list: the request pages' side column
 * (compact, h3 under its own heading) and /thank-you (cards, h2). The step
 * number is read out; the icons are decoration.
 */
export function StepList({ steps, variant }: { steps: readonly Step[]; variant: "compact" | "cards" }) {
  const Heading = variant === "cards" ? "h2" : "h3";
  return (
    <ol className="grid gap-4">
      {steps.map((step, i) => (
        <li
          key={step.title}
          className={cn(
            "flex",
            variant === "cards" ? "gap-4 rounded-card border border-line bg-surface p-5 shadow-card" : "gap-3",
          )}
        >
          <step.icon
            aria-hidden
            className={cn("size-6 shrink-0 text-primary", variant === "cards" ? "mt-1" : "mt-0.5")}
          />
          <div className="grid gap-1">
            <Heading className={variant === "cards" ? "text-lg font-semibold" : "font-semibold"}>
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </Heading>
            <p className={variant === "cards" ? "text-muted" : "text-sm text-muted"}>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
