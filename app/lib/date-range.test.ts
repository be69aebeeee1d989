import { describe, expect, it } from "vitest";
import {
  addMonths,
  bucketEdges,
  bucketIndexOf,
  bucketsOf,
  bucketSizeFor,
  readRangeChoice,
  resolveDateRange,
  spanWords,
  type RangeChoice,
  type RangeReading,
} from "./date-range";

// Tuesday 24 November 2026, 9 a.m. in New York (EST since 1 November).
const NOW = new Date("2026-11-24T14:00:00Z");
const day = (key: string) => {
  const [year, month, d] = key.split("-").map(Number) as [number, number, number];
  return { year, month, day: d };
};
const read = (query: string, now = NOW) => readRangeChoice(new URLSearchParams(query), now);
const chosen = (reading: RangeReading): RangeChoice => {
  if (!reading.ok) throw new Error(reading.problem);
  return reading.choice;
};
const range = (query: string, now = NOW, earliest?: Date) =>
  resolveDateRange(chosen(read(query, now)), { now, earliest });

describe("the date range of a report", () => {
  it("is the last 30 days by default, clinic days included, compared with the 30 days before", () => {
    const r = range("");
    expect(r.preset).toBe("30d");
    expect(r.name).toBe("Last 30 days");
    expect(r.current).toEqual({
      from: "2026-10-26",
      to: "2026-11-24",
      // Midnight EDT on Oct 26 (UTC−4), midnight EST after Nov 24 (UTC−5): the clocks went back in between.
      start: "2026-10-26T04:00:00.000Z",
      end: "2026-11-25T05:00:00.000Z",
      days: 30,
      label: "Oct 26 – Nov 24, 2026",
    });
    expect(r.previous).toMatchObject({
      from: "2026-09-26",
      to: "2026-10-25",
      days: 30,
      label: "Sep 26 – Oct 25, 2026",
    });
    expect(r.previous!.end).toBe(r.current.start);
    expect(r.previousWords).toBe("the 30 days before");
    expect(r.bucket).toBe("day");
    expect(r.buckets).toHaveLength(30);
    expect(r.previousBuckets).toHaveLength(30);
    expect(r.buckets[0]).toEqual({
      from: "2026-10-26",
      to: "2026-10-26",
      start: "2026-10-26T04:00:00.000Z",
      end: "2026-10-27T04:00:00.000Z",
      label: "Mon, Oct 26",
      title: "Oct 26, 2026",
    });
    expect(r.buckets.at(-1)!.from).toBe("2026-11-24");
    // The default is named by no parameter at all: one address per view.
    expect(r.query).toEqual({});
  });

  it("begins each day at the clinic's midnight across the spring change (23-hour day)", () => {
    // Tuesday 10 March 2026 at noon EDT; the clocks went forward on Sunday 8 March.
    const r = range("range=7d", new Date("2026-03-10T16:00:00Z"));
    expect(r.current).toMatchObject({
      from: "2026-03-04",
      to: "2026-03-10",
      start: "2026-03-04T05:00:00.000Z",
      end: "2026-03-11T04:00:00.000Z",
      days: 7,
    });
    // Seven days of 24 hours but one of 23.
    expect(Date.parse(r.current.end) - Date.parse(r.current.start)).toBe((7 * 24 - 1) * 3_600_000);
    expect(r.previous).toMatchObject({ from: "2026-02-25", to: "2026-03-03", end: "2026-03-04T05:00:00.000Z" });
    expect(r.query).toEqual({ range: "7d" });
  });

  it("cuts this month's comparison to a shorter month, and compares last month with the month before", () => {
    const march31 = new Date("2026-03-31T16:00:00Z");
    const thisMonth = range("range=month", march31);
    expect(thisMonth.current).toMatchObject({ from: "2026-03-01", to: "2026-03-31", days: 31 });
    expect(thisMonth.previous).toMatchObject({ from: "2026-02-01", to: "2026-02-28", days: 28 });
    expect(thisMonth.previousWords).toBe("the same days of last month");
    expect(thisMonth.buckets).toHaveLength(31);
    expect(thisMonth.previousBuckets).toHaveLength(28);

    const lastMonth = range("range=last-month", new Date("2026-03-15T16:00:00Z"));
    expect(lastMonth.current).toMatchObject({ from: "2026-02-01", to: "2026-02-28", label: "Feb 1 – 28, 2026" });
    expect(lastMonth.previous).toMatchObject({ from: "2026-01-01", to: "2026-01-31" });
    // In January, last month is December of the year before.
    const january = range("range=last-month", new Date("2026-01-10T16:00:00Z"));
    expect(january.current).toMatchObject({ from: "2025-12-01", to: "2025-12-31", label: "Dec 1 – 31, 2025" });
    expect(january.previous).toMatchObject({ from: "2025-11-01", to: "2025-11-30" });
  });

  it("shows the last 12 months as twelve calendar months, compared with the same days a year earlier", () => {
    const r = range("range=12m");
    expect(r.current).toMatchObject({ from: "2025-12-01", to: "2026-11-24", label: "Dec 1, 2025 – Nov 24, 2026" });
    expect(r.previous).toMatchObject({ from: "2024-12-01", to: "2025-11-24" });
    expect(r.bucket).toBe("month");
    expect(r.buckets.map((b) => b.label)).toEqual([
      "Dec 2025",
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
      "Sep 2026",
      "Oct 2026",
      "Nov 2026",
    ]);
    // The month under way is cut at today, and its title says so.
    expect(r.buckets.at(-1)).toEqual({
      from: "2026-11-01",
      to: "2026-11-24",
      // November's first day is still daylight time, the day after the 24th is not.
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-25T05:00:00.000Z",
      label: "Nov 2026",
      title: "Nov 1 – 24, 2026",
    });
    expect(r.buckets[2]).toMatchObject({ from: "2026-02-01", to: "2026-02-28", title: "Feb 1 – 28, 2026" });
    expect(r.previousBuckets.map((b) => b.label)).toEqual([
      "Dec 2024",
      ...["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"].map((m) => `${m} 2025`),
    ]);
  });

  it("compares this year with the same days last year, even from a leap day", () => {
    const r = range("range=year", new Date("2028-02-29T16:00:00Z"));
    expect(r.current).toMatchObject({ from: "2028-01-01", to: "2028-02-29", days: 60 });
    expect(r.previous).toMatchObject({ from: "2027-01-01", to: "2027-02-28", days: 59 });
    expect(r.bucket).toBe("week");
  });

  it("shows 90 days as weeks counted from the first day, the same number in the period before", () => {
    const r = range("range=90d");
    expect(r.current).toMatchObject({ from: "2026-08-27", to: "2026-11-24", days: 90 });
    expect(r.bucket).toBe("week");
    expect(r.buckets).toHaveLength(13);
    expect(r.buckets[0]).toEqual({
      from: "2026-08-27",
      to: "2026-09-02",
      start: "2026-08-27T04:00:00.000Z",
      end: "2026-09-03T04:00:00.000Z",
      label: "Aug 27 – Sep 2",
      title: "Aug 27 – Sep 2, 2026",
    });
    // 12 weeks of 7 days and a last one of 6.
    expect(r.buckets.at(-1)).toMatchObject({ from: "2026-11-19", to: "2026-11-24" });
    expect(r.previousBuckets).toHaveLength(13);
    expect(r.previousBuckets.at(-1)).toMatchObject({ to: "2026-08-26" });
  });

  it("reads a custom range of whole days and compares it with as many days just before", () => {
    const r = range("from=2026-02-20&to=2026-03-10");
    expect(r.preset).toBe("custom");
    expect(r.name).toBe("Custom range");
    expect(r.current).toMatchObject({
      from: "2026-02-20",
      to: "2026-03-10",
      days: 19,
      start: "2026-02-20T05:00:00.000Z",
      end: "2026-03-11T04:00:00.000Z",
      label: "Feb 20 – Mar 10, 2026",
    });
    expect(r.previous).toMatchObject({ from: "2026-02-01", to: "2026-02-19", days: 19 });
    expect(r.previousWords).toBe("the 19 days before");
    expect(r.query).toEqual({ from: "2026-02-20", to: "2026-03-10" });
    // A single day, and `range=custom` with the days, are fine too.
    const one = range("range=custom&from=2026-11-24&to=2026-11-24");
    expect(one.current).toMatchObject({ days: 1, label: "Nov 24, 2026" });
    expect(one.previous).toMatchObject({ from: "2026-11-23", to: "2026-11-23" });
    expect(one.previousWords).toBe("the day before");
    // A preset named in the address wins over stray days.
    expect(range("range=7d&from=2026-01-01&to=2026-01-02").preset).toBe("7d");
  });

  it("refuses a custom range it cannot show, naming the problem and keeping what was typed", () => {
    const refused = (query: string) => {
      const reading = read(query);
      if (reading.ok) throw new Error(`${query} was accepted`);
      return { field: reading.field, problem: reading.problem, typed: reading.typed };
    };
    expect(refused("from=2026-03-10&to=2026-03-01")).toEqual({
      field: "to",
      problem: "The last day (Mar 1, 2026) is before the first day (Mar 10, 2026).",
      typed: { from: "2026-03-10", to: "2026-03-01" },
    });
    expect(refused("from=2026-11-01&to=2026-11-25").problem).toBe(
      "The last day (Nov 25, 2026) is in the future: choose today (Nov 24, 2026) or earlier.",
    );
    expect(refused("from=2021-11-01&to=2026-11-24")).toMatchObject({
      field: "from",
      problem: "A range can be at most 5 years long; this one is 1,850 days.",
    });
    expect(refused("from=2026-02-30&to=2026-03-10")).toMatchObject({
      field: "from",
      problem: "The first day is not a date we can read: use a date like 2026-03-10.",
    });
    expect(refused("from=2026-03-01&to=soon").field).toBe("to");
    expect(refused("from=2026-03-01")).toMatchObject({ field: "to", problem: "Choose the last day of the range too." });
    expect(refused("to=2026-03-01")).toMatchObject({
      field: "from",
      problem: "Choose the first day of the range too.",
    });
    // Five years of days (with a leap day) is still fine.
    expect(read("from=2021-11-25&to=2026-11-24").ok).toBe(true);
  });

  it("shows the default, and says so, for a range it does not know", () => {
    const reading = read("range=fortnight");
    expect(reading).toEqual({
      ok: true,
      choice: { preset: "30d" },
      notice: "The range in the address was not understood, so this shows the last 30 days.",
    });
    expect(read("range=30d")).toEqual({ ok: true, choice: { preset: "30d" } });
  });

  it("runs all time from the first record to today, with nothing to compare with", () => {
    const r = range("range=all", NOW, new Date("2024-02-10T03:00:00Z")); // Feb 9, 10 p.m. in New York
    expect(r.current).toMatchObject({ from: "2024-02-09", to: "2026-11-24" });
    expect(r.previous).toBeNull();
    expect(r.previousWords).toBeNull();
    expect(r.previousBuckets).toEqual([]);
    expect(r.bucket).toBe("month");
    expect(r.buckets[0]).toMatchObject({ from: "2024-02-09", to: "2024-02-29", label: "Feb 2024" });
    expect(r.buckets).toHaveLength(34);
    // No record yet: today alone.
    expect(range("range=all", NOW).current).toMatchObject({ from: "2026-11-24", to: "2026-11-24" });
  });
});

