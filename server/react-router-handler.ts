import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { pageNoindexContext } from "~/features/seo/page-settings.server";
import { DATABASE_DEADLINE_MS, databaseAwayContext } from "~/lib/database-availability.server";
import { dataRequestRouteIds } from "./data-request-routes";
import { DEFAULT_CSP } from "./security-headers";
import { CACHE_MARKER, isCacheableRequest, type PageCache } from "./page-cache";
import { isDataPath, splitTarget } from "./page-cache-key";
import { storeAndSend } from "./page-cache-miss";
import type { DatabaseWatch } from "./database-watch";
import { isPublicPageRead } from "./outage-answer";

/** How public page reads are answered while the database is away (server/outage-answer.ts). */
export interface OutageHandling {
  watch: DatabaseWatch;
  /** Answers from the last good copy or with the 503 page; false when it has nothing better than the render. */
  answer: (req: ExpressRequest, res: ExpressResponse, renderedStatus?: number) => boolean;
  /** Whether `answer` has more than the 503 page for this request (a copy, or a data request's reload). */
  hasCopy: (req: ExpressRequest) => boolean;
}

/**
 * The render, or undefined once the database is found away while it runs (a silent database holds a
 * page's own queries); when already known away, undefined after the writes' deadline.
 */
function renderedOrAway(rendering: Promise<Response>, watch: DatabaseWatch, knownAway: boolean) {
  return new Promise<Response | undefined>((resolve, reject) => {
    let stop: () => void;
    if (knownAway) {
      const timer = setTimeout(() => resolve(undefined), DATABASE_DEADLINE_MS);
      stop = () => clearTimeout(timer);
    } else {
      stop = watch.onAway(() => resolve(undefined));
    }
    rendering.then(
      (response) => {
        stop();
        resolve(response);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}

/**
 * Express adapter for React Router (after @react-router/express), with one
 * addition: a response that opts into the page cache is buffered, stored and
 * then sent from the cache entry.
 */
export function createPageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest) => RouterContextProvider;
  cache: PageCache;
  outage?: OutageHandling;
}) {
  const { outage } = options;
  const build = builtOnce(options.build, options.mode);
  // Given a function, React Router loads the build and derives its route table again on every request
  // (flattening and ranking every route, a regular expression each): what a development server wants
  // for hot reloads. In production the build never changes, so the handler is derived once.
  // Measured (2026-11-28, a CPU profile of /admin/seo/progress): the derivation was 12 % of its time.
  let derived: ReturnType<typeof createRequestHandler> | undefined;
  const handle =
    options.mode === "production"
      ? async (request: Request, context: RouterContextProvider) =>
          (derived ??= createRequestHandler(await build(), options.mode))(request, context)
      : createRequestHandler(options.build, options.mode);

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const publicRead = outage !== undefined && isPublicPageRead(req);
      const knownAway = publicRead && outage.watch.away;
      // Known away: the last good copy at once, without waiting on the database again (issue 21).
      if (knownAway && outage.hasCopy(req)) {
        outage.answer(req, res);
        return;
      }
      const request = toWebRequest(req, res);
      const context = options.getLoadContext(req);
      // Without a copy the render says whether the path is a page at all (a 404 keeps its status);
      // its loaders skip the database, and it gets the writes' deadline, no more.
      if (knownAway) context.set(databaseAwayContext, true);
      // A change committed while this page renders empties the cache after the render read the old content.
      const renderedUnder = options.cache.currentVersion;
      const rendering = handle(request, context);
      // A database that goes silent holds a page's own queries: the copy answers once the watch notices.
      const response = !publicRead ? await rendering : await renderedOrAway(rendering, outage.watch, knownAway);
      if (!response) {
        void rendering.then(
          (late) => late.body?.cancel(),
          () => {},
        );
        if (!outage!.answer(req, res)) res.status(503).end();
        return;
      }
      if (publicRead && (context.get(databaseAwayContext) || response.status >= 500)) {
        // A page drawn with fallbacks, or one that failed, because the database is away: the copy instead.
        const away = context.get(databaseAwayContext) || !(await outage.watch.check());
        if (away) {
          outage.watch.reportAway();
          if (outage.answer(req, res, response.status)) {
            await response.body?.cancel();
            return;
          }
        }
      }
      // Staff set this page to noindex (the root loader read its settings): the header says it too.
      if (context.get(pageNoindexContext)) response.headers.set("X-Robots-Tag", "noindex");
      if (response.headers.has(CACHE_MARKER)) {
        // A page drawn with fallbacks while the database was away is not the page to keep.
        const degraded = context.get(databaseAwayContext);
        if (options.cache.enabled && !degraded && response.status === 200 && isCacheableRequest(req) && response.body) {
          // Cached bytes are sent without Express: they must carry every header themselves.
          if (!response.headers.has("content-security-policy")) {
            response.headers.set("Content-Security-Policy", DEFAULT_CSP);
          }
          // A data request's _routes can only pick among the routes its path matches.
          const { pathname } = splitTarget(req.originalUrl);
          const routeIds = isDataPath(pathname) ? dataRequestRouteIds(await build(), pathname) : undefined;
          await storeAndSend(options.cache, req, res, response, routeIds, renderedUnder);
          return;
        }
        response.headers.delete(CACHE_MARKER);
      }
      // A route that answered without reading the body (a 404 or 405 for a
      // POST) leaves unread bytes on the connection: close it after this answer.
      if (!req.complete) res.setHeader("Connection", "close");
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const host = req.get("host") ?? "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (Buffer.isBuffer(req.body)) {
      // Already read (and bounded) by pageFormBody.
      init.body = new Uint8Array(req.body);
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/** The build as a function: in production loaded once and kept (a failed load is tried again); in development afresh each time. */
function builtOnce(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): () => Promise<ServerBuild> {
  if (typeof build !== "function") return () => Promise.resolve(build);
  if (mode !== "production") return build;
  let loading: Promise<ServerBuild> | undefined;
  return () =>
    (loading ??= build().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
