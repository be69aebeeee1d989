import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Rendered pages and public JSON for visitors without a session, kept in
 * memory until the content changes. A route opts in by sending the
 * CACHE_MARKER header (stripped before anything leaves the server). Entries
 * are bytes plus headers, compressed once, so a hit costs a map lookup and one
 * write; the CSP uses script hashes, so the same bytes are valid for everyone.
 */
import { CACHE_MARKER } from "~/lib/page-cache-marker";
import { SESSION_COOKIE_NAME } from "~/lib/staff-area";

export { CACHE_MARKER };

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip" | null;

export interface CacheEntry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  version: string;
  /** An HTML document (gets the document security headers) rather than JSON or another resource. */
  isDocument: boolean;
  /** Flat header lists per extra-header set and encoding, built once so a hit only looks one up. */
  prebuilt?: Map<readonly [string, string][], Partial<Record<string, string[]>>>;
}

export class PageCache {
  private entries = new Map<string, CacheEntry>();
  private version = "0";

  constructor(private readonly maxEntries: number) {}

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
    }
  }

  get currentVersion() {
    return this.version;
  }

  clear() {
    this.entries.clear();
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== this.version) return undefined;
    return entry;
  }

  async store(key: string, status: number, headers: Headers, body: Buffer): Promise<CacheEntry> {
    const version = this.version;
    const kept: [string, string][] = [];
    headers.forEach((value, name) => {
      if (name !== CACHE_MARKER && name !== "set-cookie" && name !== "content-length") {
        kept.push([name, value]);
      }
    });
    const [gz, br] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    const isDocument = (headers.get("content-type") ?? "").startsWith("text/html");
    const entry: CacheEntry = { status, headers: kept, body, gzip: gz, br, etag, version, isDocument };
    if (this.maxEntries > 0 && version === this.version) {
      if (this.entries.size >= this.maxEntries) {
        // Oldest first: Map iteration order is insertion order.
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, entry);
    }
    return entry;
  }
}

export function hasSession(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  return cookie !== undefined && cookie.includes(`${SESSION_COOKIE_NAME}=`);
}

/** Whether this request may be answered from (or stored in) the cache. */
export function isCacheableRequest(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !hasSession(req);
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
  entry.prebuilt ??= new Map();
  let lists = entry.prebuilt.get(extraHeaders);
  if (!lists) entry.prebuilt.set(extraHeaders, (lists = {}));
  const list = (lists[encoding ?? "identity"] ??= headerList(entry, encoding, extraHeaders));
  res.writeHead(entry.status, list);
  res.end(req.method === "HEAD" ? undefined : bodyFor(entry, encoding));
}
