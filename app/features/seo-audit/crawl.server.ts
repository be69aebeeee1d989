import type { PageFacts } from "~/features/seo-text/page-facts.server";
import { factsOf, readPage, SITE_READER_AGENT } from "~/features/seo-text/read-page.server";
import { parseSitemap } from "./sitemap-read.server";
import { internalPathOf, ROUTE_TABLE_PAGES, skipReason } from "./site-paths";
import { CRAWL_CONCURRENCY, MAX_AUDIT_URLS } from "./thresholds";

/**
 * Reads the site as a search engine would, over HTTP, from where this code
 * can reach it (`origin`: a loopback address). Seeds: the URLs of the served
 * /sitemap.xml (and the sitemaps /robots.txt names), the public pages of the
 * route table without a parameter, and the staff redirects' old addresses (so
 * chains, loops and broken targets are found). Then breadth-first over every
 * internal link, up to a bound. Redirects are not followed by the reader: each
 * hop is an address of its own, so chains and loops can be told apart later.
 */

/** One address as the site answered it. */
export interface ReadAddress {
  path: string;
  status: number;
  /** A redirect's Location, absolute. */
  location: string | null;
  contentType: string | null;
  robotsHeader: string | null;
  lastModified: string | null;
  error: string | null;
  /** What the page says (HTML answers), without its paragraphs' text. */
  facts: PageFacts | null;
}

export interface CrawlResult {
  /** Every address read, by path, in the order they were found. */
  addresses: Map<string, ReadAddress>;
  /** The sitemap's addresses of ours, by path, with their lastmod. */
  sitemap: Map<string, string | null>;
  sitemapError: string | null;
  /** The robots.txt text as served (null when it could not be read). */
  robotsTxt: string | null;
  robotsError: string | null;
  /** The crawl stopped at its bound: some links were never read. */
  limitReached: boolean;
  /** The origins that count as this site (the public URL's, and where it was read). */
  origins: string[];
  /** How many addresses the serving process answered from its page cache (see `cachedOrigin`). */
  cachedReads: number;
}

export interface CrawlProgress {
  /** Addresses found so far (to read or read). */
  found: number;
  /** Addresses read. */
  done: number;
}

export interface CrawlOptions {
  /** Where the site answers this process (e.g. http://127.0.0.1:41234). */
  origin: string;
  /** The site's public address (PUBLIC_URL): links, canonicals and the sitemap speak of it. */
  publicUrl: string;
  /** The staff redirects' old addresses. */
  redirectPaths?: readonly string[];
  /**
   * Where the serving process answers from its page cache alone (`Cache-Control: only-if-cached`):
   * a page found there is judged as visitors get it, without being drawn again at `origin`.
   */
  cachedOrigin?: string | null;
  /** The paths the serving process had stored when the run began: only these are asked for there. */
  cachedPaths?: readonly string[] | null;
  maxUrls?: number;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
}

const TEXT_LIMIT_BYTES = 10 * 1024 * 1024;
const MAX_SITEMAP_FILES = 50;

