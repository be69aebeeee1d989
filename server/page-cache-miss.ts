import type { IncomingMessage, ServerResponse } from "node:http";
import { declaredQuery } from "~/lib/page-cache-marker";
import { CACHE_MARKER, NO_EXTRA_HEADERS, sendEntry, type PageCache } from "./page-cache";
import type { KeyRule } from "./page-cache-key";

/**
 * A miss of a response that opted into the cache: keep it under the key its
 * marker gives (the path plus the query parameters it declares and, for a
 * data request, `_routes` reduced to `routeIds`), then answer from the new
 * entry. The visitor waits for gzip 9 and a quick brotli, never for brotli 11.
 */
export async function storeAndSend(
  cache: PageCache,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  response: Response,
  routeIds?: ReadonlySet<string>,
  renderedUnder?: string,
) {
  const rule: KeyRule = {
    query: declaredQuery(response.headers.get(CACHE_MARKER) ?? ""),
    ...(routeIds ? { routeIds } : {}),
  };
  const body = Buffer.from(await response.arrayBuffer());
  const target = req.originalUrl ?? req.url ?? "/";
  const entry = await cache.store(target, rule, response.status, response.headers, body, renderedUnder);
  res.setHeader("X-Cache", "MISS");
  sendEntry(req, res, entry, NO_EXTRA_HEADERS);
}
