import { MICROS } from "./money";

/**
 * Budget pacing for a month (no server code): what an even pace would have
 * spent by the last day with imported figures, what was spent, and where
 * the month ends at this rate. Money in micros.
 */
export interface Pacing {
  /** Days of the month counted: the 1st through the last day with figures. */
  daysCounted: number;
  daysInMonth: number;
  budgetMicros: number;
  spentMicros: number;
  /** budget × days counted ÷ days in the month. */
  evenPaceMicros: number;
  /** spent ÷ days counted × days in the month; null before any day is counted. */
  projectedMicros: number | null;
  /** Spent against the even pace: within 10% either way is on pace. */
  state: "ahead" | "on-pace" | "behind" | "not-started";
}

/** Within this share of the even pace (either way), spending is on pace. */
export const PACE_TOLERANCE = 0.1;

/** "YYYY-MM-01" → days in that month. */
export function daysInMonth(month: string): number {
  const [year, mon] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, mon!, 0)).getUTCDate();
}

/**
 * The pacing of a budget for `month` ("YYYY-MM-01"), its spend counted
 * through `through` ("YYYY-MM-DD", the last day with imported figures;
 * null when the month has none yet).
 */
export function pace(month: string, budgetMicros: number, spentMicros: number, through: string | null): Pacing {
  const days = daysInMonth(month);
  const counted = through && through.slice(0, 7) === month.slice(0, 7) ? Number(through.slice(8, 10)) : 0;
  // Rounded to whole micros: both are shown rounded to the cent.
  const evenPace = Math.round((budgetMicros * counted) / days);
  const projected = counted > 0 ? Math.round((spentMicros / counted) * days) : null;
  let state: Pacing["state"] = "not-started";
  if (counted > 0) {
    const ratio = evenPace > 0 ? spentMicros / evenPace : spentMicros > 0 ? Infinity : 1;
    state = ratio > 1 + PACE_TOLERANCE ? "ahead" : ratio < 1 - PACE_TOLERANCE ? "behind" : "on-pace";
  }
  return {
    daysCounted: counted,
    daysInMonth: days,
    budgetMicros,
    spentMicros,
    evenPaceMicros: evenPace,
    projectedMicros: projected,
    state,
  };
}

/** The projection as a share of the budget (1.12 for 112%); null when there is no projection. */
export function projectedShare(pacing: Pacing): number | null {
  return pacing.projectedMicros === null ? null : pacing.projectedMicros / pacing.budgetMicros;
}

/** Whole currency units from micros, for the budget form's value ("1500.00"). */
export function amountInput(micros: number, decimals: number): string {
  return (micros / MICROS).toFixed(decimals);
}
