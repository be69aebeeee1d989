import { describe, expect, it } from "vitest";
import { parseSitemap } from "./sitemap-read.server";

describe("reading a sitemap", () => {
  it("reads each URL and its lastmod, entities decoded", () => {
    const file = parseSitemap(`<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>https://clinic.example/</loc><lastmod>2026-11-01T10:00:00Z</lastmod></url>
        <url><loc> https://clinic.example/a?x=1&amp;y=2 </loc></url>
      </urlset>`);
    expect(file).toEqual({
      urls: [
        { loc: "https://clinic.example/", lastmod: "2026-11-01T10:00:00Z" },
        { loc: "https://clinic.example/a?x=1&y=2", lastmod: null },
      ],
      sitemaps: [],
    });
  });

  it("reads a sitemap index's files, prefixed or not", () => {
    const file = parseSitemap(`<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sm:sitemap><sm:loc>https://clinic.example/pages.xml</sm:loc></sm:sitemap>
        <sitemap><loc>https://clinic.example/posts.xml</loc></sitemap>
      </sm:sitemapindex>`);
    expect(file).toEqual({
      urls: [],
      sitemaps: ["https://clinic.example/pages.xml", "https://clinic.example/posts.xml"],
    });
  });
});
