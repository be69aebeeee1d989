import { Link } from "react-router";
import { EmptyState } from "~/components/staff/page-header";
import { ADS_IMPORT_PATH, ADS_PATH } from "~/lib/ads-paths";
import type { PerformanceView } from "../ads-types";
import { formatMoney } from "../money";
import { AdsFrame } from "./ads-frame";
import { CampaignTable } from "./campaign-table";
import { DayTable } from "./day-table";
import { PacingCard } from "./pacing-card";
import { PerformanceCards } from "./performance-cards";
import { PerformanceCharts } from "./performance-charts";
import { ReportControls } from "./report-controls";
import { ReportSection } from "~/components/staff/report-section";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/**
 * /admin/google-ads: what the campaigns cost and what they brought, for a
 * range against the period before; one campaign or all. Counts and money
 * only: no one is named here.
 */
export function PerformancePage(view: PerformanceView) {
  const { range, currency } = view;
  const money = (micros: number) => formatMoney(micros, currency ?? "USD");
  return (
    <AdsFrame
      title={view.campaign ? `Google Ads: ${view.campaign.name}` : "Google Ads"}
      description={
        <p>
          What your campaigns cost, and what they brought: visits to the site, requests and calls, first visits
          scheduled and new patients. Google knows the first half; only we know the second. Counts and money only: no
          one is named here.
        </p>
      }
    >
      {view.nothingImported ? (
        <EmptyState title="No Google Ads figures yet">
          Import a campaign report from Google Ads to see what each campaign costs per lead and per new patient.{" "}
          <Link to={ADS_IMPORT_PATH} className={linkClass}>
            Import a report
          </Link>
        </EmptyState>
      ) : (
        <>
          <ReportControls
            path={ADS_PATH}
            range={range}
            refused={view.refused}
            notice={view.notice}
            keep={view.keep}
            campaignOptions={view.campaignOptions}
            campaign={view.campaign}
            filters={view.filters}
          />
          {range ? <Report view={view} money={money} /> : null}
        </>
      )}
    </AdsFrame>
  );
}

function Report({ view, money }: { view: PerformanceView; money: (micros: number) => string }) {
  const range = view.range!;
  return (
    <>
      <p data-coverage className="max-w-prose">
        {view.coverage
          ? `Google Ads figures imported for ${view.coverage}.`
          : "No Google Ads figures are imported for this range."}
        {view.missingDays ? (
          <>
            {" "}
            Nothing is imported yet for {view.missingDays}:{" "}
            <Link to={ADS_IMPORT_PATH} className={linkClass}>
              import a newer report
            </Link>
            .
          </>
        ) : null}
      </p>
      {view.pacing ? <PacingCard view={view.pacing} money={money} /> : null}
      <ReportSection
        id="figures"
        title="At a glance"
        intro={`${range.current.label}${range.previous ? `, against ${range.previous.label}` : ""}.`}
      >
        <PerformanceCards current={view.current} previous={view.previous} money={money} />
      </ReportSection>
      <ReportSection id="over-time" title="Over time">
        <PerformanceCharts
          series={view.series}
          bucket={range.bucket}
          compared={range.previous !== null}
          money={money}
          currency={view.currency ?? "USD"}
        />
      </ReportSection>
      <ReportSection
        id="by-day"
        title={range.bucket === "day" ? "Day by day" : range.bucket === "week" ? "Week by week" : "Month by month"}
        intro="Every figure of each day of the range (or week, or month, as the charts), for the campaign shown."
      >
        <DayTable series={view.series} bucket={range.bucket} money={money} />
      </ReportSection>
      {view.campaign ? null : (
        <ReportSection
          id="campaigns"
          title="Campaigns"
          intro="Each campaign's cost beside what it brought. Choose a name to see that campaign alone; the column headers sort the table."
        >
          <CampaignTable rows={view.rows} sort={view.sort} dir={view.dir} sortHrefs={view.sortHrefs} money={money} />
        </ReportSection>
      )}
      <ReportSection id="how" title="How these figures are counted">
        <ul className="grid max-w-prose list-disc gap-2 pl-5">
          <li>
            Impressions, clicks, cost and Google&apos;s conversions are the imported reports&apos; own figures, to the
            cent. Days are the Google Ads account&apos;s (we take them to be the clinic&apos;s, Eastern time).
          </li>
          <li>
            A visit or a lead belongs to a campaign when its utm_campaign is the campaign&apos;s name or its ID (any
            capitals). Add <code>utm_campaign=&#123;campaignid&#125;</code> to the campaigns&apos; final URL suffix in
            Google Ads and every visit is tied to its campaign. Visits from a Google ad without one are counted for the
            account, in the row &ldquo;Not tied to a campaign&rdquo;.
          </li>
          <li>
            Leads are requests sent and calls tapped, on the day they arrived; spam and duplicates are left out.
            &ldquo;Scheduled&rdquo; and &ldquo;new patients&rdquo; count those leads that have got there so far, so
            recent weeks keep rising as the team works.
          </li>
          {view.zoneNote ? <li>{view.zoneNote}</li> : null}
        </ul>
      </ReportSection>
    </>
  );
}
