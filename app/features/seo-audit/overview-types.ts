import type { FormAnswer } from "~/lib/form-answer";
import type { ProblemDetails } from "./audit-types";
import type { ProblemCode, Severity } from "./problem-catalogue";

/** What /admin/seo shows (no server code: the page imports it). */

/** A moment, for a <time> element and in the clinic's words. */
export interface When {
  iso: string;
  text: string;
}

export interface RunSummary {
  id: number;
  trigger: string;
  startedAt: When;
  finishedAt: When;
  durationMs: number;
  /** Every address read; pages are those that answered with a page (200, HTML). */
  addressCount: number;
  pageCount: number;
  siteScore: number | null;
  counts: Record<Severity, number>;
  limitReached: boolean;
  sitemapError: string | null;
  robotsError: string | null;
}

export interface RunProgress {
  id: number;
  trigger: string;
  startedAt: When;
  found: number;
  done: number;
  /** Its heartbeat stopped: the server running it went away (the next check takes over). */
  stale: boolean;
}

export interface ProblemGroup {
  code: ProblemCode;
  /** Problems of this kind, and the distinct pages they are on. */
  problems: number;
  pages: number;
  /** The first few (all of them when this kind is chosen), by address. */
  items: { path: string; details: ProblemDetails }[];
}

export interface OverviewData {
  finished: RunSummary | null;
  running: RunProgress | null;
  /** The last check failed after the latest finished one: when and why. */
  failed: { at: When; failure: string } | null;
  filters: { severity?: Severity; kind?: ProblemCode };
  ignored: string[];
  groups: ProblemGroup[];
}

export type OverviewAnswer = FormAnswer & { intent: string };

/**
 * What /admin/seo/progress answers (JSON): how far the running check has got,
 * or null when none runs (any more). The open overview asks for this while a
 * check runs, and for its own data once when it ends.
 */
export interface ProgressAnswer {
  running: Pick<RunProgress, "id" | "found" | "done" | "stale"> | null;
}
