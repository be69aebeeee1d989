import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
/**
 * Rendered pages and public JSON for visitors without a session, kept in
 * memory until the content changes. A route opts in by sending the
 * CACHE_MARKER header (stripped before anything leaves the server). Entries
 * are bytes plus headers, compressed once, so a hit costs a map lookup and one
 * write; the CSP uses script hashes, so the same bytes are valid for everyone.
 * Keys are the path plus the query parameters the route declared
 * (server/page-cache-key.ts); the best brotli is made in the background.
 */
import { PAGE_DEFAULTS_HEADER } from "~/features/seo/page-defaults-read.server";
import { CACHE_MARKER } from "~/lib/page-cache-marker";
import { SESSION_COOKIE_NAME } from "~/lib/staff-area";
import { BEST_BROTLI_QUALITY, brotliAt, FAST_BROTLI_QUALITY, gzipBest } from "./page-cache-compression";
import { cacheKey, splitTarget, type KeyRule } from "./page-cache-key";

export { CACHE_MARKER };

type Encoding = "br" | "gzip" | null;

/** The rule of a route that reads no query parameter. */
export const NO_QUERY: KeyRule = Object.freeze({ query: Object.freeze([]) });

export interface CacheEntry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  /** Brotli 5 until the background pass replaces the entry with one holding brotli 11. */
  br: Buffer;
  etag: string;
  version: string;
  /** An HTML document (gets the document security headers) rather than JSON or another resource. */
  isDocument: boolean;
  /** Flat header lists per extra-header set and encoding, built once so a hit only looks one up. */
  prebuilt: Map<readonly [string, string][], Partial<Record<string, string[]>>>;
}

export class PageCache {
  private entries = new Map<string, CacheEntry>();
  /** Per path, which query parameters its entries vary by: learned from the stored responses. */
  private rules = new Map<string, KeyRule>();
  private readonly maxRules: number;
  private version = "0";
  /** Entries waiting for their best brotli, done one at a time (see refine). */
  private backlog: { key: string; entry: CacheEntry }[] = [];
  private refining: Promise<void> | undefined;
  private storeListeners: ((pathname: string, key: string) => void)[] = [];
  private versionListeners: ((version: string) => void)[] = [];

  constructor(private readonly maxEntries: number) {
    // Paths outlive their entries (a rule is code, not content), but not without bound.
    this.maxRules = Math.max(1000, 2 * maxEntries);
  }

  get size() {
    return this.entries.size;
  }

  /** False when the cache keeps nothing (development, or PAGE_CACHE_ENTRIES=0). */
  get enabled() {
    return this.maxEntries > 0;
  }

  /** Sets the current content version; a different one empties the cache. */
  setVersion(version: string) {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
      for (const listener of this.versionListeners) listener(version);
    }
  }

  /** Calls `listener` after each content change (the last good copies are drawn again then). */
  onVersionChange(listener: (version: string) => void) {
    this.versionListeners.push(listener);
  }

  get currentVersion() {
    return this.version;
  }

  clear() {
    this.entries.clear();
  }

  /** The entry under an exact key. */
  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== this.version) return undefined;
    return entry;
  }

  /**
   * The paths whose page (a document, under no query) is stored for the current content: the site
   * audit asks this cache only for them, rather than for every address with a 504 for most.
   */
  storedPages(): string[] {
    const paths: string[] = [];
    for (const [key, entry] of this.entries)
      if (entry.isDocument && entry.version === this.version && !key.includes("?")) paths.push(key);
    return paths;
  }

  /** The rule learned for a path, if one of its responses was ever stored. */
  ruleFor(pathname: string): KeyRule | undefined {
    return this.rules.get(pathname);
  }

  /**
   * The key a request target would be stored under, when it can be known
   * before routing: always without a query (no declared parameter is
   * present), otherwise only once the path's rule has been learned.
   */
  keyOf(target: string): string | undefined {
    const { pathname, search } = splitTarget(target);
    if (search === "") return pathname;
    const rule = this.rules.get(pathname);
    return rule && cacheKey(pathname, search, rule);
  }

  /** The entry for a request target (path and query, as in `req.url`). */
  lookup(target: string): CacheEntry | undefined {
    const key = this.keyOf(target);
    return key === undefined ? undefined : this.get(key);
  }

  /**
   * Keeps a response for `target` under the key its rule gives, with gzip 9
   * and a quick brotli; resolves once those exist (a few milliseconds), so the
   * miss can be answered from the entry. Brotli 11 follows in the background.
   * `renderedUnder` is the content version when the render began (default:
   * now): a page whose render began before a change is not kept after it.
   */
  async store(
    target: string,
    rule: KeyRule,
    status: number,
    headers: Headers,
    body: Buffer,
    renderedUnder = this.version,
  ): Promise<CacheEntry> {
    const version = renderedUnder;
    const kept: [string, string][] = [];
    headers.forEach((value, name) => {
      if (name !== CACHE_MARKER && name !== "set-cookie" && name !== "content-length") {
        kept.push([name, value]);
      }
    });
    const [gz, br] = await Promise.all([gzipBest(body), brotliAt(FAST_BROTLI_QUALITY, body)]);
    const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    const isDocument = (headers.get("content-type") ?? "").startsWith("text/html");
    const entry = makeEntry(status, kept, body, gz, br, etag, version, isDocument);
    // A page rendered under an older content version is not kept.
    if (this.maxEntries > 0 && version === this.version) {
      const { pathname, search } = splitTarget(target);
      const key = cacheKey(pathname, search, rule);
      if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
        // Oldest first: Map iteration order is insertion order.
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, entry);
      this.learn(pathname, rule);
      this.refine(key, entry);
      for (const listener of this.storeListeners) listener(pathname, key);
    }
    return entry;
  }

  /** Calls `listener` after each entry is stored, with its path and key. */
  onStore(listener: (pathname: string, key: string) => void) {
    this.storeListeners.push(listener);
  }

  /** Resolves when no background compression is queued or running (for tests and benchmarks). */
  idle(): Promise<void> {
    return this.refining ?? Promise.resolve();
  }

  private learn(pathname: string, rule: KeyRule) {
    if (!this.rules.has(pathname) && this.rules.size >= this.maxRules) {
      // Forgetting a rule is safe: a query on that path then misses until it is stored again.
      const oldest = this.rules.keys().next().value;
      if (oldest !== undefined) this.rules.delete(oldest);
    }
    this.rules.set(pathname, rule);
  }

  /**
   * Queues the entry for brotli 11. One at a time: each takes a core for
   * 140–250 ms, and libuv's four threads are also what file reads and the
   * password hashing of sign-in wait for. An entry that is gone by its turn
   * (evicted, replaced, or the content version changed) is skipped; one that
   * went while it was compressed is not brought back.
   */
  private refine(key: string, entry: CacheEntry) {
    this.backlog.push({ key, entry });
    this.refining ??= this.drainBacklog();
  }

  private async drainBacklog() {
    // Never finish synchronously: `refining` is assigned after this returns.
    await Promise.resolve();
    try {
      for (let job = this.backlog.shift(); job; job = this.backlog.shift()) {
        if (this.entries.get(job.key) !== job.entry) continue;
        try {
          const br = await brotliAt(BEST_BROTLI_QUALITY, job.entry.body);
          // A new entry object: a hit being written keeps the headers and bytes it took.
          if (this.entries.get(job.key) === job.entry) {
            const { status, headers, body, gzip, etag, version, isDocument } = job.entry;
            this.entries.set(job.key, makeEntry(status, headers, body, gzip, br, etag, version, isDocument));
          }
        } catch {
          // The quick brotli stays: still correct, a little larger.
        }
      }
    } finally {
      // In the same step as the last look at the backlog, so a job queued later starts a new drain.
      this.refining = undefined;
    }
  }
}

