/**
 * A route that sends these headers says: "this response is the same for every
 * visitor without a session until the content changes". The server then keeps
 * it in its page cache (and strips the marker before sending).
 */
export const CACHE_MARKER = "x-page-cache";

export const publicCacheHeaders = {
  [CACHE_MARKER]: "public",
  "Cache-Control": "public, max-age=0, must-revalidate",
} as const;

/** Route `headers` export for cacheable public pages. */
export function publicPageHeaders() {
  return publicCacheHeaders;
}
