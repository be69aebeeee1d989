import { describe, expect, it } from "vitest";
import type { SeoPageSetting } from "~/db/schema";
import { publicSettingsOf } from "./page-settings.server";

const empty: SeoPageSetting = {
  path: "/adhd",
  title: null,
  description: null,
  canonical: null,
  noindex: null,
  socialImage: null,
  socialTitle: null,
  socialDescription: null,
  focusKeyphrase: null,
  updatedAt: new Date("2026-11-26T12:00:00Z"),
  updatedBy: null,
};

describe("a page's settings as the root loader sends them", () => {
  it("holds only the fields set, never the focus keyphrase", () => {
    expect(publicSettingsOf({ ...empty, focusKeyphrase: "adhd" }, "https://clinic.example")).toBeNull();
    expect(
      publicSettingsOf(
        {
          ...empty,
          title: "Set title",
          description: "Set description",
          noindex: true,
          socialTitle: "Card title",
          socialDescription: "Card words",
          focusKeyphrase: "adhd",
        },
        "https://clinic.example",
      ),
    ).toEqual({
      title: "Set title",
      description: "Set description",
      noindex: true,
      socialTitle: "Card title",
      socialDescription: "Card words",
    });
  });

  it("makes the canonical and the social image absolute on the public URL, so the browser need not", () => {
    expect(
      publicSettingsOf(
        { ...empty, canonical: "/therapy", socialImage: "/images/Card%20One.png" },
        "https://clinic.example",
      ),
    ).toEqual({
      canonical: "https://clinic.example/therapy",
      socialImage: "https://clinic.example/images/Card%20One.png",
    });
    expect(
      publicSettingsOf(
        { ...empty, canonical: "https://elsewhere.example/x", socialImage: "https://cdn.example/card.png" },
        "https://clinic.example",
      ),
    ).toEqual({ canonical: "https://elsewhere.example/x", socialImage: "https://cdn.example/card.png" });
    // A bare origin gets its slash, as new URL() has always written it in the tags.
    expect(publicSettingsOf({ ...empty, canonical: "https://elsewhere.example" }, "https://clinic.example")).toEqual({
      canonical: "https://elsewhere.example/",
    });
  });
});
