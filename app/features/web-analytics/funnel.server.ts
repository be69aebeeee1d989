import type { RangeRefusal } from "~/components/staff/range-picker";
import type { Db } from "~/db/client.server";
import { frameScope, readFrame, type AnalyticsFrame } from "./analytics-view.server";
import { funnelCounts } from "./figures.server";
import { funnelPaths } from "./funnel-paths.server";

export const FUNNEL_STEPS = [
  "Visited the website",
  "Viewed a service or condition page",
  "Then opened a request page",
  "Then sent a request",
] as const;

export interface FunnelStep {
  name: string;
  visits: number;
  /** Share of all visits that got this far; null without visits. */
  ofStart: number | null;
  /** Visits lost since the step before (0 for the first), and their share of it. */
  dropped: number;
  droppedShare: number | null;
}

export type FunnelView =
  { frame: AnalyticsFrame; steps: FunnelStep[]; topics: number } | { frame: null; refused: RangeRefusal };

export function funnelSteps(counts: readonly number[]): FunnelStep[] {
  const start = counts[0] ?? 0;
  return FUNNEL_STEPS.map((name, i) => {
    const visits = counts[i] ?? 0;
    const before = i === 0 ? visits : (counts[i - 1] ?? 0);
    return {
      name,
      visits,
      ofStart: start > 0 ? visits / start : null,
      dropped: before - visits,
      droppedShare: i === 0 ? null : before > 0 ? (before - visits) / before : null,
    };
  });
}

/** /admin/analytics/funnel: visits from landing to a request, step by step, for the range and filters. */
export async function funnelView(
  db: Db,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ status: 200 | 400; view: FunnelView }> {
  const reading = await readFrame(db, params, now);
  if (!reading.ok) return { status: 400, view: { frame: null, refused: reading.refused } };
  const { frame } = reading;
  const paths = await funnelPaths(db);
  const counts = await funnelCounts(db, frameScope(frame), paths);
  return { status: 200, view: { frame, steps: funnelSteps(counts), topics: paths.topics.length } };
}
