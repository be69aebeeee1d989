import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** A new page that fails the test on any uncaught script error. */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}
