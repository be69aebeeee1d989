import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WCAG_TAGS } from "../setup/axe";
import { hydrated } from "../setup/page-assertions";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";
import { sitemapPaths } from "../setup/site-crawl";
import { seededSitemapPaths, UNLISTED_PAGES } from "../setup/site-pages";

const PUBLIC_URL = "https://clinic.example";

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

const SITEMAP = await seededSitemapPaths();
const PAGES = [...new Set(["/", ...SITEMAP, ...UNLISTED_PAGES, "/request-appointment", "/get-started"])];

/**
 * axe (WCAG 2.2 A/AA) over every public page, hydrated: one test per page,
 * named by its path, so a slow or failing page names itself. The first page
 * of each template (in the order below) is checked whole at 375px and at
 * 1280px; the others only their <main>, at 375px: the header, footer and
 * sticky bar are the same frame everywhere, and what changes with the width
 * (the grid, the navigation, target sizes) belongs to the template, which is
 * checked at both widths. What a page adds within a template (its words, its
 * links, its images' alt text, its headings) does not change with the width.
 * Checking every page at both widths took six minutes of the CI's thirty on
 * two cores. One browser and one server for the file; a fresh context per
 * page and width.
 */
describe("accessibility of every public page", () => {
  const browser = useBrowser();
  let server: TestServer;
  /** Template → the first page checked with it (the tests run in order). */
  const templates = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has a test for every page the sitemap lists", async () => {
    expect((await sitemapPaths(server.url, PUBLIC_URL)).paths).toEqual(SITEMAP);
  });

  it("puts the inner pages' side column beside the reading column from 1024 px and after it on a phone", async () => {
    const paths = ["/insurance", "/team/maya-ellison", "/locations/winter-park", "/blog", "/request-appointment"];
    const boxes = async (viewport: typeof MOBILE) => {
      const { page } = await browser.open({ viewport });
      const found: Record<string, { main: DOMRect; side: DOMRect; frame: DOMRect }> = {};
      for (const path of paths) {
        await page.goto(`${server.url}${path}`);
        found[path] = await page.evaluate(() => {
          const frame = document.querySelector("[data-inner-page]")!;
          const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
          return { frame: box(frame), main: box(frame.firstElementChild!), side: box(frame.lastElementChild!) };
        });
      }
      return found;
    };
    const wide = await boxes(DESKTOP);
    const phone = await boxes(MOBILE);
    for (const path of paths) {
      const { main, side, frame } = wide[path]!;
      expect(side.left, `${path} at 1280px: beside`).toBeGreaterThanOrEqual(main.right);
      expect(side.top, `${path} at 1280px: level with the content`).toBeLessThan(main.top + 50);
      expect(side.width, path).toBeGreaterThanOrEqual(250);
      // One container for every inner page, /request-appointment included.
      expect(frame.width, path).toBe(wide["/insurance"]!.frame.width);
      const small = phone[path]!;
      expect(small.side.top, `${path} at 375px: after the content`).toBeGreaterThanOrEqual(small.main.bottom);
      expect(small.side.left, path).toBe(small.main.left);
    }
  });

  it.each(PAGES)("%s", async (path) => {
    const problems: string[] = [];
    let whole: boolean | undefined;
    for (const [width, viewport] of [
      ["375px", MOBILE],
      ["1280px", DESKTOP],
    ] as const) {
      if (whole === false) break; // not the first of its template: its <main> at 375px is what it adds
      const { page } = await browser.open({ viewport });
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), `${path} answered`).toBe(200);
      await hydrated(page);
      if (whole === undefined) {
        const template = await templateOf(page);
        whole = !templates.has(template);
        if (whole) templates.set(template, path);
      }
      problems.push(...(await violations(page, !whole)).map((line) => `at ${width}: ${line}`));
    }
    expect(problems).toEqual([]);
  });
});
