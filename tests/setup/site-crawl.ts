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

export interface Crawl {
  pages: Map<string, CrawledPage>;
  /** Every internal path and the pages that link to it (or the name of the list it started from). */
  linkedFrom: Map<string, Set<string>>;
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

/**
 * Follows every internal `<a href>` from the starting paths, a few requests
 * at a time over keep-alive connections, and records what each answered.
 * Redirects are not followed: a link should point at the page itself.
 */
export async function crawlSite(options: {
  baseUrl: string;
  publicUrl: string;
  /** Where to start: paths, each with where it came from ("/sitemap.xml", say). */
  start: { path: string; from: string }[];
  concurrency?: number;
}): Promise<Crawl> {
  const { baseUrl, publicUrl, concurrency = 4 } = options;
  const origins = [new URL(baseUrl).origin, new URL(publicUrl).origin];
  const pages = new Map<string, CrawledPage>();
  const linkedFrom = new Map<string, Set<string>>();
  const queue: string[] = [];
  const enqueue = (path: string, from: string) => {
    let referrers = linkedFrom.get(path);
    if (!referrers) {
      linkedFrom.set(path, (referrers = new Set()));
      queue.push(path);
    }
    referrers.add(from);
  };
  for (const { path, from } of options.start) enqueue(path, from);

  async function visit(path: string) {
    const res = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    const contentType = res.headers.get("content-type") ?? "";
    const page: CrawledPage = {
      path,
      status: res.status,
      contentType,
      location: res.headers.get("location"),
      robotsHeader: res.headers.get("x-robots-tag"),
    };
    if (res.status === 200 && contentType.startsWith("text/html")) {
      page.html = await res.text();
      for (const a of startTags(withoutScripts(page.html), "a")) {
        const target = a.href === undefined ? null : internalPath(a.href, `${baseUrl}${path}`, origins);
        if (target !== null) enqueue(target, path);
      }
    } else {
      await res.arrayBuffer();
    }
    pages.set(path, page);
  }

  let next = 0;
  await new Promise<void>((resolve, reject) => {
    let active = 0;
    const pump = () => {
      while (active < concurrency && next < queue.length) {
        active++;
        visit(queue[next++]).then(() => {
          active--;
          pump();
        }, reject);
      }
      if (active === 0 && next >= queue.length) resolve();
    };
    pump();
  });
  return { pages, linkedFrom };
}
