import { Download } from "lucide-react";
import { BarChart } from "~/components/staff/charts/bar-chart";
import { EmptyState } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { ANALYTICS_EXPORT_PATH, ANALYTICS_FUNNEL_PATH } from "~/lib/analytics-paths";
import { hrefWith } from "~/lib/url-filters";
import type { FunnelView } from "../funnel.server";
import { formatMetric } from "../metrics";
import { AnalyticsFrame, RefusedRangeFrame } from "./analytics-frame";

const DESCRIPTION =
  "How many visits went from arriving, to reading about a service or condition, to the request page, to sending a request, in that order. Each step counts the visits that reached it after the step before.";

/** /admin/analytics/funnel */
export function FunnelPage(props: FunnelView) {
  if (!props.frame) {
    return (
      <RefusedRangeFrame
        title="Request funnel"
        description={DESCRIPTION}
        path={ANALYTICS_FUNNEL_PATH}
        refused={props.refused}
      />
    );
  }
  const { frame, steps, topics } = props;
  const start = steps[0]!.visits;
  return (
    <AnalyticsFrame
      title="Request funnel"
      description={DESCRIPTION}
      path={ANALYTICS_FUNNEL_PATH}
      state={frame}
      actions={
        <a
          href={hrefWith(ANALYTICS_EXPORT_PATH, { ...frame.keep, report: "funnel" })}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden className="size-4" />
          Download the funnel (CSV)
        </a>
      }
    >
      {start === 0 ? (
        <EmptyState title="No visits in this range">
          There is no visit to follow in this range{Object.keys(frame.filters).length ? " with these filters" : ""}.
        </EmptyState>
      ) : (
        <>
          <ol className="grid gap-3 md:grid-cols-4">
            {steps.map((step, i) => (
              <li key={step.name} className="grid content-start gap-1 rounded-2xl border border-line bg-surface p-4">
                <span className="text-sm font-semibold text-muted">Step {i + 1}</span>
                <span className="font-semibold text-primary-dark">{step.name}</span>
                <span className="text-3xl font-bold tabular-nums">{formatMetric("count", step.visits)}</span>
                <span className="text-sm">{formatMetric("rate", step.ofStart)} of all visits</span>
                {i > 0 ? (
                  <span className="text-sm text-muted">
                    {formatMetric("count", step.dropped)} left after the step before (
                    {formatMetric("rate", step.droppedShare)})
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
          <BarChart
            id="funnel-chart"
            title="Visits reaching each step"
            points={steps.map((s, i) => ({ label: `Step ${i + 1}`, title: s.name, values: { visits: s.visits } }))}
            series={[{ key: "visits", label: "Visits", tone: "primary", kind: "bar", look: "solid" }]}
            format={(n) => formatMetric("count", n)}
            pointHeader="Step"
          />
        </>
      )}
      <p className="text-sm text-muted">
        Step 2 counts the {topics} service and topic pages the site has now; step 3 the appointment request and
        get-started pages. A request sent from the home page's short form does not pass through a request page, so it is
        counted in the goals, not here.
      </p>
    </AnalyticsFrame>
  );
}