/** A text file of the site (robots.txt, a sitemap), following redirects as crawlers do. */
async function readText(url: string, signal?: AbortSignal): Promise<{ text: string } | { error: string }> {
  try {
    const signals = [AbortSignal.timeout(15_000), ...(signal ? [signal] : [])];
    const response = await fetch(url, {
      headers: { "user-agent": SITE_READER_AGENT },
      signal: AbortSignal.any(signals),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { error: `answered ${response.status}` };
    }
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength > TEXT_LIMIT_BYTES) return { error: "is larger than 10 MB" };
    return { text: new TextDecoder().decode(bytes) };
  } catch (error) {
    signal?.throwIfAborted();
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The address where this process reads a URL of the site (the same path at `origin`). */
const atOrigin = (url: string, origin: string) => {
  const parsed = new URL(url);
  return new URL(parsed.pathname + parsed.search, origin).href;
};

export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const { origin, publicUrl, signal } = options;
  const maxUrls = options.maxUrls ?? MAX_AUDIT_URLS;
  const origins = [...new Set([new URL(publicUrl).origin, new URL(origin).origin])];
  const result: CrawlResult = {
    addresses: new Map(),
    sitemap: new Map(),
    sitemapError: null,
    robotsTxt: null,
    robotsError: null,
    limitReached: false,
    origins,
    cachedReads: 0,
  };

  // robots.txt first: it may name more sitemaps.
  const robots = await readText(new URL("/robots.txt", origin).href, signal);
  if ("text" in robots) result.robotsTxt = robots.text;
  else result.robotsError = `/robots.txt ${robots.error}`;
  const sitemapFiles = [new URL("/sitemap.xml", publicUrl).href];
  for (const line of result.robotsTxt?.split(/\r?\n/) ?? []) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (match && internalPathOf(match[1]!, origins) !== null) sitemapFiles.push(match[1]!);
  }
  const readFiles = new Set<string>();
  for (let i = 0; i < sitemapFiles.length && readFiles.size < MAX_SITEMAP_FILES; i++) {
    const file = sitemapFiles[i]!;
    const key = internalPathOf(file, origins);
    if (key === null || readFiles.has(key)) continue;
    readFiles.add(key);
    const read = await readText(atOrigin(file, origin), signal);
    if ("error" in read) {
      result.sitemapError ??= `${key} ${read.error}`;
      continue;
    }
    const parsed = parseSitemap(read.text);
    for (const nested of parsed.sitemaps) if (internalPathOf(nested, origins) !== null) sitemapFiles.push(nested);
    for (const url of parsed.urls) {
      const path = internalPathOf(url.loc, origins);
      if (path !== null && !result.sitemap.has(path)) result.sitemap.set(path, url.lastmod);
    }
  }

  // Breadth-first: a queue of paths, read a few at a time.
  const queue: string[] = [];
  const seen = new Set<string>();
  const enqueue = (path: string) => {
    if (seen.has(path) || skipReason(path) !== null) return;
    if (seen.size >= maxUrls) {
      result.limitReached = true;
      return;
    }
    seen.add(path);
    queue.push(path);
  };
  for (const path of result.sitemap.keys()) enqueue(path);
  for (const path of ROUTE_TABLE_PAGES) enqueue(path);
  for (const path of options.redirectPaths ?? []) enqueue(path);

  let done = 0;
  const report = () => options.onProgress?.({ found: seen.size, done });
  report();
  // Drawn here: uncompressed (on loopback, compressing each page only to inflate it again is wasted work).
  const identity = { "accept-encoding": "identity" };
  // From the server's cache: its stored brotli (a fifth of the bytes for the thread that answers visitors to
  // write; this process inflates them), one page at a time, so a visitor waits behind one hit at most.
  const cachedOnly = { "accept-encoding": "br", "cache-control": "only-if-cached" };
  let cacheTurn: Promise<unknown> = Promise.resolve();
  // Each ask is a request the serving process answers on the thread that answers visitors: a page it
  // did not hold when the run began is drawn here at once (one stored since is drawn again, the same page).
  const cachedPaths = options.cachedPaths ? new Set(options.cachedPaths) : null;
  const readCached = (path: string) => {
    const reading = cacheTurn.then(() => readPage(options.cachedOrigin!, path, { signal, headers: cachedOnly }));
    cacheTurn = reading.catch(() => {});
    return reading;
  };
  const readOne = async (path: string) => {
    if (options.cachedOrigin && (!cachedPaths || cachedPaths.has(path))) {
      const cached = await readCached(path);
      // Only a page as such: anything else (a 504 for "not stored", a redirect) is read where it is drawn.
      if (cached.status === 200 && cached.html !== null) {
        result.cachedReads += 1;
        return cached;
      }
    }
    return readPage(origin, path, { signal, headers: identity });
  };
  const read = async (path: string) => {
    const reading = await readOne(path);
    const facts = factsOf(reading, publicUrl);
    result.addresses.set(path, {
      path,
      status: reading.status,
      location: reading.location,
      contentType: reading.contentType,
      robotsHeader: reading.robotsHeader,
      lastModified: reading.lastModified,
      error: reading.error,
      // The paragraphs' text is for the page settings' readability checks, not the audit: not kept.
      facts: facts && { ...facts, paragraphs: [], firstParagraph: null },
    });
    if (reading.status >= 300 && reading.status < 400 && reading.location) {
      const next = internalPathOf(reading.location, origins);
      if (next !== null) enqueue(next);
    }
    // Links, and the canonical address a page names (to judge it, it must be read).
    for (const href of [...(facts?.links.map((link) => link.href) ?? []), ...(facts?.canonicals ?? [])]) {
      const target = internalPathOf(href, origins);
      if (target !== null) enqueue(target);
    }
  };
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      signal?.throwIfAborted();
      await read(path);
      done += 1;
      report();
    }
  };
  // Workers end when the queue is empty; one that ends early while another is still reading a page
  // (whose links refill the queue) is started again, until the queue stays empty with none reading.
  const running = new Set<Promise<void>>();
  const concurrency = options.concurrency ?? CRAWL_CONCURRENCY;
  for (;;) {
    while (running.size < concurrency && queue.length > 0) {
      const task: Promise<void> = worker().finally(() => running.delete(task));
      running.add(task);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  signal?.throwIfAborted();
  return result;
}
