import type { RequestsInFlight } from "./requests-in-flight";

/**
 * A stop lasts until the server has answered what it had, or this long at
 * most; after a stop that ran out, the child runs at least as long before the
 * next (under a stream of requests that never leaves the server idle, the
 * audit still gets half the time and ends).
 */
export const LONGEST_STOP_MS = 50;

export interface YieldFigures {
  /** How many times the child was stopped, and for how long in all. */
  stops: number;
  stoppedMs: number;
}

/**
 * Stops the site audit's child process (SIGSTOP, every thread of it) while
 * this server answers a request, and lets it go on (SIGCONT) as soon as the
 * server has none (decision 0052). Its scheduling (nice 19, SCHED_IDLE, its
 * own core) already gives the server's thread the processor at once; what
 * it cannot give back is the memory system: on this machine a process that
 * renders pages on the other core (allocating, writing memory) made the
 * server's answers ×1.6–2.0 slower at the 95th percentile, one that only
 * computes ×1.03–1.35, and the renderer stopped while each request is in
 * flight ×1.14–1.39 (bench/neighbour.js and its first drafts, 2026-11-27;
 * docs/benchmarks.md).
 * Visitors' requests are answered in about a millisecond, so the audit loses
 * a few per cent of its time at the clinic's traffic.
 *
 * Returns the release: the child goes on (whatever the server is doing) and
 * is never stopped again by this gate; with the figures.
 */
export function yieldToRequests(pid: number, requests: RequestsInFlight): () => YieldFigures {
  let stoppedAt: number | null = null;
  let capped: NodeJS.Timeout | undefined;
  let runUntil = 0;
  let released = false;
  const figures: YieldFigures = { stops: 0, stoppedMs: 0 };
  const signal = (name: "SIGSTOP" | "SIGCONT") => {
    try {
      process.kill(pid, name);
      return true;
    } catch {
      // Gone already: its exit is handled where it was started.
      return false;
    }
  };
  const resume = () => {
    clearTimeout(capped);
    if (stoppedAt === null) return;
    figures.stoppedMs += performance.now() - stoppedAt;
    stoppedAt = null;
    signal("SIGCONT");
  };
  const stop = () => {
    if (released || stoppedAt !== null || performance.now() < runUntil) return;
    if (!signal("SIGSTOP")) return;
    stoppedAt = performance.now();
    figures.stops += 1;
    capped = setTimeout(() => {
      resume();
      runUntil = performance.now() + LONGEST_STOP_MS;
    }, LONGEST_STOP_MS);
    capped.unref();
  };
  const unlisten = requests.listen({ busy: stop, idle: resume });
  // A request already under way when the run began: the child waits for its end too.
  if (requests.busy) stop();
  return () => {
    released = true;
    unlisten();
    resume();
    return { stops: figures.stops, stoppedMs: Math.round(figures.stoppedMs) };
  };
}
