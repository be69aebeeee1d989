import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { KeysetPager } from "~/components/staff/keyset-pager";
import { EmptyState } from "~/components/staff/page-header";
import { SortLinks } from "~/components/staff/sort-links";
import { ADS_IMPORT_PATH, ADS_SEARCH_TERMS_PATH } from "~/lib/ads-paths";
import { TERM_SORTS, type SearchTermsView, type TermRow, type TermSort } from "../ads-types";
import { conversionsText, countText, ratio, shareText } from "../figures";
import { formatMoney } from "../money";
import { AdsFrame } from "./ads-frame";
import { ReportControls } from "./report-controls";
import { ReportSection } from "~/components/staff/report-section";
import { plural } from "~/lib/plural";

const column = createColumnHelper<TermRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";
const none = <span className="text-muted">—</span>;
const sortWords: Record<TermSort, string> = {
  term: "search term",
  campaign: "campaign",
  impressions: "impressions",
  clicks: "clicks",
  ctr: "CTR",
  cost: "cost",
  cpc: "cost per click",
  conversions: "Google's conversions",
};

/** /admin/google-ads/search-terms: what people typed when the ads showed, with their clicks and cost. */
export function SearchTermsPage(view: SearchTermsView) {
  const money = (micros: number) => formatMoney(micros, view.currency ?? "USD");
  const columns = [
    column.accessor("term", {
      id: "term",
      header: "Search term",
      meta: { rowHeader: true, cellClassName: "break-words sm:min-w-48" },
    }),
    column.accessor("campaign", { id: "campaign", header: "Campaign", meta: { cellClassName: "break-words" } }),
    column.accessor("matchTypes", { id: "match", header: "Match type" }),
    column.accessor("impressions", { header: "Impr.", meta: { align: "right" }, cell: (c) => countText(c.getValue()) }),
    column.accessor("clicks", { header: "Clicks", meta: { align: "right" }, cell: (c) => countText(c.getValue()) }),
    column.accessor((row) => ratio(row.clicks, row.impressions), {
      id: "ctr",
      header: "CTR",
      meta: { align: "right" },
      cell: (c) => (c.getValue() === null ? none : shareText(c.getValue()!)),
    }),
    column.accessor("costMicros", {
      id: "cost",
      header: "Cost",
      meta: { align: "right" },
      cell: (c) => money(c.getValue()),
    }),
    column.accessor((row) => ratio(row.costMicros, row.clicks), {
      id: "cpc",
      header: "Avg. CPC",
      meta: { align: "right" },
      cell: (c) => (c.getValue() === null ? none : money(c.getValue()!)),
    }),
    column.accessor("conversions", {
      header: "Google's conversions",
      meta: { align: "right" },
      cell: (c) => (c.getValue() === null ? none : conversionsText(c.getValue()!)),
    }),
  ];
  return (
    <AdsFrame
      title="Search terms"
      description={
        <p>
          What people searched for when your ads showed, and what those searches cost. A term that costs much and brings
          nothing is one to add as a negative keyword in Google Ads.
        </p>
      }
    >
      {view.nothingImported ? (
        <EmptyState title="No Google Ads figures yet">
          Import a search terms report from Google Ads first.{" "}
          <Link to={ADS_IMPORT_PATH} className={linkClass}>
            Import a report
          </Link>
        </EmptyState>
      ) : (
        <>
          <ReportControls
            path={ADS_SEARCH_TERMS_PATH}
            range={view.range}
            refused={view.refused}
            notice={view.notice}
            keep={view.keep}
            campaignOptions={view.campaignOptions}
            campaign={view.campaign}
            filters={view.filters}
          />
          {view.range ? (
            <ReportSection
              id="terms"
              title={
                view.total > 0
                  ? `${countText(view.total)} search ${view.total === 1 ? "term" : "terms"}`
                  : "Search terms"
              }
              intro={
                view.covered
                  ? `From the search terms reports imported for ${view.covered}: ${money(view.totals.costMicros)}, ${countText(view.totals.clicks)} ${plural(view.totals.clicks, "click", "clicks")}, ${countText(view.totals.impressions)} ${plural(view.totals.impressions, "impression", "impressions")} in all. Searches Google does not name (too few people made them) are not listed.`
                  : undefined
              }
            >
              {view.leftOut ? <p className="max-w-prose text-sm">{view.leftOut}</p> : null}
              <SortLinks
                label="Sort the search terms"
                sorts={TERM_SORTS}
                words={sortWords}
                sort={view.sort}
                dir={view.dir}
                hrefs={view.sortHrefs}
              />
              <DataTable
                caption={`Search terms, by ${sortWords[view.sort]} (${view.dir === "asc" ? "ascending" : "descending"})${view.screens > 1 ? `, screen ${view.screen} of ${view.screens}` : ""}`}
                columns={columns}
                data={view.rows}
                rowKey={(row) => row.key}
                stackOnPhone
                sort={(id) =>
                  id in view.sortHrefs
                    ? {
                        href: view.sortHrefs[id as TermSort],
                        current: id === view.sort ? (view.dir === "asc" ? "ascending" : "descending") : "none",
                      }
                    : undefined
                }
                empty={
                  <EmptyState title="No search terms for this range">
                    Import the search terms report for these days (Google Ads: Insights and reports, then Search terms).
                  </EmptyState>
                }
              />
              <KeysetPager
                label="Screens of search terms"
                {...view.pager}
                previousLabel="Previous terms"
                nextLabel="More terms"
              />
            </ReportSection>
          ) : null}
        </>
      )}
    </AdsFrame>
  );
}
