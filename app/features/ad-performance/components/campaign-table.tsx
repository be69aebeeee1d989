import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { SortLinks } from "~/components/staff/sort-links";
import { CAMPAIGN_SORTS, type AdFigures, type CampaignRow, type CampaignSort, type SortDirection } from "../ads-types";
import { countText, ratio, shareText } from "../figures";

const column = createColumnHelper<CampaignRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";
const none = <span className="text-muted">—</span>;

export const campaignSortWords: Record<CampaignSort, string> = {
  campaign: "name",
  impressions: "impressions",
  clicks: "clicks",
  ctr: "CTR",
  cpc: "cost per click",
  cost: "cost",
  visits: "visits",
  leads: "leads",
  scheduled: "scheduled",
  patients: "new patients",
  costPerLead: "cost per lead",
  costPerScheduled: "cost per scheduled",
  costPerPatient: "cost per new patient",
  leadRate: "clicks to leads",
};

/**
 * Every campaign of the range with Google's figures and ours side by side,
 * sortable by each through header links (on phones, the same sorts above the
 * stacked rows); each name narrows the page to that campaign. The last row
 * holds the Google Ads visits and leads no campaign is named by, so the
 * table adds up to the figures above it.
 */
export function CampaignTable({
  rows,
  sort,
  dir,
  sortHrefs,
  money,
}: {
  rows: CampaignRow[];
  sort: CampaignSort;
  dir: SortDirection;
  sortHrefs: Record<CampaignSort, string>;
  money: (micros: number) => string;
}) {
  const untied = (row: CampaignRow) => row.href === null;
  const figure = (
    id: CampaignSort,
    header: string,
    pick: (f: AdFigures) => number | null,
    text: (n: number) => string,
    adsOnly = false,
  ) =>
    column.accessor((row) => pick(row.figures), {
      id,
      header,
      meta: { align: "right", cellClassName: "whitespace-nowrap" },
      cell: ({ getValue, row }) => {
        const value = getValue();
        return value === null || (adsOnly && untied(row.original)) ? none : text(value);
      },
    });
  const columns = [
    column.accessor("name", {
      id: "campaign",
      header: "Campaign",
      meta: { rowHeader: true, cellClassName: "break-words sm:min-w-44" },
      cell: ({ row }) =>
        row.original.href ? (
          <Link to={row.original.href} preventScrollReset className={linkClass}>
            {row.original.name}
            <span className="sr-only"> (show this campaign alone)</span>
          </Link>
        ) : (
          <span className="font-normal text-muted">{row.original.name}</span>
        ),
    }),
    figure("impressions", "Impr.", (f) => f.impressions, countText, true),
    figure("clicks", "Clicks", (f) => f.clicks, countText, true),
    figure("ctr", "CTR", (f) => ratio(f.clicks, f.impressions), shareText, true),
    figure("cpc", "Avg. CPC", (f) => ratio(f.costMicros, f.clicks), money, true),
    figure("cost", "Cost", (f) => f.costMicros, money, true),
    figure("visits", "Visits", (f) => f.visits, countText),
    figure("leads", "Leads", (f) => f.leads, countText),
    figure("scheduled", "Scheduled", (f) => f.scheduled, countText),
    figure("patients", "New patients", (f) => f.patients, countText),
    figure("costPerLead", "Cost per lead", (f) => ratio(f.costMicros, f.leads), money, true),
    figure("costPerScheduled", "Cost per scheduled", (f) => ratio(f.costMicros, f.scheduled), money, true),
    figure("costPerPatient", "Cost per new patient", (f) => ratio(f.costMicros, f.patients), money, true),
    figure("leadRate", "Clicks to leads", (f) => ratio(f.leads, f.clicks), shareText, true),
  ];
  return (
    <div className="grid gap-3">
      <SortLinks
        label="Sort the campaigns"
        sorts={CAMPAIGN_SORTS}
        words={campaignSortWords}
        sort={sort}
        dir={dir}
        hrefs={sortHrefs}
      />
      <DataTable
        caption={`Campaigns, by ${campaignSortWords[sort]} (${dir === "asc" ? "ascending" : "descending"})`}
        columns={columns}
        data={rows}
        rowKey={(row) => row.key}
        stackOnPhone
        sort={(id) =>
          id in sortHrefs
            ? {
                href: sortHrefs[id as CampaignSort],
                current: id === sort ? (dir === "asc" ? "ascending" : "descending") : "none",
              }
            : undefined
        }
        empty={
          <EmptyState title="No campaign ran in this range">Choose another range, or import a newer report.</EmptyState>
        }
      />
    </div>
  );
}
