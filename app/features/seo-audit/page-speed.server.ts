import type { Db } from "~/db/client.server";
import { readAnalyticsSettings } from "~/features/analytics-upkeep/analytics-settings.server";
import { loadSpeed } from "~/features/web-analytics/speed.server";
import { addDays, clinicDayOf } from "~/lib/clinic-time";
import { resolveDateRange } from "~/lib/date-range";
import type { PageSpeedFigure } from "./analyse-site.server";
import { AUDIT_LIMITS } from "./thresholds";

/**
 * Each page's real-visitor LCP (75th percentile) over the last 28 days, from
 * the analytics dashboard's own speed query (the daily vitals rollup and the
 * raw rows of the days not rolled up), every measured page rather than its
 * top list. Days are the analytics' (its time zone setting), as on its speed page.
 */
export async function lcpByPage(db: Db, now = new Date()): Promise<Map<string, PageSpeedFigure>> {
  const { timeZone: zone } = await readAnalyticsSettings(db);
  const today = clinicDayOf(now, zone);
  const range = resolveDateRange(
    { preset: "custom", from: addDays(today, -(AUDIT_LIMITS.speedDays - 1)), to: today },
    { now, zone },
  );
  const speed = await loadSpeed(db, { range, filters: {}, zone, allPages: true });
  return new Map(
    speed.pages.map((page) => [page.path, { p75Ms: page.vitals.LCP.p75, samples: page.vitals.LCP.samples }]),
  );
}
