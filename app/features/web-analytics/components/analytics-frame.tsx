import type * as React from "react";
import { ActiveFilters } from "~/components/staff/filter-form";
import { IP_LOCATION_ATTRIBUTION } from "~/features/analytics/ip-location-attribution";
import { EmptyState, PageHeader } from "~/components/staff/page-header";
import { RangePicker, type RangeRefusal } from "~/components/staff/range-picker";
import { ViewTabs } from "~/components/staff/view-tabs";
import {
  ANALYTICS_FUNNEL_PATH,
  ANALYTICS_PATH,
  ANALYTICS_REALTIME_PATH,
  ANALYTICS_SPEED_PATH,
} from "~/lib/analytics-paths";
import type { DateRange } from "~/lib/date-range";
import { ANALYTICS_RANGE_PRESETS } from "~/lib/date-range-presets";
import { hrefWith } from "~/lib/url-filters";
import { FILTER_KEYS, type FilterKey } from "../dimensions";
import { filterWords, type Filters } from "../filters";

const VIEWS = [
  { path: ANALYTICS_PATH, label: "Overview" },
  { path: ANALYTICS_FUNNEL_PATH, label: "Request funnel" },
  { path: ANALYTICS_SPEED_PATH, label: "Site speed" },
  { path: ANALYTICS_REALTIME_PATH, label: "Right now" },
] as const;

/** The address as an analytics page read it: its range (none on realtime), filters, and the parameters to carry. */
export interface FrameState {
  range?: DateRange | null;
  notice?: string;
  filters: Filters;
  /** Filter values in words where they are codes (a country, a state). */
  filterLabels: Partial<Record<string, string>>;
  /** The address's range and filters, as parameters. */
  keep: Record<string, string>;
}
const NO_STATE: FrameState = { filters: {}, filterLabels: {}, keep: {} };

/** The filter parameters alone of an address's parameters (without the range). */
export function filtersOnly(keep: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(keep).filter(([k]) => FILTER_KEYS.includes(k as FilterKey)));
}

/**
 * Every analytics page: its title, the views (links that keep the range and
 * filters), the range picker and the filters on, each removable.
 */
export function AnalyticsFrame({
  title,
  description,
  path,
  state = NO_STATE,
  refused,
  pageKeep = {},
  actions,
  showRange = true,
  children,
}: {
  title: string;
  description: React.ReactNode;
  /** This page's own path (the range picker's and the chips' target). */
  path: string;
  /** What the address holds (the server's reading of it); none when its range was refused. */
  state?: FrameState;
  refused?: RangeRefusal;
  /** More of this page's parameters for the range picker to keep (the figure and tabs chosen). */
  pageKeep?: Record<string, string>;
  actions?: React.ReactNode;
  showRange?: boolean;
  children: React.ReactNode;
}) {
  const { range = null, notice, filters, filterLabels, keep } = state;
  const filterKeep = filtersOnly(keep);
  const chips = (Object.entries(filters) as [FilterKey, string][]).map(([key, value]) => {
    const rest = { ...keep, ...pageKeep };
    delete rest[key];
    return { label: filterWords(key, value, filterLabels[key]), removeHref: hrefWith(path, rest) };
  });
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} actions={actions} />
      <ViewTabs
        label="Analytics views"
        views={VIEWS.map((view) => ({
          href: hrefWith(view.path, view.path === ANALYTICS_REALTIME_PATH ? filterKeep : keep),
          label: view.label,
        }))}
      />
      {showRange ? (
        <RangePicker
          path={path}
          range={range}
          refused={refused}
          notice={notice}
          keep={{ ...filterKeep, ...pageKeep }}
          presets={ANALYTICS_RANGE_PRESETS}
        />
      ) : notice ? (
        <p role="status" className="text-sm text-muted">
          {notice}
        </p>
      ) : null}
      <ActiveFilters filters={chips} label="Showing only visits where" />
      {children}
      <p className="text-sm text-muted">
        Countries and states are looked up from each visit&rsquo;s address when it arrives (the address itself is never
        kept):{" "}
        <a href={IP_LOCATION_ATTRIBUTION.href} className="text-primary underline underline-offset-4">
          {IP_LOCATION_ATTRIBUTION.text}
        </a>
        , licensed{" "}
        <a href={IP_LOCATION_ATTRIBUTION.licenceHref} className="text-primary underline underline-offset-4">
          {IP_LOCATION_ATTRIBUTION.licence}
        </a>
        .
      </p>
    </div>
  );
}

/** An analytics page whose range the address asks for cannot be shown (400): the picker, and why. */
export function RefusedRangeFrame({
  title,
  description,
  path,
  refused,
}: {
  title: string;
  description: React.ReactNode;
  path: string;
  refused: RangeRefusal;
}) {
  return (
    <AnalyticsFrame title={title} description={description} path={path} refused={refused}>
      <EmptyState title="No figures for this range">{refused.problem}</EmptyState>
    </AnalyticsFrame>
  );
}
