import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { SortLinks } from "~/components/staff/sort-links";
import { CAMPAIGN_SORTS, type CampaignRow, type CampaignSort, type SortDirection } from "../ads-types";
import { figureColumns } from "./figure-columns";

const column = createColumnHelper<CampaignRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

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
    ...figureColumns<CampaignRow>(money, (row) => row.href === null),
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
