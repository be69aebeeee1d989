// Icons the public pages do not use: one they share would become a chunk of its own on the public side.
import { CircleCheckBig, CircleX, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { cn } from "~/lib/cn";
import type { Finding, Severity } from "../draft-types";

const GROUPS: readonly { severity: Severity; heading: string; intro: string; word: string; className: string }[] = [
  {
    severity: "error",
    heading: "Must change before review",
    intro: "These keep readers safe. A clinician can let the draft through with a written reason.",
    word: "Must change",
    className: "text-danger",
  },
  {
    severity: "warning",
    heading: "Worth a look",
    intro: "These make the post clearer and easier to find. They do not block review.",
    word: "Suggestion",
    className: "text-accent-dark",
  },
];

/**
 * The draft's findings beside the editor, grouped by severity under
 * headings; each says in words (never by colour alone) how serious it is,
 * what was found, where, and what to change. `headingLevel` fits the
 * component under the page's own outline (the side column's heading is 2).
 */
export function DraftChecks({
  findings,
  headingLevel = 2,
  className,
}: {
  findings: readonly Finding[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const id = useId();
  const Heading = `h${headingLevel}` as "h2";
  const GroupHeading = `h${headingLevel + 1}` as "h3";
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  return (
    <section aria-labelledby={`${id}-title`} className={cn("grid gap-4", className)} data-draft-checks>
      <div className="grid gap-1">
        <Heading id={`${id}-title`} className="text-lg font-semibold text-ink">
          Checks on this draft
        </Heading>
        <p className="text-sm text-muted" role="status">
          {findings.length === 0
            ? "Everything checked looks good."
            : `${errors === 0 ? "Nothing blocks review" : `${errors} to change before review`}, ${warnings} suggestion${warnings === 1 ? "" : "s"}.`}
        </p>
      </div>
      {findings.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-ink">
          <CircleCheckBig aria-hidden="true" className="size-5 shrink-0 text-primary-dark" />
          Safe messaging, claims, reading level, search and duplicate content: no problems found.
        </p>
      ) : null}
      {GROUPS.map((group) => {
        const items = findings.filter((f) => f.severity === group.severity);
        if (items.length === 0) return null;
        const Icon = group.severity === "error" ? CircleX : TriangleAlert;
        return (
          <div key={group.severity} className="grid gap-2" data-severity={group.severity}>
            <GroupHeading id={`${id}-${group.severity}`} className="font-semibold text-ink">
              {group.heading} ({items.length})
            </GroupHeading>
            <p className="text-sm text-muted">{group.intro}</p>
            <ul aria-labelledby={`${id}-${group.severity}`} className="grid gap-3">
              {items.map((finding) => (
                <li
                  key={finding.id}
                  data-finding={finding.id}
                  className="flex gap-3 rounded-card border border-line bg-surface p-3"
                >
                  <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", group.className)} />
                  <div className="grid gap-1 text-sm">
                    <p className="font-semibold text-ink">
                      <span className={group.className}>{group.word}:</span> {finding.title}
                    </p>
                    <p className="text-muted">{finding.explanation}</p>
                    {finding.where ? (
                      <p className="text-muted">
                        <span className="font-medium text-ink">Where: </span>
                        {finding.where}
                      </p>
                    ) : null}
                    <p className="text-ink">
                      <span className="font-medium">What to change: </span>
                      {finding.fix}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
