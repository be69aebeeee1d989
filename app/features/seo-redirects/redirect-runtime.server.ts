import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoRedirects } from "~/db/schema";
import { isBotAgent } from "~/features/analytics/user-agent.server";
import { canonicalPath } from "~/lib/canonical-url";
import { NOT_FOUND_ROWS_KEPT, writeNotFoundCounts, type NotFoundCount } from "./not-found-monitor.server";
import { readRedirectsVersion } from "./redirects.server";
import { normaliseTarget, PATH_MAX, reservedPathReason } from "./redirect-rules";

/** How often an instance asks whether another one changed the redirects (one tiny query). */
const VERSION_POLL_MS = 2000;
/** How often counted hits and 404s are written (in one statement each). */
const FLUSH_EVERY_MS = 5000;
/** Distinct 404 paths held between two writes; more in one interval are dropped (a scanner's burst). */
const PENDING_NOT_FOUND_MAX = 1000;
const HOST_MAX = 253;

interface Rule {
  id: number;
  location: string;
  external: boolean;
  status: number;
}

export interface RedirectAnswer {
  status: number;
  location: string;
  /** A React Router data request (/path.data): answered in its own redirect form. */
  data: boolean;
  external: boolean;
}

/** The lookup key of a request path: as the redirect table stores `fromPath`. */
function keyOf(pathname: string): string {
  return canonicalPath(pathname).toLowerCase();
}

/**
 * The redirect table as the server's front uses it: an in-memory copy, so a
 * request costs a Map lookup and no query; hit counts and the 404s real
 * visitors hit are counted here and written in the background in batches
 * (lost only if the process dies). Every instance polls the version row
 * and reloads when another one changed the table; the instance that made
 * a change reloads at once (reload()).
 */
export class RedirectRuntime {
  private rules = new Map<string, Rule>();
  private version: string | null = null;
  private hits = new Map<number, { count: number; at: Date }>();
  private notFound = new Map<string, NotFoundCount>();
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { keepNotFound?: number; onError?: (error: unknown) => void } = {},
  ) {}

  /** Loads the table and starts the version poll and the background writes. */
  async start(): Promise<void> {
    await this.reload().catch((error) => this.options.onError?.(error));
    this.timers.push(
      setInterval(() => void this.checkVersion(), VERSION_POLL_MS).unref(),
      setInterval(() => void this.flush(), FLUSH_EVERY_MS).unref(),
    );
  }

  /** Stops polling and writes what is still counted. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.flush();
  }

  /** Reads the whole table again (a few hundred rows at most: one small query). */
  reload(): Promise<void> {
    const run = async () => {
      const version = await readRedirectsVersion(this.db);
      const rows = await this.db.select().from(seoRedirects);
      const rules = new Map<string, Rule>();
      for (const row of rows) {
        const target = normaliseTarget(row.toTarget);
        if (!target) continue;
        rules.set(row.fromPath, {
          id: row.id,
          location: target.value,
          external: target.kind === "url",
          status: row.status,
        });
      }
      this.rules = rules;
      this.version = version;
    };
    // A reload asked for while one runs waits for it, then reads again (it may predate the change).
    const next = (this.loading ?? Promise.resolve()).catch(() => {}).then(run);
    this.loading = next.finally(() => {
      if (this.loading === next) this.loading = undefined;
    });
    // The caller handles `next`; this copy of its failure (a database away at start) must not end the process.
    this.loading.catch(() => {});
    return next;
  }

  private async checkVersion(): Promise<void> {
    try {
      const version = await readRedirectsVersion(this.db);
      if (version !== this.version) await this.reload();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /**
   * The redirect for a request target ("/path?query"), counted as a hit
   * unless `count` is false, or null. A path target keeps the request's query
   * string unless it has its own; an address elsewhere never gets it (it may
   * hold personal data).
   */
  match(method: string, url: string, { count = true }: { count?: boolean } = {}): RedirectAnswer | null {
    if (this.rules.size === 0 || !url.startsWith("/")) return null;
    const queryAt = url.indexOf("?");
    let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const data = pathname.endsWith(".data");
    if (data) {
      if (method !== "GET") return null;
      pathname = pathname.slice(0, -".data".length);
    }
    const rule = this.rules.get(keyOf(pathname));
    if (!rule) return null;
    if (count) {
      const now = new Date();
      const hit = this.hits.get(rule.id);
      if (hit) {
        hit.count += 1;
        hit.at = now;
      } else this.hits.set(rule.id, { count: 1, at: now });
    }
    const query = queryAt === -1 || data ? "" : url.slice(queryAt);
    const location = rule.external || rule.location.includes("?") ? rule.location : rule.location + query;
    const safe = method === "GET" || method === "HEAD";
    return {
      status: safe ? rule.status : rule.status === 301 ? 308 : 307,
      location,
      data,
      external: rule.external,
    };
  }

  /**
   * Counts a 404 a visitor got (the front calls it when such an answer ends):
   * the path only, never the query string; the referrer's host only; bots,
   * the staff area, the API, assets and over-long paths not at all.
   */
  countNotFound(url: string, userAgent: string | undefined, referrer: string | undefined): void {
    if (!url.startsWith("/") || isBotAgent(userAgent ?? "")) return;
    const queryAt = url.indexOf("?");
    let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname.length > PATH_MAX) return;
    // A link followed in the browser asks for the page's data (/path.data, the home page's /_root.data).
    if (pathname.endsWith(".data")) pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    const path = keyOf(pathname);
    if (reservedPathReason(path) !== null) return;
    const now = new Date();
    const seen = this.notFound.get(path);
    const referrerHost = hostOf(referrer);
    if (seen) {
      seen.hits += 1;
      seen.lastSeenAt = now;
      if (referrerHost) seen.referrerHost = referrerHost;
      return;
    }
    if (this.notFound.size >= PENDING_NOT_FOUND_MAX) return;
    this.notFound.set(path, { path, hits: 1, firstSeenAt: now, lastSeenAt: now, referrerHost });
  }

  /** Writes the counted hits and 404s (one statement each); what fails is kept for the next try. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(): Promise<void> {
    const hits = this.hits;
    const notFound = [...this.notFound.values()];
    this.hits = new Map();
    this.notFound = new Map();
    if (hits.size > 0) {
      const values = sql.join(
        [...hits].map(([id, hit]) => sql`(${id}::int, ${hit.count}::bigint, ${hit.at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      try {
        await this.db.execute(sql`
          update seo_redirects as r
          set hits = r.hits + v.n, last_hit_at = greatest(r.last_hit_at, v.at)
          from (values ${values}) as v(id, n, at)
          where r.id = v.id`);
      } catch (error) {
        for (const [id, hit] of hits) {
          const now = this.hits.get(id);
          if (now) now.count += hit.count;
          else this.hits.set(id, hit);
        }
        this.options.onError?.(error);
      }
    }
    try {
      await writeNotFoundCounts(this.db, notFound, this.options.keepNotFound ?? NOT_FOUND_ROWS_KEPT);
    } catch (error) {
      for (const count of notFound) {
        if (this.notFound.size >= PENDING_NOT_FOUND_MAX) break;
        if (!this.notFound.has(count.path)) this.notFound.set(count.path, count);
      }
      this.options.onError?.(error);
    }
  }
}

function hostOf(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname;
    return host && host.length <= HOST_MAX ? host : null;
  } catch {
    return null;
  }
}