describe("buckets", () => {
  it("are days up to 45 days, weeks up to 186, months beyond", () => {
    expect([1, 45, 46, 186, 187, 1830].map(bucketSizeFor)).toEqual(["day", "day", "week", "week", "month", "month"]);
  });

  it("list every bucket, so a quiet day is there as a bucket of its own", () => {
    const weeks = bucketsOf(day("2025-12-29"), day("2026-01-10"), "week");
    expect(weeks).toEqual([
      {
        from: "2025-12-29",
        to: "2026-01-04",
        start: "2025-12-29T05:00:00.000Z",
        end: "2026-01-05T05:00:00.000Z",
        label: "Dec 29 – Jan 4",
        title: "Dec 29, 2025 – Jan 4, 2026",
      },
      {
        from: "2026-01-05",
        to: "2026-01-10",
        start: "2026-01-05T05:00:00.000Z",
        end: "2026-01-11T05:00:00.000Z",
        label: "Jan 5 – 10",
        title: "Jan 5 – 10, 2026",
      },
    ]);
    const months = bucketsOf(day("2026-01-31"), day("2026-03-01"), "month");
    expect(months.map((b) => [b.from, b.to])).toEqual([
      ["2026-01-31", "2026-01-31"],
      ["2026-02-01", "2026-02-28"],
      ["2026-03-01", "2026-03-01"],
    ]);
  });

  it("are the clinic's hours for a single day on the analytics dashboard: 23 when clocks spring forward, 25 when they fall back", () => {
    const at = (iso: string) => new Date(iso);
    const today = resolveDateRange({ preset: "today" }, { now: at("2026-11-24T15:00:00Z"), hourly: true });
    expect(today.bucket).toBe("hour");
    expect(today.buckets).toHaveLength(24);
    expect(today.buckets[0]).toMatchObject({
      start: "2026-11-24T05:00:00.000Z",
      end: "2026-11-24T06:00:00.000Z",
      label: "12 AM",
    });
    expect(today.buckets[15]!.label).toBe("3 PM");
    expect(today.previous).toMatchObject({ from: "2026-11-23", to: "2026-11-23" });
    expect(today.previousBuckets).toHaveLength(24);

    const spring = bucketsOf(day("2026-03-08"), day("2026-03-08"), "hour");
    expect(spring).toHaveLength(23);
    expect(spring.map((b) => b.label).slice(0, 4)).toEqual(["12 AM", "1 AM", "3 AM", "4 AM"]);
    const fall = bucketsOf(day("2026-11-01"), day("2026-11-01"), "hour");
    expect(fall).toHaveLength(25);
    expect(fall.map((b) => b.label).slice(0, 4)).toEqual(["12 AM", "1 AM", "1 AM (again)", "2 AM"]);
    expect(fall.at(-1)!.end).toBe("2026-11-02T05:00:00.000Z");

    // Yesterday on the dashboard; a one-day custom range in lead insights stays one day.
    const yesterday = resolveDateRange({ preset: "yesterday" }, { now: at("2026-11-24T15:00:00Z"), hourly: true });
    expect(yesterday.current).toMatchObject({ from: "2026-11-23", to: "2026-11-23", days: 1 });
    const oneDay = resolveDateRange(
      { preset: "custom", from: day("2026-11-23"), to: day("2026-11-23") },
      { now: at("2026-11-24T15:00:00Z") },
    );
    expect(oneDay.bucket).toBe("day");
  });

  it("find the bucket of a day, and none for a day outside", () => {
    const buckets = bucketsOf(day("2026-01-01"), day("2026-03-10"), "week");
    expect(bucketIndexOf(buckets, "2026-01-01")).toBe(0);
    expect(bucketIndexOf(buckets, "2026-01-07")).toBe(0);
    expect(bucketIndexOf(buckets, "2026-01-08")).toBe(1);
    expect(bucketIndexOf(buckets, "2026-03-10")).toBe(buckets.length - 1);
    expect(bucketIndexOf(buckets, "2025-12-31")).toBe(-1);
    expect(bucketIndexOf(buckets, "2026-03-11")).toBe(-1);
  });
});

