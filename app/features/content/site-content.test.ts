import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE, telHref, withFallbacks, withMainOffice } from "./site-content";

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

describe("the main office as the clinic's contact details", () => {
  const main = {
    slug: "orlando",
    street: "1450 Osprey Lake Drive, Suite 210",
    city: "Orlando",
    state: "FL",
    zip: "32810",
    phone: "(407) 555-0177",
    hours: [{ label: "Monday – Friday", value: "9:00 AM – 5:00 PM" }],
    latitude: 28.6,
    longitude: -81.39,
  };

  it("replaces the site record's own phone, address, hours and map with the main office's", () => {
    const site = withFallbacks(
      withMainOffice({ footerPhone: "(407) 555-0199", footerAddress: "Elsewhere 1", hours: [] }, main),
    );
    expect(site).toMatchObject({
      footerPhone: "(407) 555-0177",
      footerAddress: "1450 Osprey Lake Drive, Suite 210",
      footerCityLine: "Orlando, FL 32810",
      hours: main.hours,
      map: { latitude: 28.6, longitude: -81.39, query: "1450 Osprey Lake Drive, Suite 210, Orlando, FL 32810" },
      mainOfficeSlug: "orlando",
    });
  });

  it("keeps the site record's own details when there is no office", () => {
    expect(withFallbacks(withMainOffice({ footerPhone: "(407) 555-0199" }, undefined))).toMatchObject({
      footerPhone: "(407) 555-0199",
      mainOfficeSlug: null,
    });
  });
});
