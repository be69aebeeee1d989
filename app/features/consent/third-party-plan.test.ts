import { describe, expect, it } from "vitest";
import { measurementConfig } from "./measurement-config";
import { freshPlanState, planEvent, planPageView } from "./third-party-plan";

const ORIGIN = "https://clinic.example";
const config = measurementConfig({
  analyticsMeasurementId: "G-ABC123",
  adsConversionId: "AW-123456789",
  requestLabel: "ReqLabel",
  adPixelId: "1234567890",
  pageGroups: ["home", "request", "team"],
});

describe("the third-party plan", () => {
  it("sets every Consent Mode signal denied before anything else, and never grants personalisation", () => {
    const steps = planPageView(config, freshPlanState(), ORIGIN, "/", "");
    expect(steps[0]).toEqual({
      kind: "gtag",
      command: [
        "consent",
        "default",
        { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
      ],
    });
    expect(steps[1]).toMatchObject({ command: ["consent", "update", { ad_personalization: "denied" }] });
    expect(steps.findIndex((s) => s.kind === "script")).toBeGreaterThan(1);
  });

  it("plans nothing at all on a condition page or a group that is off, not even a conversion", () => {
    for (const path of ["/depression", "/blog/coping", "/aetna"]) {
      const state = freshPlanState();
      expect(planPageView(config, state, ORIGIN, path, "")).toEqual([]);
      expect(
        planEvent(config, state, ORIGIN, path, { eventType: "lead_submitted", eventCategory: "conversion" }),
      ).toEqual([]);
    }
  });

  it("sends a conversion with send_to alone, the pixel's bare Lead, and no label it was not given", () => {
    const state = freshPlanState();
    planPageView(config, state, ORIGIN, "/request-appointment", "");
    const request = planEvent(config, state, ORIGIN, "/request-appointment", {
      eventType: "lead_submitted",
      eventCategory: "conversion",
    });
    expect(request).toContainEqual({
      kind: "gtag",
      command: ["event", "conversion", { send_to: "AW-123456789/ReqLabel" }],
    });
    expect(request).toContainEqual({
      kind: "image",
      url: "https://www.facebook.com/tr?id=1234567890&ev=Lead&noscript=1",
    });
    const phone = planEvent(config, state, ORIGIN, "/", { eventType: "phone_click", eventCategory: "contact" });
    expect(phone.filter((s) => s.kind === "gtag" && s.command[1] === "conversion")).toEqual([]);
  });

  it("silences Google's tag on a move to a page where tags may not run, and lets it speak again after", () => {
    const state = freshPlanState();
    planPageView(config, state, ORIGIN, "/", "");
    expect(planPageView(config, state, ORIGIN, "/depression", "")).toEqual([
      { kind: "silence", ids: ["G-ABC123", "AW-123456789"], silent: true },
    ]);
    const back = planPageView(config, state, ORIGIN, "/team/dr-rivera", "");
    expect(back[0]).toEqual({ kind: "silence", ids: ["G-ABC123", "AW-123456789"], silent: false });
    // The team member's page is reported as "/page": its path is not on the neutral list.
    expect(back).toContainEqual({
      kind: "gtag",
      command: [
        "event",
        "page_view",
        { page_location: `${ORIGIN}/page`, page_title: "Clinic website", page_referrer: `${ORIGIN}/` },
      ],
    });
  });
});
