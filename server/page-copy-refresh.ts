import type { Logger } from "./logger";
import type { PageCopies } from "./page-copies";

/** The key the 404 page's copy is kept under (no page has this path). */
export const NOT_FOUND_COPY = "(not found)";
/** Pages outside the sitemap that a visitor can land on: where a form posted without JavaScript leads. */
export const EXTRA_COPY_PATHS = ["/thank-you"];
/** A path no page has, read to keep the 404 page; a bot's user agent keeps it out of the 404 monitor. */
const NOT_FOUND_PROBE = "/page-copy-probe-for-the-not-found-page";
export const PAGE_COPY_USER_AGENT = "ClinicSitePageCopy/1.0 (+bot; the site's own last good copies)";
/** Headers that belong to the document itself; the transport's (encoding, length, date, ETag) are made anew. */
const KEPT_HEADERS = new Set(["content-type", "content-security-policy", "x-robots-tag", "link", "content-language"]);
/** Set on every answer made from a copy: such an answer is never itself kept as a copy. */
export const STALE_HEADER = "X-Page-Copy";

/**
 * Renders the sitemap's pages, the 404 page and the thank-you page through
 * this server itself (each GET also fills the page cache, as a visitor's
 * would) and keeps every one that was drawn with the database answering.
 * One page at a time, in the background: never in the way of the start or
 * of visitors. A refresh asked for while one runs runs once after it.
 */
export function createCopyRefresher(options: { copies: PageCopies; selfUrl: () => string | null; logger: Logger }) {
  const { copies, logger } = options;
  let running: Promise<void> | undefined;
  let again = false;

  async function read(base: string, pathname: string) {
    const res = await fetch(`${base}${pathname}`, {
      redirect: "manual",
      headers: { "user-agent": PAGE_COPY_USER_AGENT, accept: "text/html" },
      signal: AbortSignal.timeout(30_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return { res, body };
  }

  async function refreshOnce() {
    const base = options.selfUrl();
    if (!base) return;
    const started = performance.now();
    const { res: sitemap, body } = await read(base, "/sitemap.xml");
    if (sitemap.status !== 200 || sitemap.headers.has(STALE_HEADER)) return;
    const paths = new Set(EXTRA_COPY_PATHS);
    for (const [, loc] of body.toString("utf8").matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
      try {
        paths.add(new URL(loc.replace(/&amp;/g, "&")).pathname);
      } catch {
        // Not a URL: nothing to read.
      }
    }
    let complete = true;
    let saved = 0;
    const targets: [string, string, number][] = [...paths].map((p) => [p, p, 200]);
    targets.push([NOT_FOUND_COPY, NOT_FOUND_PROBE, 404]);
    for (const [key, pathname, expected] of targets) {
      try {
        const { res, body: page } = await read(base, pathname);
        const isHtml = (res.headers.get("content-type") ?? "").startsWith("text/html");
        if (res.status !== expected || !isHtml || res.headers.has(STALE_HEADER)) {
          // A page that now redirects or is gone is simply not kept; an outage leaves the old copies alone.
          if (res.status >= 500 || res.headers.has(STALE_HEADER)) complete = false;
          continue;
        }
        const headers: [string, string][] = [];
        res.headers.forEach((value, name) => {
          if (KEPT_HEADERS.has(name)) headers.push([name, value]);
        });
        copies.save({ path: key, status: expected, headers, body: page, savedAt: new Date().toISOString() });
        saved += 1;
      } catch {
        complete = false;
      }
    }
    if (complete) copies.keepOnly(new Set([...paths, NOT_FOUND_COPY]));
    // Info: once per start and per content change, and benchmarks wait for it before they measure.
    logger.info(
      { pages: saved, complete, ms: Math.round(performance.now() - started) },
      "refreshed the last good copies of public pages",
    );
  }

  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = refreshOnce()
      .catch((error) => logger.warn({ err: { name: (error as Error)?.name } }, "refreshing the page copies failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void refresh();
        }
      });
    return running;
  };

  return {
    refresh,
    /** Resolves when no refresh runs (for tests). */
    idle: () => running ?? Promise.resolve(),
  };
}
