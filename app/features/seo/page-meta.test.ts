import { describe, expect, it } from "vitest";
import type { SiteContent } from "~/features/content/site-content";
import { pageMeta, type MetaRoot } from "./page-meta";

/** The root loader's data as pageMeta reads it: the site's name and address (and, below, a page's settings). */
const root: MetaRoot = { publicUrl: "https://clinic.example", site: { clinicName: "Cypress Lane" } as SiteContent };
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
      root,
      "/services/",
    );
    expect(tags[0]).toEqual({ title: "Services" });
    expect(find(tags, "property", "og:site_name")?.content).toBe("Cypress Lane");
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
    const tags = pageMeta({ title: "T", description: "D" }, root, "//team//");
    expect(find(tags, "property", "og:image")?.content).toBe("https://clinic.example/og-default.png");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://clinic.example/team");
    expect(tags.some((t) => "script:ld+json" in t)).toBe(false);
  });

  it("writes one structured-data script per block, in order, whether given one block or a list", () => {
    const blocks = (tags: ReturnType<typeof pageMeta>) =>
      tags.flatMap((t) => ("script:ld+json" in t ? [t["script:ld+json"]] : []));
    const one = { "@type": "WebPage" };
    const list = [{ "@type": "MedicalWebPage" }, { "@type": "BreadcrumbList", itemListElement: [{ position: 1 }] }];
    expect(blocks(pageMeta({ title: "T", description: "D", jsonLd: one }, root, "/"))).toEqual([one]);
    expect(blocks(pageMeta({ title: "T", description: "D", jsonLd: list }, root, "/"))).toEqual(list);
    expect(blocks(pageMeta({ title: "T", description: "D", jsonLd: [] }, root, "/"))).toEqual([]);
  });

  it("applies a page's settings: title, description, canonical, robots and the social tags", () => {
    // The root loader sends the addresses absolute (publicSettingsOf, page-settings.server.test.ts).
    const tags = pageMeta(
      { title: "Own title", description: "Own description", ogImage: "/images/own.png", canonicalPath: "/services" },
      {
        ...root,
        pageSettings: {
          title: "Set title",
          description: "Set description",
          canonical: "https://clinic.example/therapy",
          noindex: true,
          socialImage: "https://cdn.example/card.png",
        },
      },
      "/services/",
    );
    expect(tags[0]).toEqual({ title: "Set title" });
    expect(find(tags, "name", "description")?.content).toBe("Set description");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://clinic.example/therapy");
    expect(find(tags, "property", "og:url")?.content).toBe("https://clinic.example/therapy");
    expect(find(tags, "name", "robots")?.content).toBe("noindex, follow");
    // Without a social title or description of their own, cards follow the search ones.
    expect(find(tags, "property", "og:title")?.content).toBe("Set title");
    expect(find(tags, "name", "twitter:description")?.content).toBe("Set description");
    expect(find(tags, "property", "og:image")?.content).toBe("https://cdn.example/card.png");
    expect(find(tags, "name", "twitter:image")?.content).toBe("https://cdn.example/card.png");
    expect(find(tags, "property", "og:image:width")).toBeUndefined();

    const social = pageMeta(
      { title: "Own title", description: "Own description", noindex: true },
      {
        ...root,
        pageSettings: {
          socialTitle: "Card title",
          socialDescription: "Card words",
          canonical: "https://elsewhere.example/x",
        },
      },
      "/services/",
    );
    expect(social[0]).toEqual({ title: "Own title" });
    expect(find(social, "property", "og:title")?.content).toBe("Card title");
    expect(find(social, "name", "twitter:title")?.content).toBe("Card title");
    expect(find(social, "property", "og:description")?.content).toBe("Card words");
    expect(find(social, "rel", "canonical")?.href).toBe("https://elsewhere.example/x");
    expect(social.filter((t) => (t as Record<string, unknown>).name === "robots")).toHaveLength(1);
    expect(find(social, "property", "og:image:width")?.content).toBe("1200");
  });
});
