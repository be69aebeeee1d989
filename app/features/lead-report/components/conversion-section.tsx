import { BarChart } from "~/components/staff/charts/bar-chart";
import { share } from "../report-math";
import { formatCount, formatShare } from "../report-format";
import type { Breakdown, Outcomes } from "../report-types";
import { plural } from "~/lib/plural";

/**
 * From request to patient: the funnel of the range's requests, and calls
 * tapped against requests by channel (a call tapped is not a person we can
 * follow, so it is counted beside the funnel, never in it).
 */
export function ConversionSection({ totals, channels }: { totals: Outcomes; channels: Breakdown }) {
  const steps = [
    { label: "Requests", count: totals.requests },
    { label: "Contacted", count: totals.contacted },
    { label: "Scheduled", count: totals.scheduled },
    { label: "Became patients", count: totals.patients },
  ];
  const leads = totals.requests + totals.calls;
  return (
    <>
      <div className="grid gap-3 rounded-2xl border border-line bg-surface p-4">
        <h3 className="text-base font-bold text-primary-dark">The steps of a request</h3>
        <ol className="grid gap-3">
          {steps.map((step, i) => {
            const ofRequests = share(step.count, totals.requests).share;
            const ofStepBefore = i > 0 ? share(step.count, steps[i - 1]!.count).share : null;
            return (
              <li key={step.label} className="grid gap-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">{step.label}</span>
                  <span className="tabular-nums">
                    {formatCount(step.count)}
                    {i > 0 ? (
                      <span className="text-muted">
                        {" "}
                        · {ofRequests === null ? "no requests" : `${formatShare(ofRequests)} of requests`}
                        {ofStepBefore === null ? null : `, ${formatShare(ofStepBefore)} of the step before`}
                      </span>
                    ) : null}
                  </span>
                </p>
                <div aria-hidden className="h-3 rounded-full bg-sand">
                  <div
                    className="h-3 rounded-full bg-primary"
                    style={{ width: `${((ofRequests ?? 0) * 100).toFixed(1)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <p className="text-sm text-muted">
          Each step counts requests that reached it at any time, even if closed later. Requests from the last days of
          the range may not have reached the next step yet.
        </p>
      </div>
      <BarChart
        id="calls-against-requests"
        title="Calls tapped against requests, by channel"
        description={
          leads > 0
            ? `${formatCount(totals.calls)} of ${formatCount(leads)} ${plural(leads, "lead", "leads")} (${formatShare(totals.calls / leads)}) were calls tapped rather than forms sent.`
            : undefined
        }
        points={channels.rows.map((row) => ({
          label: row.label,
          values: { requests: row.requests, calls: row.calls },
        }))}
        series={[
          { key: "requests", label: "Requests", tone: "primary", kind: "bar", look: "solid" },
          { key: "calls", label: "Calls tapped", tone: "accent", kind: "bar", look: "hatched" },
        ]}
        format={formatCount}
        pointHeader="Channel"
      />
    </>
  );
}
