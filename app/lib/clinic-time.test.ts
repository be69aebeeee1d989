import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  clinicDateTimeInputValue,
  clinicDayOf,
  clinicHourOf,
  clinicPeriods,
  dayKey,
  formatClinicDateTime,
  formatClinicDay,
  parseClinicDateTimeInput,
  parseDayKey,
  startOfClinicDay,
} from "./clinic-time";

describe("the clinic's clock (America/New_York)", () => {
  it("starts today at local midnight and the week on Monday", () => {
    // Tuesday 10 March 2026, 10 p.m. in New York: already Wednesday in UTC.
    const { todayStart, weekStart, today } = clinicPeriods(new Date("2026-03-11T02:00:00Z"));
    expect(dayKey(today)).toBe("2026-03-10");
    expect(todayStart.toISOString()).toBe("2026-03-10T04:00:00.000Z");
    expect(weekStart.toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("keeps Sunday in the week that began the Monday before", () => {
    // Sunday 8 March 2026, the day the clocks go forward: midnight was still EST.
    const { todayStart, weekStart } = clinicPeriods(new Date("2026-03-08T16:00:00Z"));
    expect(todayStart.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(weekStart.toISOString()).toBe("2026-03-02T05:00:00.000Z");
  });

  it("finds midnight on the day the clocks go back", () => {
    // Sunday 1 November 2026, 10:30 p.m. EST: midnight that day was EDT.
    const { todayStart, weekStart } = clinicPeriods(new Date("2026-11-02T03:30:00Z"));
    expect(todayStart.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(weekStart.toISOString()).toBe("2026-10-26T04:00:00.000Z");
  });

  it("counts calendar days across month ends and words them", () => {
    expect(dayKey(addDays({ year: 2026, month: 3, day: 1 }, -1))).toBe("2026-02-28");
    expect(dayKey(clinicDayOf(new Date("2026-01-01T04:59:00Z")))).toBe("2025-12-31");
    expect(formatClinicDay({ year: 2026, month: 3, day: 10 })).toBe("Tue, Mar 10");
    expect(formatClinicDateTime(new Date("2026-03-10T19:04:00Z"))).toBe("Mar 10, 2026, 3:04 PM");
  });
});

describe("parseDayKey", () => {
  it("reads a real day and refuses anything else", () => {
    expect(parseDayKey("2026-03-10")).toEqual({ year: 2026, month: 3, day: 10 });
    expect(parseDayKey("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ["2026-02-30", "2026-13-01", "26-03-10", "2026-3-10", "", "yesterday", "1900-01-01"]) {
      expect(parseDayKey(bad), bad).toBeNull();
    }
  });
});

describe("datetime-local fields in clinic time", () => {
  it("shows a moment on the clinic's wall clock and reads it back, across both clock changes", () => {
    for (const [iso, wall] of [
      ["2026-03-10T19:04:00.000Z", "2026-03-10T15:04"], // EDT (the clocks went forward on the 8th)
      ["2026-01-15T14:30:00.000Z", "2026-01-15T09:30"], // EST
      ["2026-03-08T06:59:00.000Z", "2026-03-08T01:59"], // the last minute of EST
      ["2026-03-08T07:00:00.000Z", "2026-03-08T03:00"], // the first of EDT
      ["2026-11-01T05:30:00.000Z", "2026-11-01T01:30"], // the first 1:30 of the night the clocks go back
    ] as const) {
      expect(clinicDateTimeInputValue(new Date(iso)), iso).toBe(wall);
      expect(parseClinicDateTimeInput(wall)?.toISOString(), wall).toBe(iso);
    }
    expect(parseClinicDateTimeInput("2026-03-10T15:04:30")?.toISOString()).toBe("2026-03-10T19:04:30.000Z");
  });

  it("refuses what names no time", () => {
    for (const bad of ["", "2026-03-10", "2026-02-30T10:00", "2026-03-10T24:00", "2026-03-10T10:60", "10:00", "now"]) {
      expect(parseClinicDateTimeInput(bad), bad).toBeNull();
    }
  });
});

describe("months and hours of the clinic's calendar", () => {
  it("moves by months across a year end, a month's last day where the month is shorter", () => {
    expect(dayKey(addMonths({ year: 2026, month: 1, day: 15 }, -2))).toBe("2025-11-15");
    expect(dayKey(addMonths({ year: 2025, month: 11, day: 15 }, 3))).toBe("2026-02-15");
    expect(dayKey(addMonths({ year: 2026, month: 3, day: 31 }, -1))).toBe("2026-02-28");
    expect(dayKey(addMonths({ year: 2024, month: 2, day: 29 }, 12))).toBe("2025-02-28");
    expect(dayKey(addMonths({ year: 2026, month: 3, day: 10 }, -24))).toBe("2024-03-10");
    expect(dayKey(addMonths({ year: 2026, month: 1, day: 1 }, -120))).toBe("2016-01-01");
  });

  it("reads the hour of the clinic's wall clock, summer and winter", () => {
    expect(clinicHourOf(new Date("2026-03-11T12:00:00Z"))).toBe(8); // EDT, UTC−4
    expect(clinicHourOf(new Date("2026-01-11T12:00:00Z"))).toBe(7); // EST, UTC−5
    expect(clinicHourOf(new Date("2026-01-11T05:00:00Z"))).toBe(0);
    expect(clinicHourOf(new Date("2026-01-11T04:59:00Z"))).toBe(23);
  });
});

describe("another time zone's calendar (the analytics setting)", () => {
  it("begins a day at midnight there, or when the clocks jump where midnight itself is skipped", () => {
    expect(startOfClinicDay({ year: 2026, month: 11, day: 1 }, "Europe/London").toISOString()).toBe(
      "2026-11-01T00:00:00.000Z",
    );
    expect(clinicHourOf(new Date("2026-07-01T00:30:00Z"), "Europe/London")).toBe(1); // BST
    // Chile springs forward at midnight: 6 September 2026 begins at 01:00 (UTC−3).
    const skipped = startOfClinicDay({ year: 2026, month: 9, day: 6 }, "America/Santiago");
    expect(skipped.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(dayKey(clinicDayOf(new Date(skipped.getTime() - 1), "America/Santiago"))).toBe("2026-09-05");
    expect(startOfClinicDay({ year: 2026, month: 9, day: 5 }, "America/Santiago").toISOString()).toBe(
      "2026-09-05T04:00:00.000Z",
    );
  });
});
