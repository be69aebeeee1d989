import { describe, expect, it } from "vitest";
import { GUARDRAIL_REASONS } from "./guardrails";
import { parseSetupForm } from "./setup-schema";

const good = {
  adsConversionId: " aw-123456789 ",
  requestLabel: "AbC-D_efG1",
  phoneLabel: "",
  analyticsId: "g-abc123xyz",
  pixelId: "1234567890",
  "group-home": "on",
  "group-request": "on",
  "group-thank-you": "on",
};

describe("the set-up form's check", () => {
  it("takes well-formed IDs (trimmed, Google's prefixes in capitals) and the groups switched on", () => {
    expect(parseSetupForm(good)).toEqual({
      ok: true,
      values: {
        adsConversionId: "AW-123456789",
        requestLabel: "AbC-D_efG1",
        phoneLabel: null,
        analyticsId: "G-ABC123XYZ",
        pixelId: "1234567890",
        pageGroups: ["home", "request", "thank-you"],
      },
    });
  });

  it("names each malformed ID with what it should look like", () => {
    const answer = parseSetupForm({
      adsConversionId: "123456789",
      requestLabel: "has space",
      analyticsId: "UA-1234-1",
      pixelId: "12ab",
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.fields.adsConversionId).toMatch(/AW- followed by its digits/);
    expect(answer.fields.requestLabel).toMatch(/4 to 40 letters/);
    expect(answer.fields.analyticsId).toMatch(/G- followed by/);
    expect(answer.fields.pixelId).toMatch(/5 to 20 digits/);
  });

  it("refuses labels without a conversion ID, and an ID without any label", () => {
    const labels = parseSetupForm({ requestLabel: "AbCdEf" });
    expect(labels.ok === false && labels.fields.adsConversionId).toMatch(/enter the AW- ID too/);
    const id = parseSetupForm({ adsConversionId: "AW-123456789" });
    expect(id.ok === false && id.fields.requestLabel).toMatch(/at least one action/);
  });

  it("refuses the guardrails whatever is posted, with the policy reason", () => {
    const answer = parseSetupForm({
      ...good,
      "group-conditions": "on",
      enhancedConversions: "on",
      adPersonalization: "on",
    });
    expect(answer).toEqual({
      ok: false,
      fields: {
        pageGroups: GUARDRAIL_REASONS.conditions,
        enhancedConversions: GUARDRAIL_REASONS.enhancedConversions,
        adPersonalization: GUARDRAIL_REASONS.adPersonalization,
      },
    });
    expect(GUARDRAIL_REASONS.enhancedConversions).toMatch(/Google/);
    expect(GUARDRAIL_REASONS.conditions).toMatch(/BetterHelp, Cerebral and GoodRx/);
  });
});
