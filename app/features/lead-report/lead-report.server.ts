import type { Db } from "~/db/client.server";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { bucketEdges, needsEarliest, periodInstants, resolveDateRange, type RangeChoice } from "~/lib/date-range";
import { breakdownsFrom, heatMapFrom, seriesFrom, speedFrom, totalsFrom } from "./report-figures";
import {
  readArrivalWaits,
  readFirstLeadAt,
  readOutcomes,
  readOverdueNow,
  readSpeed,
  type ReportWindows,
} from "./report-queries.server";
import type { LeadReport } from "./report-types";

/**
 * The lead insights report for a range: the settings (and, for all time,
 * the first lead's day), then four statements side by side (on PostgreSQL
 * each on its own connection): outcomes by period, bucket and dimension;
 * speed by period; waits by weekday and hour of arrival; the requests
 * overdue now.
 */
export async function loadLeadReport(db: Db, choice: RangeChoice, now = new Date()): Promise<LeadReport> {
  const [{ promiseHours }, earliest] = await Promise.all([
    readLeadSettings(db),
    needsEarliest(choice) ? readFirstLeadAt(db) : Promise.resolve(null),
  ]);
  const range = resolveDateRange(choice, { now, earliest });
  const windows: ReportWindows = {
    ...periodInstants(range.current),
    previous: range.previous ? periodInstants(range.previous) : null,
  };
  const { edges, slots } = bucketEdges(range);
  const [outcomes, speed, arrivals, overdueNow] = await Promise.all([
    readOutcomes(db, windows, edges),
    readSpeed(db, windows, promiseHours, now),
    readArrivalWaits(db, windows, now),
    readOverdueNow(db, promiseHours, now),
  ]);
  const hasPrevious = range.previous !== null;
  const periodRow = (current: boolean) => speed.find((row) => row.current === current);
  return {
    range,
    promiseHours,
    totals: totalsFrom(outcomes, hasPrevious),
    series: seriesFrom(outcomes, range, slots),
    breakdowns: breakdownsFrom(outcomes, hasPrevious),
    speed: {
      current: speedFrom(periodRow(true)),
      previous: hasPrevious ? speedFrom(periodRow(false)) : null,
      overdueNow,
      heatMap: heatMapFrom(arrivals),
    },
    readAt: now.toISOString(),
  };
}
