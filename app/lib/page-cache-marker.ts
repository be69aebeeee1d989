/**
 * A route that sends these headers says: "this response is the same for every
 * visitor without a session until the content changes". The server then keeps
 * it in its page cache (and strips the marker before sending).
 *
 * The cache keys an entry on the path plus only the query parameters the
 * response declares it reads (`x-page-cache: public; query=page,tag`), so the
 * tracking parameters of ad clicks (gclid, utm_*, …) and any other parameter a
 * route ignores reach the entry of the bare path instead of making new ones.
 * A route that reads a parameter must declare it, or visitors get the page of
 * another value; and it must answer values it does not know with something
 * other than 200 (a 404, a redirect), or each one becomes an entry.
 */
export const CACHE_MARKER = "x-page-cache";

// React Router's own parameters: the server keys data requests on them itself (server/page-cache-key.ts).
const ROUTER_PARAMETERS = new Set(["_routes", "index"]);
const PARAMETER_NAME = /^[A-Za-z0-9_.~-]+$/;

/** The marker's value for a response that reads the given query parameters (none: plain "public"). */
export function cacheMarkerValue(query: readonly string[] = []): string {
  for (const name of query) {
    if (!PARAMETER_NAME.test(name) || ROUTER_PARAMETERS.has(name)) {
      throw new Error(`page cache: "${name}" cannot be declared as a query parameter`);
    }
  }
  return query.length === 0 ? "public" : `public; query=${[...new Set(query)].sort().join(",")}`;
}

/** The query parameters a marker value declares (none when it names none). */
export function declaredQuery(markerValue: string): string[] {
  for (const part of markerValue.split(";")) {
    const [name, value] = part.split("=", 2).map((s) => s.trim());
    if (name === "query" && value) return value.split(",").filter((p) => p !== "");
  }
  return [];
}

const CACHE_CONTROL = "public, max-age=0, must-revalidate";

export const publicCacheHeaders = {
  [CACHE_MARKER]: cacheMarkerValue(),
  "Cache-Control": CACHE_CONTROL,
} as const;

/** publicCacheHeaders for a response that depends on the given query parameters. */
export function publicCacheHeadersReading(query: readonly string[]) {
  return { [CACHE_MARKER]: cacheMarkerValue(query), "Cache-Control": CACHE_CONTROL } as const;
}

/** Route `headers` export for cacheable public pages. */
export function publicPageHeaders() {
  return publicCacheHeaders;
}

/**
 * Route `headers` export for a cacheable page that reads query parameters:
 * `export const headers = publicPageHeadersReading(["page"])`. A factory of
 * its own because React Router calls `headers` with its arguments first.
 */
export function publicPageHeadersReading(query: readonly string[]) {
  const headers = publicCacheHeadersReading(query);
  return () => headers;
}
