import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export interface LaunchOptions {
  /**
   * Keep the back/forward cache, which Playwright turns off by default
   * (`--disable-back-forward-cache`), for tests of pages restored from it.
   */
  backForwardCache?: boolean;
}

/** Debian Chromium with our flags (scripts/chromium.js). */
function launchBrowser(options: LaunchOptions): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
  });
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught script errors of every page of the context so far (the fixture asserts none after the test). */
  errors: string[];
  /** Closes the context now (it is closed after the test anyway). */
  close: () => Promise<void>;
}

export interface BrowserFixture {
  /** A new context for this test and its first page; both go when the test ends. */
  open(options?: OpenOptions): Promise<OpenedPage>;
  /** Closes every context this test opened, before it ends (to stop the server under them, say). */
  closeAll(): Promise<void>;
}

/**
 * The browser lifecycle of a test file, declared once: one Chromium per file,
 * launched in `beforeAll` (alongside whatever the file's own `beforeAll`
 * starts: call this first) and closed in `afterAll`; a fresh context per call
 * to `open()`, closed after each test; and the page errors of every page of
 * those contexts collected and asserted empty after each test, so a script
 * error anywhere fails the test it happened in.
 */
export function useBrowser(options: LaunchOptions = {}): BrowserFixture {
  let launching: Promise<Browser> | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(() => {
    launching = launchBrowser(options);
    // Awaited (and so reported) by the first open(); never an unhandled rejection.
    launching.catch(() => {});
  });
  afterEach(async () => {
    const these = opened;
    opened = [];
    await Promise.all(these.map((o) => o.close()));
    expect(
      these.flatMap((o) => o.errors),
      "uncaught errors in the test's pages",
    ).toEqual([]);
  });
  afterAll(async () => {
    const browser = await launching?.catch(() => undefined);
    await browser?.close();
  });

  const launched = () => {
    if (!launching)
      throw new Error("useBrowser(): the browser is launched in beforeAll; call open() from a test or hook");
    return launching;
  };

  async function open({ viewport = DESKTOP, javaScriptEnabled = true }: OpenOptions = {}) {
    const context = await (await launched()).newContext({ viewport, javaScriptEnabled });
    const errors: string[] = [];
    const watched = new WeakSet<Page>();
    const watch = (page: Page) => {
      if (watched.has(page)) return;
      watched.add(page);
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    };
    context.on("page", watch);
    let closing: Promise<void> | undefined;
    const page = await context.newPage();
    watch(page);
    const entry: OpenedPage = { page, context, errors, close: () => (closing ??= context.close()) };
    opened.push(entry);
    return entry;
  }

  return {
    open,
    async closeAll() {
      await Promise.all(opened.map((o) => o.close()));
    },
  };
}
