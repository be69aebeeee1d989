import { sql, type SQL } from "drizzle-orm";

/**
 * What the rollup tables hold for a day; a day rolled up by another layout
 * is read raw and rolled up again. 1: with the filter slices (slices.ts).
 * 2: with the web vitals' histograms (analytics_day_vitals). Raise it
 * whenever a change alters what a day's rows are.
 */
export const ROLLUP_LAYOUT = 2;

/** A condition on an analytics_rollup_days row: rolled up in this time zone (the setting's) and layout. */
export function isCurrentRollup(alias: SQL, zone: string): SQL {
  return sql`${alias}.time_zone = ${zone} and ${alias}.layout = ${ROLLUP_LAYOUT}`;
}
