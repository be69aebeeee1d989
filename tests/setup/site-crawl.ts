import { decodeEntities, startTags, withoutScripts } from "./html";

/** What one internal address answered. */
export interface CrawledPage {
  path: string;
  status: number;
  contentType: string;
  location: string | null;
  robotsHeader: string | null;
  /** The body of an HTML page that answered 200. */
  html?: string;
}

/**
 * The path (and query) of a link when it points into the site; null for
 * other sites, tel:/mailto: and the like, and the JSON API.
 */
export function internalPath(href: string, pageUrl: string, origins: string[]): string | null {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!origins.includes(url.origin)) return null;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return null;
  return url.pathname + url.search;
}

/** The paths of /sitemap.xml's <loc>s (each must be under the public URL), and the <loc>s as written. */
export async function sitemapPaths(baseUrl: string, publicUrl: string): Promise<{ paths: string[]; locs: string[] }> {
  const res = await fetch(`${baseUrl}/sitemap.xml`);
  if (res.status !== 200) throw new Error(`/sitemap.xml answered ${res.status}`);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => decodeEntities(loc));
  const paths = locs.filter((loc) => loc.startsWith(`${publicUrl}/`)).map((loc) => loc.slice(publicUrl.length));
  return { paths, locs };
}

/** GETs one internal address (redirects not followed: a link should point at the page itself). */
export async function fetchPage(baseUrl: string, path: string): Promise<CrawledPage> {
  const res = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
  const contentType = res.headers.get("content-type") ?? "";
  const page: CrawledPage = {
    path,
    status: res.status,
    contentType,
    location: res.headers.get("location"),
    robotsHeader: res.headers.get("x-robots-tag"),
  };
  if (res.status === 200 && contentType.startsWith("text/html")) page.html = await res.text();
  else await res.arrayBuffer();
  return page;
}

/** The internal paths the page's `<a href>`s point to, each once, in the order they appear. */
export function internalLinks(page: CrawledPage, baseUrl: string, publicUrl: string): string[] {
  if (!page.html) return [];
  const origins = [new URL(baseUrl).origin, new URL(publicUrl).origin];
  const links = new Set<string>();
  for (const a of startTags(withoutScripts(page.html), "a")) {
    const target = a.href === undefined ? null : internalPath(a.href, `${baseUrl}${page.path}`, origins);
    if (target !== null) links.add(target);
  }
  return [...links];
}

/**
 * The site as a test file walks it: each address fetched at most once, however
 * many tests ask for it (a page and every page that links to it).
 */
export function siteReader(baseUrl: () => string, publicUrl: string) {
  const fetched = new Map<string, Promise<CrawledPage>>();
  const get = (path: string) => {
    let page = fetched.get(path);
    if (!page) fetched.set(path, (page = fetchPage(baseUrl(), path)));
    return page;
  };
  return {
    get,
    links: (page: CrawledPage) => internalLinks(page, baseUrl(), publicUrl),
  };
}
