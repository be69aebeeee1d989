import { describe, expect, it } from "vitest";
import { resolveDateRange } from "~/lib/date-range";
import { REPORT_CSV_HEADER, reportCsvRows } from "./report-csv";
import { heatMapFrom, speedFrom, topWithRest } from "./report-figures";
import type { BreakdownRow, LeadReport } from "./report-types";

const NOW = new Date("2026-11-24T14:00:00Z");

function campaign(i: number): BreakdownRow {
  return {
    key: `c${i}`,
    label: `campaign-${i}`,
    requests: 20 - i,
    calls: 0,
    contacted: 0,
    scheduled: 0,
    patients: 0,
    previous: { requests: 1, calls: 0 },
  };
}

/** A small report: a range with requests but no contact yet, and a long list of campaigns. */
function report(): LeadReport {
  const range = resolveDateRange({ preset: "7d" }, { now: NOW });
  return {
    range,
    promiseHours: 24,
    totals: {
      current: { requests: 4, calls: 1, contacted: 0, scheduled: 0, patients: 0 },
      previous: { requests: 0, calls: 0, contacted: 0, scheduled: 0, patients: 0 },
    },
    series: range.buckets.map((bucket, i) => ({
      label: bucket.label,
      title: bucket.title,
      requests: i === 6 ? 4 : 0,
      calls: i === 6 ? 1 : 0,
      previousTotal: 0,
      previousTitle: range.previousBuckets[i]!.title,
    })),
    breakdowns: [
      {
        dimension: "campaign",
        title: "Campaign",
        rows: topWithRest(Array.from({ length: 18 }, (_, i) => campaign(i))),
      },
    ],
    speed: {
      current: speedFrom({
        requests: 4,
        contacted: 0,
        medianSeconds: null,
        p90Seconds: null,
        withinHour: 0,
        knownHour: 3,
        withinDay: 0,
        knownDay: 0,
        withinPromise: 0,
        knownPromise: 0,
      }),
      previous: speedFrom(undefined),
      overdueNow: 2,
      heatMap: heatMapFrom([{ weekday: 5, hour: 22, requests: 2, measured: 2, waiting: 2, medianWaitSeconds: 5400 }]),
    },
    readAt: NOW.toISOString(),
  };
}

describe("the report as CSV rows", () => {
  const rows = reportCsvRows(report());
  const find = (section: string, dimension: string, value?: string) =>
    rows.find((r) => r[0] === section && r[1] === dimension && (value === undefined || r[2] === value));

  it("has a cell for every column, in every row", () => {
    for (const row of rows) expect(row).toHaveLength(REPORT_CSV_HEADER.length);
  });

  it("names the range and gives the totals with their rates and the period before", () => {
    expect(find("Report", "Range")![2]).toBe("2026-11-18 to 2026-11-24");
    expect(find("Report", "Compared with")![2]).toBe("2026-11-11 to 2026-11-17");
    // No request contacted yet: 0 %, a true figure; the period before had no request: no rate at all.
    expect(find("Totals", "Range")).toEqual(["Totals", "Range", "Nov 18 – 24, 2026", 4, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(find("Totals", "Period before")!.slice(8, 11)).toEqual([null, null, null]);
    expect(find("Over time", "day", "Nov 24, 2026")!.slice(3, 5)).toEqual([4, 1]);
  });

  it("leaves a figure that cannot be computed empty, never 0", () => {
    expect(find("Speed to lead, range", "Median minutes to first contact")![2]).toBeNull();
    expect(find("Speed to lead, range", "Contacted within 1 hour (%)")![2]).toBe(0);
    expect(find("Speed to lead, range", "Contacted within 24 hours (%)")![2]).toBeNull();
    expect(find("Speed to lead, now", "Overdue right now (any arrival date)")![2]).toBe(2);
    expect(find("Median wait by arrival (minutes)", "Friday 22:00")!.slice(2, 4)).toEqual([90, 2]);
  });

  it("keeps long lists to the top 15 and one row for the rest", () => {
    const campaigns = rows.filter((r) => r[1] === "Campaign");
    expect(campaigns).toHaveLength(16);
    // campaign-15, -16 and -17: 5, 4 and 3 requests.
    expect(campaigns[15]!.slice(2, 4)).toEqual(["Everything else (3 more)", 12]);
  });
});
