import { describe, expect, it } from "vitest";
import { measurementConfig, needsConsent, thirdPartyCspSources } from "./measurement-config";

const ALL = ["home", "request"];

describe("measurement settings", () => {
  it("accepts well-formed IDs only (they reach a script URL, a request and the CSP)", () => {
    expect(
      measurementConfig({
        analyticsMeasurementId: " g-abc123 ",
        adPixelId: "1234567890",
        adsConversionId: "aw-123456789",
        requestLabel: "AbC-D_efG",
        phoneLabel: "x y",
        pageGroups: ALL,
      }),
    ).toEqual({
      analyticsId: "G-ABC123",
      pixelId: "1234567890",
      adsId: "AW-123456789",
      labels: { request: "AbC-D_efG", phone: null },
      pageGroups: ALL,
      ask: true,
    });
    const bad = measurementConfig({
      analyticsMeasurementId: "G-1; script-src *",
      adPixelId: "12a",
      adsConversionId: "AW-1 https://evil.example",
      pageGroups: ALL,
    });
    expect(bad).toMatchObject({ analyticsId: null, pixelId: null, adsId: null });
    expect(needsConsent(measurementConfig({}))).toBe(false);
    expect(needsConsent(measurementConfig({ adPixelId: "1234567890", pageGroups: ALL }))).toBe(true);
  });

  it("never lets the condition pages' group through, and asks nothing when no group may run tags", () => {
    expect(measurementConfig({ pageGroups: ["conditions", "home"] }).pageGroups).toEqual(["home"]);
    expect(needsConsent(measurementConfig({ adPixelId: "1234567890", pageGroups: [] }))).toBe(false);
  });

  it("allows third-party origins only for what is configured", () => {
    expect(thirdPartyCspSources(measurementConfig({}))).toEqual({ script: [], connect: [], img: [], frame: [] });
    const pixelOnly = thirdPartyCspSources(measurementConfig({ adPixelId: "1234567890", pageGroups: ALL }));
    expect(pixelOnly).toEqual({ script: [], connect: [], img: ["https://www.facebook.com"], frame: [] });
    const analytics = thirdPartyCspSources(measurementConfig({ analyticsMeasurementId: "G-ABC123", pageGroups: ALL }));
    expect(analytics.script).toEqual(["https://www.googletagmanager.com"]);
    expect(analytics.img).not.toContain("https://www.facebook.com");
    expect(analytics.img).not.toContain("https://googleads.g.doubleclick.net");
    const ads = thirdPartyCspSources(
      measurementConfig({ adsConversionId: "AW-123456789", requestLabel: "AbCdEf", pageGroups: ALL }),
    );
    expect(ads.script).toEqual(
      expect.arrayContaining(["https://www.googletagmanager.com", "https://www.googleadservices.com"]),
    );
    expect(ads.img).toEqual(expect.arrayContaining(["https://googleads.g.doubleclick.net", "https://www.google.com"]));
    expect(ads.connect).not.toContain("https://*.google-analytics.com");
  });
});
