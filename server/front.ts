import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerServices } from "~/context";
import { isDefaultsRead, PAGE_DEFAULTS_HEADER } from "~/features/seo/page-defaults-read.server";
import { normalisePath } from "~/lib/site-path";
import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { beaconWrites } from "./api/analytics";
import { createBeaconFront } from "./beacon-front";
import { canonicalRedirectTarget } from "./canonical-redirect";
import type { Logger } from "./logger";
import { isCacheableRequest, sendEntry, type PageCache } from "./page-cache";
import { createPageCacheFront } from "./page-cache-front";
import { PAGE_COPY_USER_AGENT } from "./page-copy-refresh";
import { splitTarget } from "./page-cache-key";
import type { RequestsInFlight } from "./requests-in-flight";
import { createClientAddress, securityHeaders } from "./security-headers";

/**
 * The node:http request handler: what can be answered without Express is
 * answered here (redirects to canonical paths, analytics beacons, page-cache
 * hits); everything else goes to the Express app.
 */
export function createFront(options: {
  env: Env;
  database: Database;
  services: ServerServices;
  logger: Logger;
  cache: PageCache;
  isSecure: (req: IncomingMessage) => boolean;
  app: (req: IncomingMessage, res: ServerResponse) => void;
  /** Counts every request but the audit's own reads of the cache (which it waits for anyway). */
  requests?: RequestsInFlight;
}) {
  const { cache, isSecure, app } = options;
  const beacons = createBeaconFront({
    writes: beaconWrites(options),
    publicUrl: options.env.PUBLIC_URL,
    isSecure,
    clientAddress: createClientAddress(options.env.TRUST_PROXY),
    logger: options.logger,
  });

  // Cache hits carry every header themselves: they need no routing or middleware.
  const hitHeaders = (kind: "document" | "resource") => ({
    http: Object.freeze([...securityHeaders(false, kind), ["X-Cache", "HIT"]] as [string, string][]),
    https: Object.freeze([...securityHeaders(true, kind), ["X-Cache", "HIT"]] as [string, string][]),
  });
  const hitHeadersFor = { document: hitHeaders("document"), resource: hitHeaders("resource") };
  const redirectHeaders = {
    http: securityHeaders(false, "resource").flat(),
    https: securityHeaders(true, "resource").flat(),
  };

  const pages = createPageCacheFront({
    cache,
    sendHit(req, res, entry) {
      const set = hitHeadersFor[entry.isDocument ? "document" : "resource"];
      sendEntry(req, res, entry, isSecure(req) ? set.https : set.http);
    },
    render: app,
  });

  const { redirects, secret } = options.services;
  const countNotFound = function (this: ServerResponse) {
    if (this.statusCode === 404)
      redirects.countNotFound(this.req.url ?? "/", this.req.headers["user-agent"], this.req.headers.referer);
  };

  /**
   * `Cache-Control: only-if-cached` (RFC 9111 §5.2.1.7): a page-cache hit, or 504 with nothing rendered.
   * The site audit's child process (decision 0030) asks this first, so the pages visitors already get
   * from the cache are judged as served without being drawn a second time; it renders the rest itself.
   * A path that now redirects (the staff's or the canonical rule) is never a hit, and is not counted.
   */
  const cachedOnly = (req: IncomingMessage, res: ServerResponse) => {
    const redirected =
      redirects.match(req.method ?? "GET", req.url ?? "/", { count: false }) !== null ||
      canonicalRedirectTarget(req) !== null;
    const entry = !redirected && cache.enabled && isCacheableRequest(req) ? cache.lookup(req.url ?? "/") : undefined;
    if (entry) {
      const set = hitHeadersFor[entry.isDocument ? "document" : "resource"];
      sendEntry(req, res, entry, isSecure(req) ? set.https : set.http);
      return;
    }
    res.writeHead(504, [
      ...redirectHeaders[isSecure(req) ? "https" : "http"],
      "Cache-Control",
      "no-store",
      "Content-Length",
      "0",
    ]);
    res.end();
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    if (isOnlyIfCached(req)) {
      cachedOnly(req, res);
      return;
    }
    options.requests?.track(res);
    // The staff's redirects, before the canonical redirect (one hop for "/old/") and before the cache
    // (a cached page is never served for a path that now redirects).
    // The site's own reads for its last good copies are answered alike but not counted as a redirect's hits.
    const redirect = redirects.match(req.method ?? "GET", req.url ?? "/", {
      count: req.headers["user-agent"] !== PAGE_COPY_USER_AGENT,
    });
    if (redirect !== null) {
      const headers = redirectHeaders[isSecure(req) ? "https" : "http"];
      if (redirect.data) {
        // A link followed in the browser asks for /path.data: React Router's own redirect answer.
        res.writeHead(204, [
          ...headers,
          "X-Remix-Redirect",
          redirect.location,
          "X-Remix-Status",
          String(redirect.status),
          ...(redirect.external ? ["X-Remix-Reload-Document", "true"] : []),
          "Cache-Control",
          "no-store",
        ]);
      } else {
        res.writeHead(redirect.status, [
          ...headers,
          "Location",
          redirect.location,
          // A browser keeps a 301 for good: a short life lets the staff change their mind.
          "Cache-Control",
          redirect.status === 301 || redirect.status === 308 ? "public, max-age=3600" : "no-store",
          "Content-Length",
          "0",
        ]);
      }
      res.end();
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") res.once("finish", countNotFound);
    // Before the cache, so a cached page is never served under a second address.
    const canonical = canonicalRedirectTarget(req);
    if (canonical !== null) {
      const headers = redirectHeaders[isSecure(req) ? "https" : "http"];
      res.writeHead(301, [
        ...headers,
        "Location",
        canonical,
        "Cache-Control",
        "public, max-age=3600",
        "Content-Length",
        "0",
      ]);
      res.end();
      return;
    }
    if (beacons(req, res)) return;
    // The site's own read of a page without its settings (/admin/seo/page): rendered, never cached.
    // A header that does not verify is dropped, so the request is served as if it had none.
    if (req.headers[PAGE_DEFAULTS_HEADER] !== undefined) {
      const { pathname } = splitTarget(req.url ?? "/");
      if (isDefaultsRead(secret, normalisePath(pathname), req.headers[PAGE_DEFAULTS_HEADER])) {
        app(req, res);
        return;
      }
      delete req.headers[PAGE_DEFAULTS_HEADER];
    }
    pages(req, res);
  };
}

/** A GET or HEAD that wants a stored answer or none (RFC 9111 `only-if-cached`). */
function isOnlyIfCached(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const value = req.headers["cache-control"];
  return value !== undefined && /(?:^|,)\s*only-if-cached\s*(?:,|$)/i.test(value);
}
