import type { Db } from "~/db/client.server";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { needsEarliest, periodInstants, resolveDateRange, type RangeChoice } from "~/lib/date-range";
import { breakdownsFrom, heatMapFrom, seriesFrom, speedFrom, totalsFrom } from "./report-figures";
import { readFirstLeadAt, readOutcomes, readOverdueNow, readSpeed, type ReportWindows } from "./report-queries.server";
import type { LeadReport } from "./report-types";

/**
 * The lead insights report for a range: the settings (and, for all time,
 * the first lead's day), then three statements side by side: outcomes by
 * period, day and dimension; speed by period and hour of arrival; the
 * requests overdue now.
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
  const [outcomes, speed, overdueNow] = await Promise.all([
    readOutcomes(db, windows),
    readSpeed(db, windows, promiseHours, now),
    readOverdueNow(db, promiseHours, now),
  ]);
  const hasPrevious = range.previous !== null;
  const periodRow = (period: "c" | "p") => speed.find((row) => row.period === period && row.weekday === null);
  return {
    range,
    promiseHours,
    totals: totalsFrom(outcomes, hasPrevious),
    series: seriesFrom(outcomes, range),
    breakdowns: breakdownsFrom(outcomes, hasPrevious),
    speed: {
      current: speedFrom(periodRow("c")),
      previous: hasPrevious ? speedFrom(periodRow("p")) : null,
      overdueNow,
      heatMap: heatMapFrom(speed.filter((row) => row.period === "c" && row.weekday !== null)),
    },
    readAt: now.toISOString(),
  };
}
