import { canonicalPath } from "./canonical-url";

/**
 * The one form of a path of this site, as the server compares it (the
 * redirects' `from`, the page settings' key): percent-encoded as a browser
 * sends it, no doubled or trailing slash (as the canonical redirect makes
 * it), lower case (routes match without regard to case). Null when it is no
 * path at all.
 */
export function normalisePath(raw: string): string | null {
  const value = raw.trim();
  if (!value.startsWith("/") || value.startsWith("//") || /[?#\s\\]/.test(value)) return null;
  try {
    const { pathname } = new URL(value, "http://x");
    return canonicalPath(pathname).toLowerCase();
  } catch {
    return null;
  }
}
