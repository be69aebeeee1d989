import { describe, expect, it } from "vitest";
import { openingHoursSpecification } from "~/features/content/opening-hours";

describe("office hours for search engines", () => {
  it("turns day and time ranges into opening hours and leaves out closed or by-appointment days", () => {
    expect(
      openingHoursSpecification([
        { label: "Monday – Thursday", value: "8:30 AM – 6:00 PM" },
        { label: "Friday", value: "8:30 AM – 12:00 PM" },
        { label: "Saturday", value: "By appointment" },
        { label: "Sunday", value: "Closed" },
      ]),
    ).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
        opens: "08:30",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "08:30", closes: "12:00" },
    ]);
  });
});
