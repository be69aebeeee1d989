import { describe, expect, it } from "vitest";
import type { JsonLdBlock } from "~/features/seo-text/page-facts.server";
import { readStructuredData } from "./structured-data";

const block = (value: unknown): JsonLdBlock => ({ ok: true, value });
const clinic = {
  "@type": ["MedicalClinic", "MedicalBusiness"],
  "@id": "https://clinic.example/#clinic",
  name: "Cypress Lane",
  address: { "@type": "PostalAddress", streetAddress: "1 Main St" },
};

describe("structured data as Google reads it", () => {
  it("checks the nodes of a @graph, and nested ones described in place", () => {
    const reading = readStructuredData([
      block({
        "@context": "https://schema.org",
        "@graph": [clinic, { "@type": "WebPage", location: { "@type": "LocalBusiness", name: "Annex" } }],
      }),
    ]);
    expect(reading.invalid).toEqual([]);
    expect(reading.types).toEqual(["MedicalClinic", "MedicalBusiness", "PostalAddress", "WebPage", "LocalBusiness"]);
    expect(reading.items).toEqual([
      {
        types: ["MedicalClinic", "MedicalBusiness"],
        profile: "localBusiness",
        missingRequired: [],
        missingRecommended: [],
      },
      { types: ["LocalBusiness"], profile: "localBusiness", missingRequired: ["address"], missingRecommended: [] },
    ]);
  });

  it("merges the parts of one @id on the page, and leaves a reference to an entity described elsewhere alone", () => {
    const parts = readStructuredData([
      block({ "@context": "https://schema.org", "@type": "MedicalClinic", "@id": "#c", name: "Cypress Lane" }),
      block({ "@context": "https://schema.org", "@type": "MedicalClinic", "@id": "#c", address: "1 Main St" }),
    ]);
    expect(parts.items).toEqual([
      { types: ["MedicalClinic"], profile: "localBusiness", missingRequired: [], missingRecommended: [] },
    ]);
    // Our contact pages say what they are about by pointing at the clinic of the home page.
    const reference = readStructuredData([
      block({
        "@context": "https://schema.org",
        "@type": "ContactPage",
        about: { "@type": "MedicalClinic", "@id": "https://clinic.example/#clinic", name: "Cypress Lane" },
      }),
    ]);
    expect(reference.items).toEqual([]);
    expect(reference.types).toContain("MedicalClinic");
  });

  it("judges a clinician by what ties them to the clinic, and says Google requires nothing of articles", () => {
    const reading = readStructuredData([
      block({
        "@context": "https://schema.org",
        "@type": ["Physician", "Person"],
        name: "Maya Ellison",
        url: "https://clinic.example/team/maya-ellison",
        image: "https://clinic.example/maya.svg",
        knowsAbout: ["Depression"],
        worksFor: { "@id": "https://clinic.example/#clinic" },
      }),
      block({ "@context": "https://schema.org", "@type": "BlogPosting", headline: "Sleep" }),
    ]);
    expect(reading.items).toEqual([
      { types: ["Physician", "Person"], profile: "physician", missingRequired: [], missingRecommended: [] },
      {
        types: ["BlogPosting"],
        profile: "article",
        missingRequired: [],
        missingRecommended: ["image", "datePublished", "dateModified", "author"],
      },
    ]);
  });

  it("requires a breadcrumb trail's positions and names, and a link on all but its last item", () => {
    const trail = (items: unknown[]) =>
      readStructuredData([
        block({ "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: items }),
      ]).items[0]!.missingRequired;
    expect(
      trail([
        { position: 1, name: "Home", item: "/" },
        { position: 2, name: "Team" },
      ]),
    ).toEqual([]);
    expect(
      trail([
        { position: 1, name: "Home" },
        { position: 2, name: "Team" },
      ]),
    ).toEqual(["item (the link) of each item but the last"]);
    expect(
      trail([
        { name: "Home", item: "/" },
        { position: "2", item: { "@id": "/team", name: "Team" } },
      ]),
    ).toEqual(["position of each item"]);
    expect(trail([])).toEqual(["itemListElement"]);
  });

  it("names blocks that cannot be read, or lack @context or @type", () => {
    const reading = readStructuredData([
      { ok: false, error: "Unexpected token", source: '{"@type": broken' },
      block({ "@type": "Organization", name: "No context" }),
      block({ "@context": "https://schema.org", name: "No type" }),
      block("just a string"),
    ]);
    expect(reading.invalid.map((i) => i.reason)).toEqual(["not-json", "no-context", "no-type", "not-an-object"]);
  });
});
