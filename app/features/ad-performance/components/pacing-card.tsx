import { Link } from "react-router";
import { ADS_BUDGETS_PATH } from "~/lib/ads-paths";
import { cn } from "~/lib/cn";
import type { PacingView } from "../ads-types";
import { shareText } from "../figures";
import { projectedShare } from "../pacing";

const stateWords = {
  ahead: "Spending faster than the budget allows",
  "on-pace": "On pace",
  behind: "Spending slower than the budget allows",
  "not-started": "No figures imported for this month yet",
} as const;

/** This month's budget against what was spent, the even pace, and where the month ends at this rate, in words. */
export function PacingCard({ view, money }: { view: PacingView; money: (micros: number) => string }) {
  const { pacing } = view;
  const share = projectedShare(pacing);
  return (
    <section
      aria-labelledby="pacing-heading"
      className={cn(
        "grid gap-2 rounded-2xl border bg-surface p-4",
        pacing.state === "ahead" ? "border-accent" : "border-line",
      )}
    >
      <h2 id="pacing-heading" className="text-lg font-bold text-primary-dark">
        {view.month} budget for {view.scope}: {money(pacing.budgetMicros)}
        {view.since ? <span className="font-normal text-muted"> ({view.since})</span> : null}
      </h2>
      <p className="font-semibold" data-pacing-state>
        {stateWords[pacing.state]}
      </p>
      {pacing.daysCounted > 0 ? (
        <>
          <p>
            Through {view.through} ({pacing.daysCounted} of {pacing.daysInMonth} days), {money(pacing.spentMicros)} was
            spent. An even pace would have spent {money(pacing.evenPaceMicros)} by then.
          </p>
          {pacing.projectedMicros !== null && share !== null ? (
            <p>
              At this rate the month ends at about {money(pacing.projectedMicros)}, {shareText(share)} of the budget.{" "}
              <span className="text-muted">
                (The spend so far divided by the days counted, times the days in the month.)
              </span>
            </p>
          ) : null}
        </>
      ) : (
        <p>Import this month&apos;s campaign report to see how the spending keeps pace.</p>
      )}
      <p className="text-sm">
        <Link
          to={ADS_BUDGETS_PATH}
          className="inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2"
        >
          Budgets and pacing for every campaign
        </Link>
      </p>
    </section>
  );
}
