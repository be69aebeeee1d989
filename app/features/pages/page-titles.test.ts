import { describe, expect, it } from "vitest";
import { clinicianTitle, officeTitle, shortBrand } from "./page-titles";

describe("search titles", () => {
  const clinic = "Cypress Lane Behavioral Health";
  it("keep every clinician's title within 60 characters, saying as much as fits", () => {
    expect(clinicianTitle({ name: "Maya Ellison", credentials: "MD", role: "Psychiatrist" }, clinic)).toBe(
      "Maya Ellison, MD, Psychiatrist | Winter Park",
    );
    const long = { name: "Elena Brooks-Ramirez", credentials: "LMFT", role: "Licensed Marriage and Family Therapist" };
    expect(clinicianTitle(long, clinic)).toBe("Elena Brooks-Ramirez, LMFT | Cypress Lane");
  });
  it("name the office's city and the clinic's short name", () => {
    expect(shortBrand(clinic)).toBe("Cypress Lane");
    expect(officeTitle({ city: "Orlando", state: "FL" }, clinic)).toBe(
      "Orlando, FL Office: Psychiatry & Therapy | Cypress Lane",
    );
    // Too long with the brand: the office and what it offers come first.
    expect(officeTitle({ city: "Altamonte Springs", state: "FL" }, clinic)).toBe(
      "Altamonte Springs, FL Office: Psychiatry & Therapy",
    );
  });
});
