import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, MOBILE } from "./browser";

/** The rules the site answers to: WCAG 2.2 AA (2.0 and 2.1 A/AA included). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's violations on the page, one readable line each (rule, impact, help, where); [] when clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/**
 * axe at 1280 and at 375 px, with no sideways scroll on the phone; the page is left at 1280 px.
 * Browser files run on one database (decision 0053), so whatever page they check is checked once.
 */
export async function expectAxeCleanAtBothWidths(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(MOBILE);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(DESKTOP);
}
