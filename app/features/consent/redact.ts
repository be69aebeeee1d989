/**
 * What a third party may learn about where the visitor is: only paths that
 * say nothing about a condition or treatment. Everything else — treatment and
 * condition pages, blog posts, insurance providers, anything new — is "/page".
 */
const NEUTRAL_PATHS = new Set([
  "/",
  "/services",
  "/insurance",
  "/team",
  "/pricing",
  "/new-patients",
  "/virtual-visit",
  "/blog",
  "/request-appointment",
]);
const NEUTRAL_PREFIXES = ["/locations/"];
const REDACTED = "/page";

export function redactPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (NEUTRAL_PATHS.has(path)) return path;
  if (NEUTRAL_PREFIXES.some((prefix) => path.startsWith(prefix) && /^[a-z0-9-]+$/.test(path.slice(prefix.length)))) {
    return path;
  }
  return REDACTED;
}

/** A referrer reduced to its origin (no path, no query): "" when absent or unreadable. */
export function referrerOrigin(referrer: string): string {
  try {
    return referrer ? new URL(referrer).origin : "";
  } catch {
    return "";
  }
}
