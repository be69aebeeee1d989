import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * How a figure moved since the period before, in words: "relative" for
 * counts and times (a percentage), "points" for shares given as 0–1
 * (percentage points: 40 % → 45 % is up 5 points, not up 12.5 %).
 */
export type ChangeKind = "relative" | "points";

/** Which way is good news: more requests, fewer overdue, shorter waits. */
export type GoodDirection = "up" | "down" | "neither";

export interface StatChange {
  direction: "up" | "down" | "same" | "none";
  /** "Up 25% from 40", "Down 3.5 points from 42.0%", "Same as before (40)", "No earlier data to compare with" */
  words: string;
  /** Better, worse, or neither (for the colour, which never says it alone). */
  verdict: "better" | "worse" | null;
}

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const smallPercent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const points = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/**
 * The change from `previous` to `value` in words (StatCard's third line).
 * Nothing to compare with (no earlier figure, or 0 for a percentage) says
 * so rather than inventing a change.
 */
export function statChange(
  value: number,
  previous: number | null,
  {
    change = "relative",
    format,
    good = "neither",
  }: { change?: ChangeKind; format: (n: number) => string; good?: GoodDirection },
): StatChange {
  if (previous === null) return { direction: "none", words: "No earlier data to compare with", verdict: null };
  const verdictOf = (direction: "up" | "down") => (good === "neither" ? null : direction === good ? "better" : "worse");
  if (change === "points") {
    const delta = (value - previous) * 100;
    if (Math.abs(delta) < 0.05)
      return { direction: "same", words: `Same as before (${format(previous)})`, verdict: null };
    const direction = delta > 0 ? "up" : "down";
    const amount = points.format(Math.abs(delta));
    return {
      direction,
      words: `${direction === "up" ? "Up" : "Down"} ${amount} ${amount === "1" ? "point" : "points"} from ${format(previous)}`,
      verdict: verdictOf(direction),
    };
  }
  if (value === previous) return { direction: "same", words: `Same as before (${format(previous)})`, verdict: null };
  if (previous === 0) return { direction: "none", words: "No earlier data (none in the period before)", verdict: null };
  const direction = value > previous ? "up" : "down";
  const ratio = Math.abs(value - previous) / previous;
  return {
    direction,
    // A change under 10 % keeps a decimal: "Down 0.3%", not "Down 0%".
    words: `${direction === "up" ? "Up" : "Down"} ${(ratio < 0.1 ? smallPercent : percent).format(ratio * 100)}% from ${format(previous)}`,
    verdict: verdictOf(direction),
  };
}

export interface StatCardProps {
  label: string;
  /** The figure; null when it cannot be computed (never shown as 0). */
  value: number | null;
  /** The same figure in the period before: undefined for a figure with no comparison, null when unknown. */
  previous?: number | null;
  format: (n: number) => string;
  change?: ChangeKind;
  good?: GoodDirection;
  /** Why the figure cannot be computed ("No request was contacted in this range."). */
  unavailable?: string;
  /** A line under the figure: what it counts. */
  note?: React.ReactNode;
  className?: string;
}

const verdictClass = { better: "text-primary-dark", worse: "text-danger" } as const;

/**
 * One figure of a report with its change since the period before. The
 * change is in words (up or down, by how much, from what, better or worse):
 * the arrow and colour only repeat it. A figure that cannot be computed
 * says "Not enough data" and why, never a 0.
 */
export function StatCard({
  label,
  value,
  previous,
  format,
  change = "relative",
  good = "neither",
  unavailable = "There is nothing to measure in this range yet.",
  note,
  className,
}: StatCardProps) {
  const moved = value === null || previous === undefined ? null : statChange(value, previous, { change, format, good });
  const Icon = moved?.direction === "up" ? ArrowUp : moved?.direction === "down" ? ArrowDown : Minus;
  return (
    <div className={cn("grid content-start gap-1.5 rounded-2xl border border-line bg-surface p-4", className)}>
      <p className="text-sm font-semibold text-muted">{label}</p>
      {value === null ? (
        <>
          <p className="text-xl font-bold text-primary-dark">Not enough data</p>
          <p className="text-sm text-muted">{unavailable}</p>
        </>
      ) : (
        <p className="text-3xl font-bold tabular-nums text-ink">{format(value)}</p>
      )}
      {moved ? (
        <p className={cn("flex items-start gap-1 text-sm", moved.verdict ? verdictClass[moved.verdict] : "text-muted")}>
          {moved.direction === "none" ? null : <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />}
          <span>
            {moved.words}
            {moved.verdict ? ` (${moved.verdict})` : null}
          </span>
        </p>
      ) : null}
      {note ? <div className="text-sm text-muted">{note}</div> : null}
    </div>
  );
}
