import { Link } from "react-router";
import { ANALYTICS_PATH, analyticsDetailsPath } from "~/lib/analytics-paths";
import { hrefWith } from "~/lib/url-filters";
import { formatMetric } from "../metrics";
import type { GoalView } from "../overview-types";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** The goals: what visits led to, each a link that filters the dashboard to the visits that did it. */
export function GoalsCard({ goals, keep }: { goals: GoalView[]; keep: Record<string, string> }) {
  return (
    <section
      aria-labelledby="goals-heading"
      className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 id="goals-heading" className="text-lg font-bold text-primary-dark">
        Goals
      </h2>
      <ScrollRegion label="Goals" bare>
        <table className="w-full text-sm">
          <caption className="sr-only">Goals: conversions and the share of visits that made them</caption>
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th scope="col" className="py-1.5 pr-2 font-semibold">
                Goal
              </th>
              <th scope="col" className="py-1.5 pl-2 text-right font-semibold">
                Conversions
              </th>
              <th scope="col" className="py-1.5 pl-2 text-right font-semibold">
                Visits
              </th>
              <th scope="col" className="py-1.5 pl-2 text-right font-semibold">
                Conversion rate
              </th>
            </tr>
          </thead>
          <tbody>
            {goals.map((goal) => {
              const sub = goal.key.includes("-") && !["virtual-visit"].includes(goal.key);
              return (
                <tr key={goal.key} className="border-b border-line/60 last:border-0">
                  <th
                    scope="row"
                    className={sub ? "py-1.5 pl-4 pr-2 text-left font-normal" : "py-1.5 pr-2 text-left font-semibold"}
                  >
                    <Link
                      to={hrefWith(ANALYTICS_PATH, { ...keep, goal: goal.key })}
                      preventScrollReset
                      className="inline-flex min-h-6 items-center text-primary underline underline-offset-4"
                    >
                      <span className="sr-only">Show only visits with </span>
                      {goal.name}
                    </Link>
                  </th>
                  <td className="py-1.5 pl-2 text-right tabular-nums">{formatMetric("count", goal.conversions)}</td>
                  <td className="py-1.5 pl-2 text-right tabular-nums">{formatMetric("count", goal.visits)}</td>
                  <td className="py-1.5 pl-2 text-right tabular-nums">{formatMetric("rate", goal.rate)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <Link
        to={hrefWith(analyticsDetailsPath("goals"), keep)}
        className="inline-flex min-h-6 items-center justify-self-start text-sm font-semibold text-primary underline underline-offset-4"
      >
        Goals by source, campaign and landing page
      </Link>
    </section>
  );
}
