import { describe, expect, it } from "vitest";
import { rowsOfWeek, weekOfRows } from "./week-hours";

describe("office hours by weekday", () => {
  const seeded = [
    { label: "Monday – Thursday", value: "8:30 AM – 6:00 PM" },
    { label: "Friday", value: "8:30 AM – 5:00 PM" },
    { label: "Saturday", value: "9:00 AM – 1:00 PM, by appointment" },
    { label: "Sunday", value: "Closed" },
  ];

  it("reads the seeded rows into a week and writes the same rows back", () => {
    const week = weekOfRows(seeded);
    expect(week.Tuesday).toEqual({ opens: "08:30", closes: "18:00", note: "" });
    expect(week.Saturday).toEqual({ opens: "09:00", closes: "13:00", note: "by appointment" });
    expect(week.Sunday).toEqual({ opens: "", closes: "", note: "" });
    expect(rowsOfWeek(week)).toEqual(seeded);
  });

  it("joins neighbouring days that read the same, and keeps words-only days", () => {
    const week = weekOfRows([{ label: "Monday – Friday", value: "9:00 AM – 5:00 PM" }]);
    week.Wednesday = { opens: "12:00", closes: "20:00", note: "" };
    week.Saturday = { opens: "", closes: "", note: "By appointment" };
    expect(rowsOfWeek(week)).toEqual([
      { label: "Monday – Tuesday", value: "9:00 AM – 5:00 PM" },
      { label: "Wednesday", value: "12:00 PM – 8:00 PM" },
      { label: "Thursday – Friday", value: "9:00 AM – 5:00 PM" },
      { label: "Saturday", value: "By appointment" },
      { label: "Sunday", value: "Closed" },
    ]);
  });
});
