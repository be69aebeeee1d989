import { sql } from "drizzle-orm";
import type { RangeRefusal } from "~/components/staff/range-picker";
import type { Db } from "~/db/client.server";
import { readAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { needsEarliest, readRangeChoice, resolveDateRange, type DateRange } from "~/lib/date-range";
import { ANALYTICS_RANGE_PRESETS } from "~/lib/date-range-presets";
import { FILTER_KEYS } from "./dimensions";
import type { Scope } from "./figures.server";
import { readFilters, readMetric, type Filters } from "./filters";
import { valueLabel } from "./value-labels.server";
import { CARDS, type CardName, type CardTabs, type Overview } from "./overview-types";
import { loadOverview } from "./overview.server";

/** The address's state: what every link of the dashboard carries along (range, filters, figure, tabs). */
export type Keep = Record<string, string>;

export interface AnalyticsFrame {
  range: DateRange;
  filters: Filters;
  /** Parameters of the address to carry through links (range and filters). */
  keep: Keep;
  /** Filter values in words where they are codes (a country, a state). */
  filterLabels: Partial<Record<string, string>>;
  /** The time zone whose midnights divide the days (the analytics setting). */
  zone: string;
  notice?: string;
}

/** The frame's range (its current period) and filters as what the figures read. */
export function frameScope(frame: AnalyticsFrame): Scope {
  const { range, filters, zone } = frame;
  return { from: range.current.from, to: range.current.to, filters, zone, rollups: true };
}

export type FrameReading = { ok: true; frame: AnalyticsFrame } | { ok: false; refused: RangeRefusal };

/** The first recorded visit (for "all time"): visits are written as they happen, so the lowest id. */
async function earliestVisit(db: Db): Promise<Date | null> {
  const result = (await db.execute(sql`select started_at from visits order by id limit 1`)) as unknown as {
    rows: { started_at: string | Date }[];
  };
  const at = result.rows[0]?.started_at;
  return at ? new Date(at) : null;
}

/** Range and filters from the address, shared by every analytics page. */
export async function readFrame(db: Db, params: URLSearchParams, now: Date): Promise<FrameReading> {
  const { timeZone: zone } = await readAnalyticsSettings(db);
  const reading = readRangeChoice(params, now, ANALYTICS_RANGE_PRESETS, zone);
  if (!reading.ok) {
    const { problem, field, typed } = reading;
    return { ok: false, refused: { problem, field, typed } };
  }
  const earliest = needsEarliest(reading.choice) ? await earliestVisit(db) : null;
  const range = resolveDateRange(reading.choice, { now, earliest, hourly: true, zone });
  const state = readFilterState(params);
  const keep: Keep = { ...(range.query as Keep), ...state.keep };
  const notice = [reading.notice, state.notice].filter(Boolean).join(" ") || undefined;
  return {
    ok: true,
    frame: {
      range,
      filters: state.filters,
      keep,
      filterLabels: state.filterLabels,
      zone,
      ...(notice ? { notice } : {}),
    },
  };
}

/** The address's filters, as address parameters again, in words where they are codes, and a notice for any left out. */
export function readFilterState(params: URLSearchParams) {
  const { filters, ignored } = readFilters(params);
  const keep: Keep = {};
  for (const key of FILTER_KEYS) if (filters[key]) keep[key] = filters[key];
  const filterLabels: Partial<Record<string, string>> = {};
  for (const key of ["country", "region"] as const) {
    const label = filters[key] ? valueLabel(key, filters[key]) : undefined;
    if (label) filterLabels[key] = label;
  }
  const notice = ignored.length ? "A filter in the address was not understood and is left out." : undefined;
  return { filters, keep, filterLabels, notice };
}

function readTabs(params: URLSearchParams): CardTabs {
  const tabs = {} as CardTabs;
  for (const [card, dimensions] of Object.entries(CARDS) as [CardName, readonly string[]][]) {
    const asked = params.get(card);
    tabs[card] = (dimensions.includes(asked ?? "") ? asked : dimensions[0]) as CardTabs[CardName];
  }
  return tabs;
}

export type OverviewView =
  | { frame: AnalyticsFrame; overview: Overview; tabs: CardTabs; metric: Overview["chart"]["metric"] }
  | { frame: null; refused: RangeRefusal };

/** /admin/analytics: the overview for the address asked, or (400) why its range cannot be shown. */
export async function overviewView(
  db: Db,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ status: 200 | 400; view: OverviewView }> {
  const reading = await readFrame(db, params, now);
  if (!reading.ok) return { status: 400, view: { frame: null, refused: reading.refused } };
  const { frame } = reading;
  const tabs = readTabs(params);
  const metric = readMetric(params);
  const overview = await loadOverview(db, {
    range: frame.range,
    filters: frame.filters,
    zone: frame.zone,
    metric,
    tabs,
    now,
  });
  return { status: 200, view: { frame, overview, tabs, metric } };
}
