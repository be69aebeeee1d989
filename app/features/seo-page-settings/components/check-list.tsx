// Icons the public pages do not use: one they share would become a chunk of its own on the public side.
import { CircleCheckBig, CircleMinus, CircleX, TriangleAlert } from "lucide-react";
import { cn } from "~/lib/cn";
import type { CheckStatus } from "~/features/seo-text/keyphrase-checks";

const LOOKS: Record<CheckStatus, { word: string; Icon: typeof CircleCheckBig; className: string }> = {
  good: { word: "Good", Icon: CircleCheckBig, className: "text-primary-dark" },
  ok: { word: "Could be better", Icon: TriangleAlert, className: "text-accent-dark" },
  problem: { word: "Needs work", Icon: CircleX, className: "text-danger" },
  none: { word: "Not checked", Icon: CircleMinus, className: "text-muted" },
};

/** One list of checks: each says its verdict in words (never by colour alone), what it found and what to do. */
export function CheckList({
  checks,
  label,
}: {
  checks: readonly { id: string; label: string; status: CheckStatus; message: string }[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-3">
      {checks.map((check) => {
        const { word, Icon, className } = LOOKS[check.status];
        return (
          <li key={check.id} data-check={check.id} data-status={check.status} className="flex gap-3">
            <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", className)} />
            <div className="grid gap-0.5">
              <p className="font-semibold text-ink">
                {check.label}: <span className={className}>{word}</span>
              </p>
              <p className="text-sm text-muted">{check.message}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
