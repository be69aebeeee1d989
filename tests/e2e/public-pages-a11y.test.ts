import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated } from "../setup/page-assertions";
import { DESKTOP, launchBrowser, MOBILE } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";
import { sitemapPaths } from "../setup/site-crawl";

const PUBLIC_URL = "https://clinic.example";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Public pages that are not in the sitemap (noindex ones), besides every page that is. */
const EXTRA_PAGES = ["/", "/thank-you", "/auth", "/request-appointment", "/get-started"];

/**
 * What makes pages look alike: the route module that drew the page, its
 * design type and its kinds of structured data (a treatment and a legal page
 * share the /{slug} route but not their layout).
 */
function templateOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { matches: { route: { id: string } }[] } } })
      .__reactRouterDataRouter;
    const routes = router?.state.matches.map((m) => m.route.id).filter((id) => id !== "root") ?? [];
    const design = document.querySelector<HTMLMetaElement>('meta[name="page-design-type"]')?.content ?? "";
    const types = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => {
      try {
        const ld = JSON.parse(script.textContent ?? "");
        return [ld]
          .flat()
          .map((node) => [node["@type"] ?? "@graph"].flat().join("+"))
          .join(",");
      } catch {
        return "?";
      }
    });
    return [routes.join(">"), design, ...types].join(" ");
  });
}

/** axe's violations as "rule: target" lines. */
async function violations(page: Page, mainOnly: boolean): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (mainOnly ? builder.include("main") : builder).analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")}`));
}

/** Runs `check` on each path, at most `limit` at a time; its lines come back in the paths' order. */
async function eachPath(paths: string[], limit: number, check: (path: string) => Promise<string[]>) {
  const found = new Map<string, string[]>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      found.set(path, await check(path));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, paths.length) }, worker));
  return paths.flatMap((path) => found.get(path)!.map((line) => `${path} ${line}`));
}

/**
 * axe (WCAG 2.2 A/AA) over every public page at 375px and at 1280px, hydrated.
 * At each width the first page of each template is checked whole and the
 * others only their <main>: the header, footer and sticky bar are the same
 * frame everywhere (tested whole on every template), and checking it 60 times
 * over would take minutes on two cores (1–3 s per page and width).
 * One browser, one context per width, a fresh page per address, two pages at
 * a time (a Chromium renderer keeps one core busy; the server is mostly idle).
 */
describe("accessibility of every public page", () => {
  let server: TestServer;
  let browser: Browser;
  let mobile: BrowserContext;
  let desktop: BrowserContext;
  let paths: string[];
  /** Template → the first page found with it. */
  const templates = new Map<string, string>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { PUBLIC_URL } }), launchBrowser()]);
    [mobile, desktop] = await Promise.all([
      browser.newContext({ viewport: MOBILE }),
      browser.newContext({ viewport: DESKTOP }),
    ]);
    paths = [...new Set([...EXTRA_PAGES, ...(await sitemapPaths(server.url, PUBLIC_URL)).paths])];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the page, hands it to `check` once hydrated, and adds any script error. */
  async function visit(context: BrowserContext, path: string, check: (page: Page) => Promise<string[]>) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`script error: ${error.message}`));
    try {
      const response = await page.goto(`${server.url}${path}`);
      if (response?.status() !== 200) return [`answered ${response?.status()}`];
      await hydrated(page);
      return [...(await check(page)), ...errors];
    } finally {
      await page.close();
    }
  }

  it(
    "every page at 375px (each template's first page whole, the rest their main content)",
    {
      // ~80 s for 61 pages with the machine half busy; room for a busier one.
      timeout: 300_000,
    },
    async () => {
      const problems = await eachPath(paths, 2, (path) =>
        visit(mobile, path, async (page) => {
          const template = await templateOf(page);
          const first = !templates.has(template);
          if (first) templates.set(template, path);
          return violations(page, !first);
        }),
      );
      expect(problems.map((line) => line.replace(/^(\S+) /, "$1 at 375px: "))).toEqual([]);
    },
  );

  it(
    "every page at 1280px (each template's first page whole, the rest their main content)",
    { timeout: 300_000 },
    async () => {
      expect(templates.size).toBeGreaterThan(0);
      const firsts = new Set(templates.values());
      const problems = await eachPath(paths, 2, (path) =>
        visit(desktop, path, (page) => violations(page, !firsts.has(path))),
      );
      expect(problems.map((line) => line.replace(/^(\S+) /, "$1 at 1280px: "))).toEqual([]);
    },
  );
});
