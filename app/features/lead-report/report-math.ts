import type { Share } from "./report-types";

/**
 * The report's small rules that the page needs in the browser too; nothing
 * here imports the database schema or the server's shaping.
 */

/** Long lists show this many rows and then one row for everything else. */
export const TOP_ROWS = 15;
/** A heat-map cell with fewer measured requests than this is flagged: its median says little. */
export const FEW_REQUESTS = 5;
/** The key of the "Everything else" row. */
export const REST_KEY = "*";

/** A part of a whole; no share when the whole is 0 (never a made-up 0 %). */
export function share(count: number, of: number): Share {
  return { count, of, share: of > 0 ? count / of : null };
}
