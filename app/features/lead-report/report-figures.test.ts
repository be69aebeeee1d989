import { describe, expect, it } from "vitest";
import { breakdownsFrom, heatMapFrom, speedFrom, topWithRest, type OutcomeFacts } from "./report-figures";
import { share } from "./report-math";
import type { BreakdownRow } from "./report-types";

const row = (label: string, requests: number, calls = 0, previous = 0): BreakdownRow => ({
  key: label,
  label,
  requests,
  calls,
  contacted: requests,
  scheduled: 0,
  patients: 0,
  previous: { requests: previous, calls: 0 },
});

describe("report figures", () => {
  it("gives no share of nothing, never a made-up 0 %", () => {
    expect(share(0, 0)).toEqual({ count: 0, of: 0, share: null });
    expect(share(0, 4)).toEqual({ count: 0, of: 4, share: 0 });
    expect(share(3, 4).share).toBe(0.75);
  });

  it("keeps the top 15 of a long list and sums the rest into one row", () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(`campaign-${i}`, 20 - i, 1, 2));
    const shown = topWithRest(rows);
    expect(shown).toHaveLength(16);
    expect(shown.slice(0, 15).map((r) => r.label)).toEqual(rows.slice(0, 15).map((r) => r.label));
    expect(shown[15]).toEqual({
      key: "*",
      label: "Everything else",
      // 5 + 4 + 3 + 2 + 1
      requests: 15,
      calls: 5,
      contacted: 15,
      scheduled: 0,
      patients: 0,
      previous: { requests: 10, calls: 0 },
      restOf: 5,
    });
    // Sixteen values are shown as they are: a rest of one would only hide its name.
    expect(topWithRest(rows.slice(0, 16))).toHaveLength(16);
    expect(topWithRest(rows.slice(0, 16)).some((r) => r.key === "*")).toBe(false);
  });

  it("orders a breakdown by requests, then calls, then the period before, and lists every form", () => {
    const facts = (
      current: boolean,
      grouping: string,
      value: string | null,
      requests: number,
      calls = 0,
    ): OutcomeFacts => ({
      current,
      grouping,
      value,
      requests,
      calls,
      contacted: 0,
      scheduled: 0,
      patients: 0,
    });
    const [form, channel, campaign] = breakdownsFrom(
      [
        facts(true, "form", "hero", 2),
        facts(true, "channel", "Email", 1),
        facts(true, "channel", "Direct", 1, 4),
        facts(false, "channel", "Referral", 3),
        facts(true, "campaign", null, 3),
        facts(true, "total", null, 3),
      ],
      true,
    );
    expect(form!.rows.map((r) => [r.label, r.requests])).toEqual([
      ["Home page form", 2],
      ["Appointment request", 0],
      ["Call tapped", 0],
      ["Get started form", 0],
    ]);
    expect(channel!.rows.map((r) => [r.label, r.requests, r.calls, r.previous?.requests])).toEqual([
      ["Direct", 1, 4, 0],
      ["Email", 1, 0, 0],
      // Only in the period before: still listed, with nothing now.
      ["Referral", 0, 0, 3],
    ]);
    expect(campaign!.rows.map((r) => [r.key, r.label])).toEqual([["", "No campaign"]]);
    // Without a comparison period there is no "before" to show.
    expect(breakdownsFrom([facts(true, "channel", "Email", 1)], false)[1]!.rows[0]!.previous).toBeNull();
  });

  it("has no median or percentile without a contacted request", () => {
    expect(speedFrom(undefined)).toMatchObject({ medianMinutes: null, p90Minutes: null, withinHour: { share: null } });
    const none = speedFrom({
      requests: 3,
      contacted: 0,
      medianSeconds: null,
      p90Seconds: null,
      withinHour: 0,
      knownHour: 3,
      withinDay: 0,
      knownDay: 3,
      withinPromise: 0,
      knownPromise: 3,
    });
    expect(none).toMatchObject({ medianMinutes: null, p90Minutes: null, withinHour: { count: 0, of: 3, share: 0 } });
  });

  it("fills the whole week of hours, Monday midnight first", () => {
    const cells = heatMapFrom([
      { weekday: 5, hour: 22, requests: 2, measured: 2, waiting: 1, medianWaitSeconds: 7200 },
    ]);
    expect(cells).toHaveLength(168);
    expect(cells[0]).toEqual({ weekday: 1, hour: 0, requests: 0, measured: 0, waiting: 0, medianWaitMinutes: null });
    expect(cells[4 * 24 + 22]).toEqual({
      weekday: 5,
      hour: 22,
      requests: 2,
      measured: 2,
      waiting: 1,
      medianWaitMinutes: 120,
    });
  });
});