describe("calendar words and months", () => {
  it("moves by months, cutting to the end of a shorter month", () => {
    expect(addMonths(day("2026-03-31"), -1)).toEqual(day("2026-02-28"));
    expect(addMonths(day("2024-02-29"), 12)).toEqual(day("2025-02-28"));
    expect(addMonths(day("2026-01-15"), -13)).toEqual(day("2024-12-15"));
    expect(addMonths(day("2026-11-30"), 3)).toEqual(day("2027-02-28"));
  });

  it("words a span of days once, with the year once", () => {
    expect(spanWords(day("2026-03-03"), day("2026-03-09"))).toBe("Mar 3 – 9, 2026");
    expect(spanWords(day("2026-02-27"), day("2026-03-05"))).toBe("Feb 27 – Mar 5, 2026");
    expect(spanWords(day("2025-12-29"), day("2026-01-04"))).toBe("Dec 29, 2025 – Jan 4, 2026");
    expect(spanWords(day("2026-03-10"), day("2026-03-10"))).toBe("Mar 10, 2026");
    expect(spanWords(day("2026-03-10"), day("2026-03-10"), false)).toBe("Mar 10");
  });
});

describe("bucket edges for the database", () => {
  it("list each bucket's first instant once, the comparison period ending where the range begins", () => {
    const r = range("range=7d", new Date("2026-03-10T16:00:00Z"));
    const { edges, slots } = bucketEdges(r);
    // Feb 25 … Mar 3 (previous), then Mar 4 … Mar 10, then the end: 15 edges.
    expect(edges).toHaveLength(15);
    expect(edges[0]).toBe("2026-02-25T05:00:00.000Z");
    expect(edges[7]).toBe("2026-03-04T05:00:00.000Z");
    // Sunday Mar 8 began at midnight EST, Monday Mar 9 at midnight EDT.
    expect(edges[11]).toBe("2026-03-08T05:00:00.000Z");
    expect(edges[12]).toBe("2026-03-09T04:00:00.000Z");
    expect(edges[14]).toBe("2026-03-11T04:00:00.000Z");
    // width_bucket's answer n is the interval that starts at edges[n - 1].
    expect(slots).toHaveLength(16);
    expect(slots[0]).toBeNull();
    expect(slots[1]).toEqual({ period: "previous", index: 0 });
    expect(slots[7]).toEqual({ period: "previous", index: 6 });
    expect(slots[8]).toEqual({ period: "current", index: 0 });
    expect(slots[14]).toEqual({ period: "current", index: 6 });
    expect(slots[15]).toBeNull();
  });

  it("leave the days between a shorter comparison period and the range in no bucket", () => {
    const { edges, slots } = bucketEdges(range("range=month", new Date("2026-03-31T16:00:00Z")));
    // Feb 1 … Feb 28, the end of Feb 28 (Mar 1 00:00), then Mar 1 … Mar 31 and the end.
    expect(edges).toHaveLength(28 + 31 + 1);
    expect(slots[28]).toEqual({ period: "previous", index: 27 });
    expect(edges[28]).toBe("2026-03-01T05:00:00.000Z");
    expect(slots[29]).toEqual({ period: "current", index: 0 });

    const thisMonth = bucketEdges(range("range=month", new Date("2026-11-24T14:00:00Z")));
    // Oct 1 … Oct 24, then nothing from Oct 25 to Oct 31, then Nov 1 … Nov 24.
    expect(thisMonth.edges[24]).toBe("2026-10-25T04:00:00.000Z");
    expect(thisMonth.slots[25]).toBeNull();
    expect(thisMonth.edges[25]).toBe("2026-11-01T04:00:00.000Z");
    expect(thisMonth.slots[26]).toEqual({ period: "current", index: 0 });
  });

  it("have only the range's edges when there is nothing to compare with", () => {
    const { edges, slots } = bucketEdges(range("range=all", NOW, new Date("2026-04-15T12:00:00Z")));
    // Apr 15 … Nov 24 by month: eight buckets and the end.
    expect(edges).toEqual([
      "2026-04-15T04:00:00.000Z",
      ...["05", "06", "07", "08", "09", "10", "11"].map((m) => `2026-${m}-01T04:00:00.000Z`),
      "2026-11-25T05:00:00.000Z",
    ]);
    expect(slots).toEqual([null, ...Array.from({ length: 8 }, (_, index) => ({ period: "current", index })), null]);
  });
});
