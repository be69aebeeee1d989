import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metaContents } from "../setup/html";
import { isNoindex, pageProblems } from "../setup/page-seo-checks";
import { startServer, type TestServer } from "../setup/server";
import { crawlSite, sitemapPaths, type Crawl } from "../setup/site-crawl";

const PUBLIC_URL = "https://clinic.example";

/** Some of the pages that link to a path, to say where a broken link is. */
const foundOn = (crawl: Crawl, path: string) => {
  const from = [...(crawl.linkedFrom.get(path) ?? [])];
  return from.slice(0, 3).join(", ") + (from.length > 3 ? ` and ${from.length - 3} more` : "");
};

describe("site crawl", () => {
  let server: TestServer;
  let crawl: Crawl;
  let sitemap: { paths: string[]; locs: string[] };
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
    sitemap = await sitemapPaths(server.url, PUBLIC_URL);
    crawl = await crawlSite({
      baseUrl: server.url,
      publicUrl: PUBLIC_URL,
      start: [{ path: "/", from: "(start)" }, ...sitemap.paths.map((path) => ({ path, from: "/sitemap.xml" }))],
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finds the site's pages", () => {
    const html = [...crawl.pages.values()].filter((p) => p.html);
    expect(html.length).toBeGreaterThan(20);
  });

  it("every internal link answers 200", () => {
    const broken = [...crawl.pages.values()]
      .filter((p) => p.status !== 200)
      .map(
        (p) =>
          `${p.path} answered ${p.status}${p.location ? ` → ${p.location}` : ""} (found on ${foundOn(crawl, p.path)})`,
      );
    expect(broken).toEqual([]);
  });

  it("every HTML page has one h1, a short title, parseable JSON-LD and, if indexable, its search metadata", () => {
    const problems = [...crawl.pages.values()]
      .filter((p) => p.html)
      .flatMap((p) => pageProblems(p, PUBLIC_URL).map((problem) => `${p.path}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it("every page's og:image loads", async () => {
    const images = new Set([...crawl.pages.values()].flatMap((p) => metaContents(p.html ?? "", "og:image")));
    const failing: string[] = [];
    for (const image of images) {
      if (!image.startsWith(`${PUBLIC_URL}/`)) continue;
      const res = await get(image.slice(PUBLIC_URL.length));
      if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("image/"))
        failing.push(`${image}: ${res.status}`);
      await res.arrayBuffer();
    }
    expect(failing).toEqual([]);
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

    it("lists only pages that answer 200 and may be indexed", () => {
      const problems = sitemap.paths.flatMap((path) => {
        const page = crawl.pages.get(path)!;
        if (page.status !== 200) return [`${path} answered ${page.status}`];
        return page.html && isNoindex(page) ? [`${path} is noindex`] : [];
      });
      expect(problems).toEqual([]);
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
