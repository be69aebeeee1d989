import type { IncomingMessage } from "node:http";
import { canonicalPath } from "~/lib/canonical-url";

/**
 * Where a GET or HEAD for a non-canonical path (a trailing slash, doubled
 * slashes) should go: the canonical path with the same query string, or null
 * when the path is already canonical. Other methods are left alone: a 301
 * makes a browser repeat a POST as a GET, losing its body.
 */
export function canonicalRedirectTarget(req: Pick<IncomingMessage, "method" | "url">): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  // Only origin-form targets ("/path?query"); anything else is not ours to rewrite.
  if (!url.startsWith("/")) return null;
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (pathname === "/" || (!pathname.endsWith("/") && !pathname.includes("//"))) return null;
  // A browser reads "/\host" as "//host" (another site): a backslash is sent encoded.
  const path = canonicalPath(pathname).replaceAll("\\", "%5C");
  return queryAt === -1 ? path : path + url.slice(queryAt);
}
