/**
 * The opportunities' rules, named once: the report finds them with these and
 * the page explains them with the same numbers.
 */

/**
 * How often a result is clicked at each position of Google's first page, as
 * a percentage of the people who see it: SISTRIX's 2020 study of 80 million
 * keywords (28.5% at 1, 15.7% at 2, 11% at 3, 2.5% at 10; the others read
 * from its chart). Typical, not a promise: a page of ads or a map pulls the
 * whole curve down.
 */
export const TYPICAL_CTR_BY_POSITION = [28.5, 15.7, 11.0, 8.0, 7.2, 5.1, 4.0, 3.2, 2.8, 2.5] as const;

/** "Many impressions": a search the site was shown for at least this often in the period. */
export const LOW_CTR_MIN_IMPRESSIONS = 100;
/** "Low CTR for its position": clicked less than this share of the typical rate at that position. */
export const LOW_CTR_SHARE_OF_TYPICAL = 0.5;
/** The low-CTR list looks at Google's first page only: below it, few clicks are the position's doing. */
export const LOW_CTR_MAX_POSITION = 10;

/** "Almost at the top": an average position from this… */
export const NEAR_TOP_FROM_POSITION = 5;
/** …to this, both included (the bottom of the first page and the second page). */
export const NEAR_TOP_TO_POSITION = 20;
/** …for a search seen at least this often, so one stray impression is no opportunity. */
export const NEAR_TOP_MIN_IMPRESSIONS = 20;

/** The typical CTR (percent) at an average position, or null past the first page. */
export function typicalCtr(position: number): number | null {
  const rank = Math.max(1, Math.round(position));
  return rank <= TYPICAL_CTR_BY_POSITION.length ? TYPICAL_CTR_BY_POSITION[rank - 1]! : null;
}

export interface SearchFigures {
  impressions: number;
  /** Percent, as Search Console writes it. */
  ctr: number;
  position: number;
}

/** Seen often near the top, yet clicked less than half as often as results at that position usually are. */
export function isLowCtr({ impressions, ctr, position }: SearchFigures): boolean {
  if (impressions < LOW_CTR_MIN_IMPRESSIONS || position > LOW_CTR_MAX_POSITION + 0.5) return false;
  const typical = typicalCtr(position);
  return typical !== null && ctr < typical * LOW_CTR_SHARE_OF_TYPICAL;
}

/** Just below the top results or on the second page, and seen often enough to matter. */
export function isNearTop({ impressions, position }: SearchFigures): boolean {
  return (
    impressions >= NEAR_TOP_MIN_IMPRESSIONS && position >= NEAR_TOP_FROM_POSITION && position <= NEAR_TOP_TO_POSITION
  );
}
