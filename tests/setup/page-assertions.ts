import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Waits until React has hydrated the page: the root marks <html data-hydrated>. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { polling: 100 });
}

type Expected = string | RegExp;
const matcher = (e: Expected) => (typeof e === "string" ? e : expect.stringMatching(e));

/**
 * Retrying assertions on a Playwright locator (vitest's expect does not know
 * locators): each polls until it holds or 10 s pass.
 */
export function look(locator: Locator, timeout = 10_000) {
  const poll = <T>(fn: () => Promise<T>, what: string) => expect.poll(fn, { timeout, message: `${locator} ${what}` });
  const one =
    <T>(fn: () => Promise<T>) =>
    async () =>
      (await locator.count()) === 1 ? fn() : `(${await locator.count()} elements)`;
  return {
    visible: () => poll(() => locator.isVisible(), "is visible").toBe(true),
    hidden: () => poll(() => locator.isHidden(), "is hidden").toBe(true),
    count: (n: number) => poll(() => locator.count(), "count").toBe(n),
    attribute: (name: string, value: Expected) =>
      poll(
        one(() => locator.getAttribute(name)),
        `[${name}]`,
      ).toEqual(matcher(value)),
    text: (value: Expected | Expected[]) =>
      Array.isArray(value)
        ? poll(async () => (await locator.allInnerTexts()).map((t) => t.trim()), "texts").toEqual(value.map(matcher))
        : poll(
            one(async () => (await locator.innerText()).trim()),
            "text",
          ).toEqual(matcher(value)),
    contains: (value: string) =>
      poll(
        one(() => locator.innerText()),
        "text",
      ).toContain(value),
    focused: () =>
      poll(
        one(() => locator.evaluate((el) => el === document.activeElement)),
        "is focused",
      ).toBe(true),
    value: (value: string) =>
      poll(
        one(() => locator.inputValue()),
        "value",
      ).toBe(value),
    enabled: () =>
      poll(
        one(() => locator.isEnabled()),
        "is enabled",
      ).toBe(true),
    disabled: () =>
      poll(
        one(() => locator.isDisabled()),
        "is disabled",
      ).toBe(true),
    className: (value: RegExp) =>
      poll(
        one(() => locator.getAttribute("class")),
        "class",
      ).toMatch(value),
  };
}
