import {
  ActiveFilters,
  FilterForm,
  FilterSelect,
  type ActiveFilter,
  type FilterOption,
} from "~/components/staff/filter-form";
import { RangePicker, type RangeRefusal } from "~/components/staff/range-picker";
import type { DateRange } from "~/lib/date-range";

/** A report page's range (with the period it is compared with) and its campaign, both in the address. */
export function ReportControls({
  path,
  range,
  refused,
  notice,
  keep,
  campaignOptions,
  campaign,
  filters,
}: {
  path: string;
  range: DateRange | null;
  refused?: RangeRefusal;
  notice?: string;
  keep: Record<string, string>;
  campaignOptions: FilterOption[];
  campaign: { id: number } | null;
  filters: ActiveFilter[];
}) {
  return (
    <>
      <RangePicker path={path} range={range} refused={refused} notice={notice} keep={keep} />
      <div className="grid gap-3">
        <FilterForm
          label="Choose a campaign"
          action={path}
          submitLabel="Show"
          clearHref={campaign && range ? filters[0]?.removeHref : undefined}
        >
          {Object.entries(range?.query ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FilterSelect
            id="filter-campaign"
            name="campaign"
            label="Campaign"
            options={campaignOptions}
            value={campaign ? String(campaign.id) : undefined}
            allLabel="All campaigns"
          />
        </FilterForm>
        <ActiveFilters filters={filters} />
      </div>
    </>
  );
}
