import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE, telHref, withFallbacks } from "./site-content";

describe("site content fallbacks", () => {
  it("fills every shown field when the record is missing", () => {
    const site = withFallbacks(undefined);
    expect(site.footerPhone).toBe(DEFAULT_PHONE);
    expect(site.tagline).toBe("Healing Begins with Empathy");
    expect(site.heroTitle).toBe("Psychiatry, Therapy & Counseling in Winter Park, FL");
    expect(site.footerCityLine).toBe("Orlando, FL 32810");
    expect(site.hours.map((h) => h.value)).toEqual(["9:00 AM – 5:00 PM", "By appointment", "Closed"]);
  });

  it("uses stored values and replaces blank ones", () => {
    const site = withFallbacks({ footerPhone: "(407) 555-0199", footerEmail: "  ", aboutText: null });
    expect(site.footerPhone).toBe("(407) 555-0199");
    expect(site.footerEmail).toBe("hello@cypresslane.example");
    expect(site.aboutText.length).toBeGreaterThan(20);
  });

  it("turns a displayed phone number into a tel: link", () => {
    expect(telHref("(407) 555-0142")).toBe("tel:+14075550142");
    expect(telHref("1-407-555-0142")).toBe("tel:+14075550142");
    expect(telHref("+1 407 555 0142")).toBe("tel:+14075550142");
  });
});
