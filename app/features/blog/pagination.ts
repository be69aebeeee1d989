/** Where the list's pages live: /blog, then /blog/page/2, /blog/page/3 … */
export function blogPagePath(page: number) {
  return page <= 1 ? "/blog" : `/blog/page/${page}`;
}

export const FEED_PATH = "/blog/rss.xml";

/**
 * The page number in /blog/page/{n}: a plain positive number without leading
 * zeros (so every page has one address), or null. "1" is returned as 1 so the
 * route can send it to /blog.
 */
export function parsePageParam(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,5}$/.test(param)) return null;
  return Number(param);
}

/**
 * The page numbers the pagination shows: the first, the last, and the current
 * one with its neighbours; null marks a gap ("…").
 */
export function pageWindow(current: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of shown.entries()) {
    const gap = i === 0 ? 1 : n - shown[i - 1]!;
    // A gap of one page shows that page: "…" would hide no more than a number does.
    if (gap === 2) out.push(n - 1);
    else if (gap > 2) out.push(null);
    out.push(n);
  }
  return out;
}
