import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyseSite } from "~/features/seo-audit/analyse-site.server";
import type { AuditOutcome } from "~/features/seo-audit/audit-types";
import { crawlSite, type CrawlProgress, type CrawlResult } from "~/features/seo-audit/crawl.server";
import { PROBLEM_CODES } from "~/features/seo-audit/problem-catalogue";
import { problemParticulars } from "~/features/seo-audit/problem-words";
import { startFixtureSite, type FixtureSite } from "../setup/seo-fixture-site";

/**
 * The site audit's crawl and checks against a web site on loopback whose
 * pages each plant one kind of problem (tests/setup/seo-fixture-site.ts):
 * every kind is named on the page that plants it, and nowhere is anything
 * named that was not planted; the clean page has no problem at all.
 */
describe("the site audit on a fixture site", () => {
  let site: FixtureSite;
  let crawl: CrawlResult;
  let outcome: AuditOutcome;
  const progress: CrawlProgress[] = [];

  beforeAll(async () => {
    site = await startFixtureSite();
    crawl = await crawlSite({
      origin: site.url,
      publicUrl: site.url,
      redirectPaths: ["/from-table"],
      onProgress: (p) => progress.push(p),
    });
    outcome = analyseSite(crawl, {
      publicUrl: site.url,
      speed: new Map([
        ["/slow", { p75Ms: 5200, samples: 20 }],
        ["/meh", { p75Ms: 3100, samples: 20 }],
        ["/few-visits", { p75Ms: 9000, samples: 2 }],
        ["/clean", { p75Ms: 1200, samples: 50 }],
      ]),
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  const codesAt = (path: string) =>
    outcome.problems
      .filter((p) => p.path === path)
      .map((p) => p.code)
      .sort();

  it("reads the sitemap, robots.txt, the route-table pages, the redirect table and every link, once each", () => {
    expect(crawl.robotsError).toBeNull();
    expect(crawl.sitemapError).toBeNull();
    expect(crawl.sitemap.has("/orphan")).toBe(true);
    // Found only by a link (not in the sitemap), only from the sitemap, only from the redirect table.
    for (const path of ["/unlisted", "/orphan", "/from-table", "/nowhere", "/gone"])
      expect(crawl.addresses.has(path)).toBe(true);
    // A link's query string and fragment name the same page: /old?utm_source=mail#top is /old.
    expect([...crawl.addresses.keys()].filter((p) => p.startsWith("/old"))).toEqual(["/old"]);
    // Files and images are not pages.
    expect(crawl.addresses.has("/photo.png")).toBe(false);
    const last = progress.at(-1)!;
    expect(last).toEqual({ found: crawl.addresses.size, done: crawl.addresses.size });
    expect(progress.length).toBeGreaterThan(10);
  });

  it("names every kind of problem the catalogue knows, each on the page that plants it", () => {
    const planted = new Set(Object.values(site.expected).flat());
    expect([...planted].sort()).toEqual([...PROBLEM_CODES].sort());
    for (const [path, codes] of Object.entries(site.expected)) {
      expect(codesAt(path), path).toEqual([...codes].sort());
    }
  });

  it("names nothing that was not planted, anywhere", () => {
    const unplanned = outcome.problems.filter((p) => !(p.path in site.expected));
    expect(unplanned).toEqual([]);
  });

  it("finds nothing wrong with the clean page, scores it 100 and reads its facts", () => {
    const clean = outcome.rows.find((row) => row.path === "/clean")!;
    expect(codesAt("/clean")).toEqual([]);
    expect(clean).toMatchObject({
      status: 200,
      kind: "page",
      indexable: true,
      notIndexable: [],
      inSitemap: true,
      title: "Winter Park clinic fixture page /clean",
      titleChars: 38,
      h1Count: 1,
      imagesWithoutAlt: 0,
      lcpP75Ms: 1200,
      lcpSamples: 50,
      lastModified: "2026-11-01T10:00:00.000Z",
      score: 100,
      problemCounts: { error: 0, warning: 0, notice: 0 },
      openGraphMissing: [],
      twitterMissing: [],
    });
    expect(clean.structuredTypes).toEqual(expect.arrayContaining(["MedicalClinic", "BreadcrumbList"]));
    expect(clean.structuredItems.every((item) => item.missingRequired.length === 0)).toBe(true);
    expect(clean.headings.map((h) => h.level)).toEqual([1, 2, 3]);
    expect(clean.wordCount).toBeGreaterThanOrEqual(150);
    // Every page links to it from its menu (and redirects that end there count too).
    expect(clean.linksIn).toBeGreaterThan(30);
  });

  it("tells why an address cannot be found in search", () => {
    const why = (path: string) => outcome.rows.find((row) => row.path === path)!.notIndexable;
    expect(why("/noindex-listed")).toEqual(["noindex"]);
    expect(why("/private/page")).toEqual(["robots"]);
    expect(why("/canonical-elsewhere")).toEqual(["canonical-elsewhere"]);
    expect(why("/old")).toEqual(["redirects"]);
    expect(why("/nowhere")).toEqual(["not-found"]);
    expect(why("/error")).toEqual(["error"]);
    expect(outcome.rows.find((row) => row.path === "/unlisted")).toMatchObject({ indexable: true, inSitemap: false });
  });

  it("follows redirects hop by hop and keeps each problem's particulars as data", () => {
    const chain = outcome.problems.find((p) => p.path === "/chain-start" && p.code === "redirect-chain")!;
    expect(chain.details.hops).toEqual(["/chain-start", "/chain-middle", "/clean"]);
    const loop = outcome.problems.find((p) => p.path === "/loop-a")!;
    expect(loop.details.hops).toEqual(["/loop-a", "/loop-b", "/loop-a"]);
    const broken = outcome.problems.filter((p) => p.path === "/links" && p.code === "broken-link");
    expect(broken.map((p) => [p.details.target, p.details.status]).sort()).toEqual([
      ["/error", 500],
      ["/loop-a", 0],
      ["/nowhere", 404],
      ["/to-missing", 404],
    ]);
    const long = outcome.problems.find((p) => p.code === "title-too-long")!;
    expect(problemParticulars(long.code, long.details)).toMatch(
      /^83 characters, \d+ px wide; a result shows about 60 characters/,
    );
    const duplicate = outcome.problems.find((p) => p.path === "/dup-a" && p.code === "title-duplicate")!;
    expect(problemParticulars(duplicate.code, duplicate.details)).toBe(
      "“Psychiatry and Therapy in Winter Park for Adults | Clinic” is also used on /dup-b.",
    );
    const slow = outcome.problems.find((p) => p.code === "lcp-poor")!;
    expect(problemParticulars(slow.code, slow.details)).toBe(
      "Main content shown within 5.2 s for three visits in four (20 measurements).",
    );
  });

  it("scores pages by their problems' severities and the site as their average", () => {
    const score = (path: string) => outcome.rows.find((row) => row.path === path)!.score;
    expect(score("/no-title")).toBe(80); // one "must fix"
    expect(score("/thin")).toBe(92); // one "should fix"
    expect(score("/short-title")).toBe(98); // one "worth a look"
    // Four broken links are one kind (−20), two links through redirects another (−2).
    expect(score("/links")).toBe(78);
    // Addresses that are not pages have no score.
    expect(score("/old")).toBeNull();
    expect(score("/error")).toBeNull();
    const pages = outcome.rows.filter((row) => row.score !== null);
    expect(outcome.siteScore).toBe(Math.round(pages.reduce((n, row) => n + row.score!, 0) / pages.length));
  });
});
