import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Waits until React has hydrated the page: the root marks <html data-hydrated>. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { polling: 100 });
}

type Expected = string | RegExp;

/**
 * The rendered text of each element, as a person reads it: scrolled into view
 * first. Sections far down the home page are only laid out near the viewport
 * (content-visibility: auto), and until then the browser reports no rendered
 * text for them. A poll that finds none yet retries after the next frame.
 */
const seenTexts = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((el) => {
      el.scrollIntoView({ block: "nearest" });
      return (el as HTMLElement).innerText;
    }),
  );
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
        ? poll(async () => (await seenTexts(locator)).map((t) => t.trim()), "texts").toEqual(value.map(matcher))
        : poll(
            one(async () => (await seenTexts(locator))[0].trim()),
            "text",
          ).toEqual(matcher(value)),
    contains: (value: string) =>
      poll(
        one(async () => (await seenTexts(locator))[0]),
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

/**
 * Clicks an element the way a person does: scrolled to it first, and pressed
 * only once it stays where it is drawn. Playwright clicks in the very frame
 * it scrolled in; on a page whose sections are laid out as they come near
 * the viewport (content-visibility: auto, the home page's below-fold ones),
 * the sections just reached grow a frame later and move what is below them.
 * A press and release that straddle that move land on two different
 * elements, and the browser then clicks neither.
 */
export async function clickSettled(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  // Where it is drawn in three consecutive frames: the same each time once the layout has settled.
  const steady = () =>
    locator.evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          const seen: string[] = [];
          const sample = () => {
            const { x, y, width, height } = el.getBoundingClientRect();
            seen.push(`${x},${y},${width},${height}`);
            if (seen.length < 3) requestAnimationFrame(sample);
            else resolve(new Set(seen).size === 1);
          };
          requestAnimationFrame(sample);
        }),
    );
  await expect.poll(steady, { message: `${locator} stays in place` }).toBe(true);
  await locator.click();
}

/**
 * Waits until React Router has nothing in flight: no navigation and no
 * revalidation after an action. A press that interrupts a revalidation makes
 * the router abort it, and React Router 7 lets that abort surface as an
 * uncaught "signal is aborted without reason" in the page (remix-run/react-router
 * issue 14203, PR 14761, open): harmless to the person, but the page-error check
 * fails the test. Journeys that press again at once wait for this first.
 */
export async function routerIdle(page: Page) {
  await page.waitForFunction(
    () => {
      const router = (
        window as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } } }
      ).__reactRouterDataRouter;
      return !router || (router.state.navigation.state === "idle" && router.state.revalidation === "idle");
    },
    undefined,
    { polling: 50 },
  );
}
