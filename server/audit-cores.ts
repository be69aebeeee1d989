import { execFile } from "node:child_process";
import fs from "node:fs";

/**
 * The cores of a machine split between the site audit's child and the thread that answers
 * visitors (decision 0052). The child keeps to the last core this server may use; while it runs
 * a check, the server's main thread keeps to the others, so the two never take turns on one
 * core and the server's own caches (L1, L2) are never the child's. Measured on this machine's two
 * cores (bench/neighbour.js, 2026-11-28, five rounds): visitors' p95 beside a renderer stopped
 * while requests are in flight ×1.20 of nothing's, and ×1.08 with the main thread kept off the
 * renderer's core, its rounds' spread 1.12–1.31 ms against 1.22–2.49.
 *
 * `taskset` (util-linux) does the work: only on Linux, and where it is missing nothing changes.
 */

/** This process's cores as the kernel lists them ("0-1"), read as this module loads: before any keeping. */
const OWN_CORES = ownCores();

function ownCores(): string | null {
  try {
    return /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? null;
  } catch {
    // Not Linux.
    return null;
  }
}

/** "0-2,5" → [0, 1, 2, 5]. */
export function parseCores(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to)) return [];
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}

/** The core the audit's child keeps to: the last of the server's, when it has more than one (else null). */
export function auditCore(list: string | null = OWN_CORES): number | null {
  const cores = list ? parseCores(list) : [];
  return cores.length > 1 ? Math.max(...cores) : null;
}

// One `taskset` at a time, in the order asked: a keep and its undo never overtake each other.
let turn: Promise<unknown> = Promise.resolve();
const taskset = (cores: string, pid: number) => {
  turn = turn.then(
    () =>
      new Promise<void>((done) =>
        execFile("taskset", ["-p", "-c", cores, String(pid)], () => {
          // Missing or not allowed: the scheduler places the thread, as before.
          done();
        }),
      ),
  );
  return turn;
};

/**
 * Keeps this process's main thread (its thread id is the process id: only that thread, not V8's
 * or libuv's helpers) off the audit's core until the returned undo is called, which gives it back
 * every core it had. Threads the main thread starts meanwhile inherit the narrower set: the server
 * starts its helpers when it starts, so none is expected; and the child takes its core from
 * `AUDIT_CORE` (childEnv below), not from the set it was born with.
 */
export function keepMainThreadOffAuditCore(): { settled: Promise<unknown>; undo: () => Promise<unknown> } {
  const core = auditCore();
  if (core === null || OWN_CORES === null) return { settled: Promise.resolve(), undo: () => Promise.resolve() };
  const others = parseCores(OWN_CORES)
    .filter((c) => c !== core)
    .join(",");
  const settled = taskset(others, process.pid);
  let undone: Promise<unknown> | null = null;
  return { settled, undo: () => (undone ??= taskset(OWN_CORES, process.pid)) };
}

/** What the audit's child is told of its core (server/audit-child.ts reads it). */
export function childCoreEnv(): Record<string, string> {
  const core = auditCore();
  return core === null ? {} : { AUDIT_CORE: String(core) };
}
