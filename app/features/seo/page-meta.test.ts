import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

const site = { publicUrl: "https://clinic.example", siteName: "Cypress Lane", pathname: "/services/" };
const find = (tags: ReturnType<typeof pageMeta>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;

describe("page metadata", () => {
  it("sets every field of the spec's page metadata", () => {
    const tags = pageMeta(
      {
        title: "Services",
        description: "What we offer",
        keywords: ["therapy", "psychiatry"],
        ogImage: "/images/services.png",
        type: "article",
        publishedDate: "2026-01-02",
        modifiedDate: "2026-02-03",
        author: "Dr. Example",
        jsonLd: { "@context": "https://schema.org", "@type": "MedicalWebPage" },
        pageDesignType: "listing",
      },
      site,
    );
    expect(tags[0]).toEqual({ title: "Services" });
    expect(find(tags, "name", "description")?.content).toBe("What we offer");
    expect(find(tags, "name", "keywords")?.content).toBe("therapy, psychiatry");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://clinic.example/services");
    expect(find(tags, "property", "og:image")?.content).toBe("https://clinic.example/images/services.png");
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "article:published_time")?.content).toBe("2026-01-02");
    expect(find(tags, "property", "article:modified_time")?.content).toBe("2026-02-03");
    expect(find(tags, "name", "author")?.content).toBe("Dr. Example");
    expect(find(tags, "name", "page-design-type")?.content).toBe("listing");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(tags.some((t) => "script:ld+json" in t)).toBe(true);
  });

  it("falls back to the default social image, type website and the current path", () => {
    const tags = pageMeta({ title: "T", description: "D" }, { ...site, pathname: "//team//" });
    expect(find(tags, "property", "og:image")?.content).toBe("https://clinic.example/og-default.png");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://clinic.example/team");
    expect(tags.some((t) => "script:ld+json" in t)).toBe(false);
  });
});
