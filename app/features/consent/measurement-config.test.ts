import { describe, expect, it } from "vitest";
import { measurementConfig, needsConsent, thirdPartyCspSources } from "./measurement-config";

describe("measurement settings", () => {
  it("accepts well-formed IDs only (they reach a script URL and the CSP)", () => {
    expect(measurementConfig({ analyticsMeasurementId: " g-abc123 ", adPixelId: "1234567890" })).toEqual({
      analyticsId: "G-ABC123",
      pixelId: "1234567890",
    });
    expect(measurementConfig({ analyticsMeasurementId: "G-1; script-src *", adPixelId: "12a" })).toEqual({
      analyticsId: null,
      pixelId: null,
    });
    expect(needsConsent(measurementConfig({}))).toBe(false);
    expect(needsConsent(measurementConfig({ adPixelId: "1234567890" }))).toBe(true);
  });

  it("allows third-party origins only for what is configured", () => {
    expect(thirdPartyCspSources(measurementConfig({}))).toEqual({ script: [], connect: [], img: [] });
    const pixelOnly = thirdPartyCspSources(measurementConfig({ adPixelId: "1234567890" }));
    expect(pixelOnly).toEqual({ script: [], connect: [], img: ["https://www.facebook.com"] });
    const analytics = thirdPartyCspSources(measurementConfig({ analyticsMeasurementId: "G-ABC123" }));
    expect(analytics.script).toEqual(["https://www.googletagmanager.com"]);
    expect(analytics.img).not.toContain("https://www.facebook.com");
  });
});
