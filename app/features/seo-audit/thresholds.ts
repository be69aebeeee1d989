import { VITAL_INFO } from "~/features/web-analytics/vitals";
import { META_LIMITS } from "~/lib/meta-limits";

/**
 * Every number the site audit judges by, named once. The search title and
 * description limits are the site's own (app/lib/meta-limits.ts, which the
 * content checks enforce); pixel widths come from SERP_LIMITS
 * (seo-text/serp-width.ts) and are shown beside them.
 */
export const AUDIT_LIMITS = {
  ...META_LIMITS,
  /** Shorter titles leave words that searchers look for unsaid. */
  titleMin: 30,
  /**
   * Fewer words than this in a page's main content (header, menus and footer
   * not counted) is a thin page. Google counts no words, but a page this
   * short rarely answers what someone searched for. Pages whose job is a
   * form are judged by their form, not their words.
   */
  thinPageWords: 150,
  /** Google's Largest Contentful Paint thresholds (web.dev), as the analytics' speed page uses them. */
  lcpGoodMs: VITAL_INFO.LCP.good,
  lcpPoorMs: VITAL_INFO.LCP.poor,
  /** Real-visitor speed is read over the same window as Google's own report (the Chrome UX Report). */
  speedDays: 28,
  /** A page needs this many LCP measurements before its 75th percentile is judged. */
  speedMinSamples: 5,
} as const;

/** The crawl stops after this many addresses (a link generator gone wrong must not run for ever). */
export const MAX_AUDIT_URLS = 5000;

/**
 * How many pages the crawl asks for at once. Renders share one thread (a
 * worker's, or the server's own in development), so more would only queue;
 * several keep it busy while others wait for the database (on PGlite through
 * the server's thread). Measured on the demo site: 8 read it faster than 4.
 */
export const CRAWL_CONCURRENCY = 8;

/** How far a redirect is followed before it is called a loop (browsers give up at about 20). */
export const MAX_REDIRECT_HOPS = 10;
