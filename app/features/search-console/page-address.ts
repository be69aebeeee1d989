/**
 * Search Console names pages by absolute URL. The staff think in paths of
 * the site ("/services"), and the page-settings editor takes one. These
 * turn one into the other, and give one spelling to compare addresses by.
 */

/** An absolute http(s) URL without its fragment and with no trailing slash after a path; null when it is none. */
export function normalisePageUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, "");
  return url.href;
}

/** The path (and query) of a URL on the site's own origin (PUBLIC_URL's), else null: another host's address. */
export function pathOnSite(url: string, publicUrl: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(publicUrl).origin) return null;
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, "") : parsed.pathname;
    return `${path}${parsed.search}`;
  } catch {
    return null;
  }
}

/**
 * A page as staff typed it: a path of this site ("/services") or a full
 * address. The absolute URL to store, or null when it is neither.
 */
export function pageFromInput(value: string, publicUrl: string): string | null {
  const typed = value.trim();
  if (typed.startsWith("/") && !typed.startsWith("//")) return normalisePageUrl(new URL(typed, publicUrl).href);
  if (/^https?:\/\//i.test(typed)) return normalisePageUrl(typed);
  return null;
}

/** How a page is shown: its path when it is ours, else the full address. */
export function pageLabel(url: string, publicUrl: string): string {
  return pathOnSite(url, publicUrl) ?? url;
}
