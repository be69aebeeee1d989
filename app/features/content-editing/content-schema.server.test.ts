import { describe, expect, it } from "vitest";
import { readContentFiles } from "~/features/content/content-files.server";
import { contentDir } from "~/features/content/seed.server";
import { dayField } from "./content-rules";
import { parseLocationForm } from "./content-schema.server";
import { WEEKDAYS, weekOfRows } from "./week-hours";

describe("the office form's rules", () => {
  it("pass the seed's offices as they are (no stricter than the content), words and search description included", () => {
    for (const office of readContentFiles(contentDir).locations) {
      const week = weekOfRows(office.hours);
      const form: Record<string, string> = {
        ...Object.fromEntries(Object.entries(office).map(([key, value]) => [key, String(value)])),
        areasServed: office.areasServed.join(", "),
        latitude: String(office.latitude),
        longitude: String(office.longitude),
      };
      for (const day of WEEKDAYS)
        for (const part of ["opens", "closes", "note"] as const) form[dayField(day, part)] = week[day][part];
      const parsed = parseLocationForm(form);
      expect(parsed, office.slug).toMatchObject({
        ok: true,
        values: { directions: office.directions, metaDescription: office.metaDescription, phone: office.phone },
      });
    }
  });
});
