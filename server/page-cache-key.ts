/**
 * Page-cache keys: the request path plus only the query parameters the
 * response said it reads, normalised, so that `/?gclid=…&utm_source=…` (a new
 * click id on every ad click) finds the entry of `/`, and a random query
 * string can never make an entry of its own (nor push a real one out).
 */

/** What an entry's key is made of, learned per path from the stored response. */
export interface KeyRule {
  /** Query parameters the route declared it reads (sorted). */
  readonly query: readonly string[];
  /**
   * Data requests only (`/x.data`): the ids of the routes matching the path.
   * React Router's `_routes` parameter picks which of them run their loader,
   * so it is part of the key, reduced to these ids (ids of routes that do not
   * match change nothing in the answer; kept, they would make entries without end).
   */
  readonly routeIds?: ReadonlySet<string>;
}

/** A request target split at its query (the path stays raw, as the cache has always keyed it). */
export function splitTarget(target: string): { pathname: string; search: string } {
  const q = target.indexOf("?");
  return q === -1 ? { pathname: target, search: "" } : { pathname: target.slice(0, q), search: target.slice(q) };
}

/** Whether React Router answers this path with loader data rather than a document. */
export function isDataPath(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/**
 * The key for a path and query under a rule: the declared parameters that are
 * present, sorted by name (the values of a repeated one keep their order, as a
 * route reading `getAll` sees them), then the reduced `_routes` of a data
 * request. Everything else in the query is dropped.
 */
export function cacheKey(pathname: string, search: string, rule: KeyRule): string {
  // Most paths read nothing from the query: no need to parse it (this runs for every hit).
  if (search === "" || search === "?" || (rule.query.length === 0 && !rule.routeIds)) return pathname;
  const params = new URLSearchParams(search);
  const kept: [string, string][] = [];
  if (rule.query.length > 0) {
    for (const [name, value] of params) if (rule.query.includes(name)) kept.push([name, value]);
    // Array.prototype.sort is stable: repeated names keep their values' order.
    kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  if (rule.routeIds) {
    // React Router reads the first _routes only, as a set of ids.
    const routes = params.get("_routes");
    if (routes !== null) {
      const ids = [...new Set(routes.split(","))].filter((id) => rule.routeIds!.has(id)).sort();
      kept.push(["_routes", ids.join(",")]);
    }
  }
  return kept.length === 0 ? pathname : `${pathname}?${new URLSearchParams(kept).toString()}`;
}
