import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated } from "../setup/page-assertions";
import { MOBILE, useBrowser } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";

/** Twelve phone screens (issue 20): a home page people scan rather than scroll through. */
const MAX_SCREENS = 12;

describe("the home page on a phone", () => {
  let server: TestServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`is at most ${MAX_SCREENS} screens long at 375 × 812, every section the spec orders still there`, async () => {
    const { page, errors } = await browser.open({ viewport: MOBILE });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    // The sections below the fold skip layout until near the screen (content-visibility, decision 0019),
    // so scroll through as a visitor does: each is then laid out at its real height.
    for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += MOBILE.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    const sections = await page.evaluate(() =>
      [...document.querySelectorAll("main > *, main section, footer")].map((el) => ({
        name: el.getAttribute("aria-labelledby") ?? el.getAttribute("data-section") ?? el.tagName.toLowerCase(),
        height: Math.round(el.getBoundingClientRect().height),
      })),
    );
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, JSON.stringify(sections)).toBeLessThanOrEqual(MAX_SCREENS * MOBILE.height);
    for (const name of ["testimonials", "team", "conditions", "faq", "locations"])
      expect(await page.locator(`[data-section="${name}"]`).count(), name).toBe(1);
    expect(errors).toEqual([]);
  });
});
