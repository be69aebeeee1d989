import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import type { AdFigures, CampaignSort } from "../ads-types";
import { countText, ratio, shareText } from "../figures";

const none = <span className="text-muted">—</span>;

/**
 * The figures of a row of campaigns or of days, as table columns: Google's,
 * ours, the costs per result and the rate, each id a sort of the campaigns
 * table. `adsBlank`: rows without Google's figures (the visits and leads no
 * campaign is named by) show a dash there rather than a made-up 0.
 */
export function figureColumns<T extends { figures: AdFigures }>(
  money: (micros: number) => string,
  adsBlank: (row: T) => boolean = () => false,
  // TanStack's own pattern: each column's value type differs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): ColumnDef<T, any>[] {
  const column = createColumnHelper<T>();
  const figure = (
    id: CampaignSort,
    header: string,
    pick: (f: AdFigures) => number | null,
    text: (n: number) => string,
    ads = false,
  ) =>
    column.accessor((row) => pick(row.figures), {
      id,
      header,
      meta: { align: "right", cellClassName: "whitespace-nowrap" },
      cell: ({ getValue, row }) => {
        const value = getValue();
        return value === null || (ads && adsBlank(row.original)) ? none : text(value);
      },
    });
  return [
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
}
