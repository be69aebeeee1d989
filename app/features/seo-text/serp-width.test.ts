import { describe, expect, it } from "vitest";
import { SERP_LIMITS, serpCut, serpWidth, textWidth } from "./serp-width";

describe("SERP widths", () => {
  it("measures Arial's own widths: a W is about four times an i", () => {
    // Arial at 20 px: "W" 18.9 px, "i" 4.4 px, a space 5.6 px.
    expect(textWidth("W", 20)).toBeCloseTo(18.88, 1);
    expect(textWidth("i", 20)).toBeCloseTo(4.44, 1);
    expect(textWidth("W", 20) / textWidth("i", 20)).toBeGreaterThan(4);
    expect(textWidth("a b", 20)).toBeCloseTo(textWidth("a  \n b", 20));
  });

  it("tells two titles of the same length apart by their letters", () => {
    const narrow = "illicit little lilies fill the tiny hill in Winter Park iii";
    const wide = "WOMEN'S MOOD CARE WITH MDs AT OUR WINTER PARK OFFICE MMM WW";
    expect(narrow.length).toBe(wide.length);
    expect(serpWidth("title", narrow)).toBeLessThan(SERP_LIMITS.title.desktopPx);
    expect(serpWidth("title", wide)).toBeGreaterThan(SERP_LIMITS.title.desktopPx);
  });

  it("leaves a title that fits whole, and cuts one that does not after a whole word", () => {
    const fits = serpCut("title", "desktop", "ADHD Evaluation in Winter Park | Example Clinic");
    expect(fits).toMatchObject({ cut: false, shown: "ADHD Evaluation in Winter Park | Example Clinic" });

    const long =
      "Psychiatry, Therapy and Medication Management for Adults and Teens in Winter Park and Orlando, Florida";
    const desktop = serpCut("title", "desktop", long);
    expect(desktop.cut).toBe(true);
    expect(desktop.shown.endsWith(" …")).toBe(true);
    expect(long.startsWith(desktop.shown.slice(0, -2))).toBe(true);
    expect(serpWidth("title", desktop.shown)).toBeLessThanOrEqual(SERP_LIMITS.title.desktopPx);
    // The cut falls between words, and a phone shows less.
    expect(long.charAt(desktop.shown.length - 2)).toMatch(/[ ,]/);
    const mobile = serpCut("title", "mobile", long);
    expect(mobile.shown.length).toBeLessThan(desktop.shown.length);
  });

  it("cuts inside a single word that alone is too wide", () => {
    const cut = serpCut("title", "mobile", "W".repeat(60));
    expect(cut.cut).toBe(true);
    expect(cut.shown).toMatch(/^W+ …$/);
    expect(serpWidth("title", cut.shown)).toBeLessThanOrEqual(SERP_LIMITS.title.mobilePx);
  });

  it("counts characters outside the table as a full em rather than nothing", () => {
    expect(textWidth("心", 14)).toBe(14);
    expect(textWidth("e\u0301", 14)).toBeCloseTo(textWidth("e", 14));
  });
});
