import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metaContents } from "../setup/html";
import { isNoindex, pageProblems } from "../setup/page-seo-checks";
import { startServer, type TestServer } from "../setup/server";
import { siteReader, sitemapPaths, type CrawledPage } from "../setup/site-crawl";
import { seededSitemapPaths, UNLISTED_PAGES } from "../setup/site-pages";

const PUBLIC_URL = "https://clinic.example";
const SITEMAP = await seededSitemapPaths();
/** Every page these tests check one by one: the sitemap's and the noindex ones a visitor reaches. */
const PAGES = [...new Set(["/", ...SITEMAP, ...UNLISTED_PAGES])];

/**
 * The site as a search engine crawls it, one test per page (named by its
 * path): the page, every internal link on it and its og:image answer 200,
 * and its markup has what search engines and screen readers need. Each
 * address is fetched once for the whole file (siteReader). Pages reached only
 * through links (a list's second page, say) get the same checks in one test
 * after them.
 */
describe("site crawl", () => {
  let server: TestServer;
  let sitemap: { paths: string[]; locs: string[] };
  const site = siteReader(() => server.url, PUBLIC_URL);
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
    sitemap = await sitemapPaths(server.url, PUBLIC_URL);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** What is wrong with one HTML page: its own markup, its links, its og:image. */
  async function problemsOf(page: CrawledPage): Promise<string[]> {
    const problems = pageProblems(page, PUBLIC_URL);
    for (const target of site.links(page)) {
      const linked = await site.get(target);
      if (linked.status !== 200)
        problems.push(`link to ${target} answered ${linked.status}${linked.location ? ` → ${linked.location}` : ""}`);
    }
    for (const image of metaContents(page.html ?? "", "og:image")) {
      if (!image.startsWith(`${PUBLIC_URL}/`)) continue;
      const res = await get(image.slice(PUBLIC_URL.length));
      if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("image/"))
        problems.push(`og:image ${image} answered ${res.status}`);
      await res.arrayBuffer();
    }
    return problems;
  }

  it("has a test for every page the sitemap lists, and they are many", () => {
    expect(sitemap.paths).toEqual(SITEMAP);
    expect(PAGES.length).toBeGreaterThan(20);
  });

  it.each(PAGES)(
    "%s: answers 200 with one h1, a short title, JSON-LD, its search metadata, and working links",
    async (path) => {
      const page = await site.get(path);
      expect(page.status, `${path} answered`).toBe(200);
      expect(page.html, `${path} is an HTML page`).toBeDefined();
      // The sitemap lists only pages that may be indexed.
      if (SITEMAP.includes(path)) expect(isNoindex(page), `${path} is in the sitemap but noindex`).toBe(false);
      expect(await problemsOf(page)).toEqual([]);
    },
  );

  it("every page reached only through links answers 200 and passes the same checks", async () => {
    const checked = new Set(PAGES);
    const queue = [...PAGES];
    const problems: string[] = [];
    // Breadth-first through the links of every page, stopping at pages that have a test of their own.
    for (let i = 0; i < queue.length; i++) {
      const page = await site.get(queue[i]!);
      if (!page.html) continue;
      for (const target of site.links(page)) {
        if (checked.has(target)) continue;
        checked.add(target);
        queue.push(target);
        const linked = await site.get(target);
        if (linked.html) problems.push(...(await problemsOf(linked)).map((p) => `${target}: ${p}`));
      }
    }
    // (Their statuses were checked with the links of the page they were found on.)
    expect(queue.length).toBeGreaterThan(PAGES.length);
    expect(problems).toEqual([]);
  });

  describe("sitemap.xml", () => {
    it("is XML of absolute URLs under the public URL, each with a valid lastmod if any", async () => {
      const res = await get("/sitemap.xml");
      expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
      const xml = await res.text();
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      expect(sitemap.locs.length).toBeGreaterThan(20);
      expect(sitemap.locs.filter((loc) => !loc.startsWith(`${PUBLIC_URL}/`))).toEqual([]);
      expect(new Set(sitemap.locs).size).toBe(sitemap.locs.length);
      for (const [, lastmod] of xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) {
        expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      }
      for (const path of ["/", "/request-appointment", "/get-started"]) expect(sitemap.paths).toContain(path);
    });

    it("is served from the page cache until the content changes", async () => {
      await get("/sitemap.xml");
      expect((await get("/sitemap.xml")).headers.get("x-cache")).toBe("HIT");
    });
  });

  it("serves robots.txt as plain text naming the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/public/);
    expect(await res.text()).toBe(
      [
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /auth",
        "Disallow: /thank-you",
        "Disallow: /api",
        "Disallow: /newsletter",
        "",
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });

  it.each(["/auth", "/thank-you"])("keeps %s out of search results", async (path) => {
    const res = await get(path);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const html = await res.text();
    expect(metaContents(html, "robots")).toEqual([expect.stringMatching(/noindex/)]);
  });

  // A crawler is never signed in: the staff area only ever sends it to /auth, marked noindex
  // (the signed-in pages' robots meta is checked in tests/e2e/staff-access.test.ts).
  it.each(["/admin", "/admin/seo"])("keeps %s out of search results", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/auth/);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
  });

  describe("redirects to the canonical path", () => {
    it.each([
      ["/medication-management/", "/medication-management"],
      ["//medication-management", "/medication-management"],
      ["/medication-management//?utm_source=x&b=%2F", "/medication-management?utm_source=x&b=%2F"],
      ["/sitemap.xml/", "/sitemap.xml"],
    ])("%s → 301 %s", async (path, target) => {
      const res = await get(path);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(target);
    });

    it("even when the canonical page is in the page cache", async () => {
      await get("/aetna");
      expect((await get("/aetna")).headers.get("x-cache")).toBe("HIT");
      const res = await get("/aetna/");
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/aetna");
    });

    it("but never for a form post", async () => {
      const res = await get("/newsletter/", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=someone%40example.com",
      });
      expect(res.status).not.toBe(301);
      expect(res.headers.get("location")).toBeNull();
    });
  });
});
