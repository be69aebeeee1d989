import { execFile } from "node:child_process";
import fs from "node:fs";

/**
 * The cores of a machine split between the site audit's child and the thread that answers
 * visitors (decision 0052). The child keeps to the last core this server may use; while it runs
 * a check, the server's main thread keeps to the others (the child sets that too), so the two
 * never take turns on one core and the server's own caches (L1, L2) are never the child's. Measured on this machine's two
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
let turn: Promise<boolean> = Promise.resolve(true);
/** True once the thread has the cores; false when taskset is missing or not allowed (the scheduler places it, as before). */
const taskset = (cores: string, pid: number) => {
  turn = turn.then(
    () =>
      new Promise<boolean>((done) => execFile("taskset", ["-p", "-c", cores, String(pid)], (error) => done(!error))),
  );
  return turn;
};

/** Keeps `pid`'s main thread (its thread id is the process id) to `cores` until undone, when it gets `all` back. */
function keepThread(pid: number, cores: string, all: string): Kept {
  const settled = taskset(cores, pid);
  let undone: Promise<boolean> | null = null;
  return { settled, undo: () => (undone ??= taskset(all, pid)) };
}

export interface Kept {
  /** True once the thread keeps off the core; false when nothing was kept (one core, no taskset). */
  settled: Promise<boolean>;
  /** Gives the thread every core it had; a second call does nothing more. */
  undo: () => Promise<unknown>;
}

const NOTHING_KEPT: Kept = { settled: Promise.resolve(false), undo: () => Promise.resolve() };

/** `all` without `core`, as taskset takes it ("0,2"). */
const without = (all: string, core: number) =>
  parseCores(all)
    .filter((c) => c !== core)
    .join(",");

/**
 * What the audit's child is told (server/audit-child.ts reads it): its core, and this server's
 * cores and process, whose main thread the child keeps off its core while a run is under way.
 * The child does that work rather than the server: starting a process from the server's
 * 600–700 MB costs its thread about 12 ms each time (a CPU profile during a thousand-page audit,
 * 2026-11-28), a stall the visitors would wait through; the child's stalls hold no one up.
 */
export function childCoreEnv(): Record<string, string> {
  const core = auditCore();
  if (core === null || OWN_CORES === null) return {};
  return { AUDIT_CORE: String(core), AUDIT_SERVER_CORES: OWN_CORES, AUDIT_SERVER_PID: String(process.pid) };
}

/**
 * The child's side: keeps the server's main thread (only that thread, not V8's or libuv's helpers)
 * off the audit's core until the returned undo, which gives it back every core it had. Threads
 * the server's main thread starts meanwhile inherit the narrower set: the server starts its helpers
 * when it starts, so none is expected; and a child started meanwhile takes its core from
 * `AUDIT_CORE`, not from the set it was born with.
 */
export function keepServerOffAuditCore(env: NodeJS.ProcessEnv = process.env): Kept {
  const core = Number(env.AUDIT_CORE);
  const pid = Number(env.AUDIT_SERVER_PID);
  const all = env.AUDIT_SERVER_CORES;
  if (!all || !Number.isInteger(core) || !Number.isInteger(pid) || env.AUDIT_CORE === "") return NOTHING_KEPT;
  return keepThread(pid, without(all, core), all);
}

/**
 * The server's side, for a run whose child went away mid-run (killed, crashed) before it could
 * undo its keeping: this process's main thread gets every core it had back. A `taskset` the child
 * started just before it went may still land after this one, so it looks again a second later.
 * It starts a process only when the thread is in fact kept.
 */
export function restoreMainThread(): void {
  if (OWN_CORES === null) return;
  const all = OWN_CORES;
  const restore = () => {
    // /proc/self/status is the main thread's (its thread id is the process id).
    if (ownCores() !== all) void taskset(all, process.pid);
  };
  restore();
  setTimeout(restore, 1000).unref();
}
