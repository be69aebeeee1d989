import { Download } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/staff/page-header";
import { RangePicker, type RangeRefusal } from "~/components/staff/range-picker";
import { buttonVariants } from "~/components/ui/button";
import { LEAD_INSIGHTS_PATH } from "~/lib/lead-paths";
import type { LeadReport } from "../report-types";
import { BreakdownSection } from "./breakdown-section";
import { ConversionSection } from "./conversion-section";
import { LeadsOverTime } from "./leads-over-time";
import { OverviewCards } from "./overview-cards";
import { ReportSection } from "~/components/staff/report-section";
import { SpeedSection } from "./speed-section";

export interface LeadReportView {
  /** Null when the range asked for was refused (`refused` says why). */
  report: LeadReport | null;
  refused?: RangeRefusal;
  notice?: string;
  /** The aggregate CSV of the same range. */
  csvHref: string | null;
}

const CONTENTS = [
  ["at-a-glance", "At a glance"],
  ["over-time", "Over time"],
  ["speed", "Speed to lead"],
  ["conversion", "From request to patient"],
  ["sources", "Where leads came from"],
] as const;

/**
 * /admin/lead-insights: what the clinic learns from its leads, as counts and
 * rates only (the same for every role that may open it: no name, no
 * contact, no note anywhere on it).
 */
export function LeadReportPage({ report, refused, notice, csvHref }: LeadReportView) {
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Lead insights"
        description="How many people asked for help through the website, how fast they heard from us, and how many became patients. Counts and rates only: no one is named here."
        actions={
          csvHref ? (
            <a href={csvHref} download className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Download aria-hidden className="size-4" />
              Download these figures (CSV)
            </a>
          ) : null
        }
      />
      <RangePicker path={LEAD_INSIGHTS_PATH} range={report?.range ?? null} refused={refused} notice={notice} />
      {report ? (
        <ReportBody report={report} />
      ) : (
        <EmptyState title="No figures for this range">{refused?.problem}</EmptyState>
      )}
    </div>
  );
}

function ReportBody({ report }: { report: LeadReport }) {
  const { totals, range } = report;
  const empty = totals.current.requests + totals.current.calls === 0;
  const channels = report.breakdowns.find((b) => b.dimension === "channel")!;
  return (
    <>
      {empty ? null : (
        <nav aria-label="On this page" className="text-sm">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {CONTENTS.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex min-h-6 items-center text-primary underline underline-offset-4"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ReportSection id="at-a-glance" title="At a glance">
        {empty ? (
          <EmptyState title="No leads in this range">
            No requests were sent and no calls were tapped from {range.current.label}.
            {report.speed.overdueNow > 0
              ? ` Still, ${report.speed.overdueNow === 1 ? "1 request from before is" : `${report.speed.overdueNow} requests from before are`} overdue for a reply right now.`
              : null}
          </EmptyState>
        ) : (
          <OverviewCards totals={totals} />
        )}
      </ReportSection>
      {empty ? null : (
        <>
          <ReportSection id="over-time" title="Over time">
            <LeadsOverTime report={report} />
          </ReportSection>
          <ReportSection
            id="speed"
            title="Speed to lead"
            intro={`How long requests waited for a first contact (a call, e-mail or text, answered or not). Calls tapped are not in these figures, and neither are requests closed as spam or duplicates. Our promise is a reply within ${report.promiseHours} hours.`}
          >
            <SpeedSection report={report} />
          </ReportSection>
          <ReportSection id="conversion" title="From request to patient">
            <ConversionSection totals={totals.current} channels={channels} />
          </ReportSection>
          <ReportSection
            id="sources"
            title="Where leads came from"
            intro="Requests and calls by the form used, the channel and campaign of the visit, the page it landed on, and the service asked about; and how far the requests of each got."
          >
            {report.breakdowns.map((breakdown) => (
              <BreakdownSection key={breakdown.dimension} breakdown={breakdown} hasPrevious={range.previous !== null} />
            ))}
          </ReportSection>
        </>
      )}
    </>
  );
}