/**
 * Every entry is built here, with every field in the same order, so hits see
 * one object shape whether the entry came from a miss or from the background
 * pass (a spread copy would be a second shape on the hottest path).
 */
function makeEntry(
  status: number,
  headers: [string, string][],
  body: Buffer,
  gzip: Buffer,
  br: Buffer,
  etag: string,
  version: string,
  isDocument: boolean,
): CacheEntry {
  return { status, headers, body, gzip, br, etag, version, isDocument, prebuilt: new Map() };
}

export function hasSession(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  return cookie !== undefined && cookie.includes(`${SESSION_COOKIE_NAME}=`);
}

/**
 * Whether this request may be answered from (or stored in) the cache. Not the site's own read of a
 * page without its settings: the front lets that header through only when it verifies (server/front.ts).
 */
export function isCacheableRequest(req: IncomingMessage): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !hasSession(req) &&
    req.headers[PAGE_DEFAULTS_HEADER] === undefined
  );
}

function pickEncoding(req: IncomingMessage): Encoding {
  const accept = req.headers["accept-encoding"];
  if (!accept) return null;
  const value = Array.isArray(accept) ? accept.join(",") : accept;
  if (/\bbr\b(?!;q=0(\.0*)?\b)/.test(value)) return "br";
  if (/\bgzip\b(?!;q=0(\.0*)?\b)/.test(value)) return "gzip";
  return null;
}

function bodyFor(entry: CacheEntry, encoding: Encoding): Buffer {
  return encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
}

function headerList(entry: CacheEntry, encoding: Encoding, extraHeaders: readonly [string, string][]): string[] {
  const list: string[] = [];
  for (const [name, value] of extraHeaders) list.push(name, value);
  for (const [name, value] of entry.headers) list.push(name, value);
  list.push("ETag", entry.etag, "Vary", "Accept-Encoding");
  if (encoding) list.push("Content-Encoding", encoding);
  list.push("Content-Length", String(bodyFor(entry, encoding).length));
  return list;
}

/** No extra headers (the same array every time: it keys the memo). */
export const NO_EXTRA_HEADERS: readonly [string, string][] = Object.freeze([]);

/**
 * Writes a cached entry, with a 304 when the client already has it.
 * `extraHeaders` must be one of a few long-lived arrays: it keys the memo.
 */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CacheEntry,
  extraHeaders: readonly [string, string][],
) {
  const encoding = pickEncoding(req);
  if (req.headers["if-none-match"] === entry.etag) {
    const list = headerList(entry, null, extraHeaders).slice(0, -2);
    res.writeHead(304, list);
    res.end();
    return;
  }
  let lists = entry.prebuilt.get(extraHeaders);
  if (!lists) entry.prebuilt.set(extraHeaders, (lists = {}));
  const list = (lists[encoding ?? "identity"] ??= headerList(entry, encoding, extraHeaders));
  res.writeHead(entry.status, list);
  res.end(req.method === "HEAD" ? undefined : bodyFor(entry, encoding));
}
