import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../setup/axe";
import { MOBILE, useBrowser } from "../setup/browser";
import { copyPgliteTemplate } from "../setup/database";
import { hydrated } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

/**
 * The staff area on a 375 px phone (issue 20): nothing is cut off at the
 * window's edge. A table too wide for the screen sits in a labelled scroll
 * region that takes focus and shows a shadow on the edge with more beyond it
 * (or its rows stack); the staff tab bar wraps, so "Your account" shows.
 */
const PAGES = [
  "/admin",
  "/admin/audit",
  "/admin/staff",
  "/admin/account",
  "/admin/lead-insights",
  "/admin/lead-insights/leads",
  "/admin/analytics",
  "/admin/analytics/speed",
  "/admin/seo",
  "/admin/seo/redirects",
  "/admin/content",
  "/admin/blog",
];

interface Clipped {
  what: string;
  right: number;
}

/** What sticks out past the window's right edge without a scroll region to reach it, and the scroll regions' state. */
function layoutAt375(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX === "auto" || style.overflowX === "scroll";
    };
    const clipped: Clipped[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (el.closest(".sr-only")) continue;
      // Inside a region that scrolls it into view: fine.
      let parent = el.parentElement;
      let reachable = false;
      while (parent && parent !== document.body) {
        if (scrollsSideways(parent) && parent.getBoundingClientRect().right <= width + 1) reachable = true;
        parent = parent.parentElement;
      }
      if (!reachable)
        clipped.push({
          what: `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80),
          right: Math.round(box.right),
        });
    }
    const regions = [...document.querySelectorAll("main *")]
      .filter((el) => scrollsSideways(el) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => ({
        role: el.getAttribute("role"),
        label: el.getAttribute("aria-label"),
        focusable: (el as HTMLElement).tabIndex === 0,
        shadow: getComputedStyle(el).backgroundImage.includes("radial-gradient"),
      }));
    return { pageWidth: document.documentElement.scrollWidth, clipped, regions };
  });
}

describe("the staff area at 375 px", () => {
  let server: TestServer;
  const browser = useBrowser();
  let cookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("staff-small");
    const [admin] = await addStaffTo({ dataDir }, [
      { name: "Rowan Fictional", email: "rowan.fictional@cypresslane.example", roles: ["admin"] },
    ]);
    server = await startServer({ dataDir });
    cookie = await signInCookie(server.url, admin!.email);
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  async function visit(path: string) {
    const opened = await browser.open({ viewport: MOBILE });
    await addSessionCookie(opened.context, server.url, cookie);
    await opened.page.goto(`${server.url}${path}`);
    await hydrated(opened.page);
    return opened;
  }

  it.each(PAGES)("%s: nothing cut off, wide tables in a marked scroll region, axe clean", async (path) => {
    const { page, errors } = await visit(path);
    const layout = await layoutAt375(page);
    expect(layout.pageWidth).toBeLessThanOrEqual(MOBILE.width);
    expect(layout.clipped).toEqual([]);
    for (const region of layout.regions) {
      expect(region).toEqual({ role: "region", label: expect.any(String), focusable: true, shadow: true });
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the tab bar shows every link within the window, Your account included", async () => {
    const { page } = await visit("/admin");
    const nav = page.getByRole("navigation", { name: "Staff area" });
    const links = nav.getByRole("link");
    expect(await links.count()).toBeGreaterThan(5);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    }
    const account = nav.getByRole("link", { name: "Your account" });
    expect(await account.isVisible()).toBe(true);
  });

  it("a table wider than the phone shows a shadow at its edge and scrolls from the keyboard", async () => {
    const { page } = await visit("/admin/audit");
    const region = page
      .getByRole("region")
      .filter({ has: page.locator("table") })
      .first();
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(await region.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("radial-gradient");
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("End");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
