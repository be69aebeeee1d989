import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated } from "../setup/page-assertions";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";
import { axeViolations } from "../setup/axe";

const widths = [
  ["375px", MOBILE],
  ["1280px", DESKTOP],
] as const;

/** What the keyboard user sees of the element that has focus now. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    // A link that wraps onto two lines has a box whose centre may fall between its two pieces: look at
    // the centre of its largest piece (its own box for anything else).
    const piece = [...el.getClientRects()].reduce<DOMRect>(
      (largest, r) => (r.width * r.height > largest.width * largest.height ? r : largest),
      el.getClientRects()[0] ?? rect,
    );
    const cx = Math.min(Math.max(piece.left + piece.width / 2, 0), window.innerWidth - 1);
    const cy = Math.min(Math.max(piece.top + piece.height / 2, 0), window.innerHeight - 1);
    const atCenter = document.elementFromPoint(cx, cy);
    return {
      element: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      boxShadow: style.boxShadow,
      width: rect.width,
      height: rect.height,
      inViewport: rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth,
      shown: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
      // Nothing (a sticky bar, say) sits on top of it.
      notCovered: !!atCenter && (el === atCenter || el.contains(atCenter)),
    };
  });
}

describe("accessibility", () => {
  let server: TestServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function visit(path: string, viewport = DESKTOP, javaScriptEnabled = true) {
    const opened = await browser.open({ viewport, javaScriptEnabled });
    await opened.page.goto(`${server.url}${path}`);
    if (javaScriptEnabled) await hydrated(opened.page);
    await opened.page.waitForLoadState("networkidle");
    return opened;
  }

  /** Tab from the top: the skip link first, then 40 stops, each one visibly focused and on screen. */
  async function walkWithTab(page: Page) {
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const first = await describeFocus(page);
    // Visible when focused: really on screen, not a 1px visually-hidden box.
    expect(first).toMatchObject({ shown: true, inViewport: true, notCovered: true });
    expect(first!.width).toBeGreaterThan(40);
    expect(first!.height).toBeGreaterThan(16);

    const problems: string[] = [];
    for (let stop = 1; stop <= 40; stop++) {
      if (stop > 1) await page.keyboard.press("Tab");
      const focus = await describeFocus(page);
      if (!focus) {
        problems.push(`stop ${stop}: focus left the page`);
        continue;
      }
      const outlined = focus.outlineStyle !== "none" && focus.outlineWidth >= 2;
      const shadowed = focus.boxShadow !== "none";
      if (!outlined && !shadowed) problems.push(`stop ${stop} ${focus.element}: no focus indicator`);
      if (!focus.shown || focus.width === 0 || focus.height === 0)
        problems.push(`stop ${stop} ${focus.element}: hidden`);
      if (!focus.inViewport) problems.push(`stop ${stop} ${focus.element}: outside the window`);
      if (!focus.notCovered) problems.push(`stop ${stop} ${focus.element}: covered by something else`);
    }
    expect(problems).toEqual([]);
  }

  describe.each(widths)("axe (WCAG 2.2 A/AA) at %s", (_label, viewport) => {
    it.each(["/", "/medication-management", "/definitely-missing"])("finds no violations on %s", async (path) => {
      const { page, errors } = await visit(path, viewport);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it("axe finds no violations on '/' at 375px with the menu open", async () => {
    const { page } = await visit("/", MOBILE);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  describe.each(widths)("keyboard at %s", (_label, viewport) => {
    it("Tab reaches the skip link first, then 40 stops that all show where focus is", async () => {
      const { page } = await visit("/", viewport);
      await walkWithTab(page);
    });

    it("Enter on the skip link moves focus to the main content", async () => {
      const { page } = await visit("/", viewport);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      const main = page.getByRole("main");
      await expect.poll(() => main.evaluate((el) => el === document.activeElement)).toBe(true);
      // The next Tab continues inside the main content.
      await page.keyboard.press("Tab");
      expect(await main.evaluate((el) => el.contains(document.activeElement) && el !== document.activeElement)).toBe(
        true,
      );
    });
  });

  // Then nothing lays the home page's skipped sections out ahead (app/document/below-fold.tsx);
  // the root's <noscript> style keeps them from being skipped at all.
  it("Tab shows where focus is at every stop without JavaScript too, at 375px", async () => {
    const { page } = await visit("/", MOBILE, false);
    await walkWithTab(page);
  });

  it("every visible link and button on '/' at 375px is at least 24×24 px, or is a link inside a sentence", async () => {
    const { page } = await visit("/", MOBILE);
    const small = await page.evaluate(() => {
      const targets = document.querySelectorAll<HTMLElement>("a[href], button, summary, [role=button], [role=link]");
      const found: string[] = [];
      let checked = 0;
      for (const el of targets) {
        const rect = el.getBoundingClientRect();
        if (!el.checkVisibility({ visibilityProperty: true }) || rect.width <= 1 || rect.height <= 1) continue;
        checked++;
        // WCAG 2.5.8 exception: a target in a sentence or block of text.
        if (getComputedStyle(el).display === "inline") continue;
        if (rect.width < 24 - 0.01 || rect.height < 24 - 0.01) {
          found.push(`${el.outerHTML.slice(0, 120)} is ${rect.width.toFixed(1)}×${rect.height.toFixed(1)}`);
        }
      }
      return { checked, found };
    });
    expect(small.checked).toBeGreaterThan(30);
    expect(small.found).toEqual([]);
  });
});
