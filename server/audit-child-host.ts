import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import type { Database } from "~/db/client.server";
import { snapshotContent, type ContentSnapshot } from "~/db/pglite-replica.server";
import type { SiteReader } from "~/features/seo-audit/audit-runner.server";
import type { AuditProblem, InventoryRow } from "~/features/seo-audit/audit-types";
import { RESULT_PIECE, type AuditChildMessage, type AuditHostMessage } from "./audit-child";
import type { Logger } from "./logger";

/**
 * The production server's way of reading its pages for the site audit
 * (decision 0030): a child process (server/audit-child.ts) that loads this
 * same server bundle, brings up its own instance of the site and crawls it.
 * It runs at nice 19, every thread of it (V8's garbage collection and
 * compilation included, which a worker thread would share with the server's
 * process at its priority). On PGlite it reads a copy of the content, sent
 * with each run; on PostgreSQL it has its own small pool.
 *
 * The child is started in advance when a staff member opens the audit's page
 * (prewarm), so the re-check button finds it ready, and it serves run after
 * run; it is stopped once it has been idle for `idleMs`.
 */

/** How long an idle child is kept (a staff member reading the overview may press the button). */
export const CHILD_IDLE_MS = 5 * 60_000;

// V8's flags for the child: the server's own, a bound on its old generation (a page that renders out of control
// must not take the machine's memory with it) and a larger young generation (fewer scavenges while rendering).
const CHILD_FLAGS = ["--max-old-space-size=768", "--max-semi-space-size=32"];

interface Child {
  process: ChildProcess;
  startedAt: number;
  /** Resolves when the child is ready for a run (replaced at each run); rejects if it goes first. */
  ready: Promise<void>;
  markReady: () => void;
  /** A new `ready`, to wait for the child to be ready again (after a run). */
  waitReady: () => void;
  /** The run under way's handlers. */
  onMessage: ((message: AuditChildMessage) => void) | null;
  onExit: ((reason: string) => void) | null;
  idle?: NodeJS.Timeout;
}

export interface ChildReaderOptions {
  /** The server bundle's own file URL (import.meta.url of server/main.ts, built). */
  bundleUrl: string;
  database: Database;
  databaseUrl?: string;
  secret: string;
  logger: Logger;
  idleMs?: number;
}

export function childReader(options: ChildReaderOptions): SiteReader {
  const { database, logger } = options;
  const idleMs = options.idleMs ?? CHILD_IDLE_MS;
  // PGlite: a migrated empty database, made by the first child that needed one; later children start from it.
  let emptyDatabase: Uint8Array<ArrayBuffer> | undefined;
  let current: Child | null = null;

  function startChild(): Child {
    const code = `import(${JSON.stringify(options.bundleUrl)}).then((bundle) => bundle.runAuditChild())`;
    const proc = spawn(process.execPath, [...process.execArgv, ...CHILD_FLAGS, "--input-type=module", "-e", code], {
      // Its warnings and errors go where the server's go.
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    // At once, so the threads it makes from now on take nice 19 from its main thread (it lowers the others itself).
    try {
      if (proc.pid) os.setPriority(proc.pid, 19);
    } catch {
      // Not allowed here: the child lowers itself.
    }
    let rejectReady: (error: Error) => void = () => {};
    const child: Child = {
      process: proc,
      startedAt: performance.now(),
      ready: Promise.resolve(),
      markReady: () => {},
      waitReady: () => {},
      onMessage: null,
      onExit: null,
    };
    child.waitReady = () => {
      child.ready = new Promise<void>((resolve, reject) => {
        child.markReady = resolve;
        rejectReady = reject;
      });
      child.ready.catch(() => {});
    };
    child.waitReady();
    let first = true;
    proc.on("message", (message: AuditChildMessage) => {
      if (message.type === "empty-database") emptyDatabase = message.empty;
      else if (message.type === "ready") {
        if (first)
          logger.info(
            { pid: proc.pid, readyMs: Math.round(performance.now() - child.startedAt) },
            "site audit: child process ready",
          );
        first = false;
        child.markReady();
      } else if (child.onMessage) child.onMessage(message);
      else if (message.type === "failed") {
        // Failed before any run (its set-up): it is of no use.
        logger.warn({ err: message.message }, "site audit: the child process could not start");
        proc.kill();
      }
    });
    proc.once("exit", (code, signal) => {
      if (current === child) current = null;
      clearTimeout(child.idle);
      const reason = `The check's process stopped unexpectedly (${signal ?? `exit code ${code}`}).`;
      rejectReady(new Error(reason));
      child.onExit?.(reason);
    });
    // Errors sending to a child that is going are answered by its exit.
    proc.on("error", () => {});
    const init: AuditHostMessage = {
      type: "init",
      secret: options.secret,
      databaseUrl: options.databaseUrl,
      empty: emptyDatabase,
    };
    proc.send(init);
    return child;
  }

  /** The child, started if there is none; its idle timer stopped (a run or a look at the page is coming). */
  function childNow(): Child {
    current ??= startChild();
    clearTimeout(current.idle);
    return current;
  }

  function stopWhenIdle(child: Child): void {
    clearTimeout(child.idle);
    child.idle = setTimeout(() => child.process.kill(), idleMs);
    child.idle.unref();
  }

  const send = (child: Child, message: AuditHostMessage) => {
    if (child.process.connected) child.process.send(message);
  };

  return {
    mode: "child-process",
    prewarm() {
      const child = childNow();
      if (!child.onMessage) stopWhenIdle(child);
    },
    close() {
      current?.process.kill();
      current = null;
    },
    async read(request, speed, hooks) {
      const child = childNow();
      try {
        await child.ready;
        hooks.signal.throwIfAborted();
        let snapshot: ContentSnapshot | undefined;
        if (database.pglite) {
          const started = performance.now();
          snapshot = await snapshotContent(database.pglite);
          logger.info(
            {
              tables: snapshot.length,
              bytes: snapshot.reduce((sum, [, rows]) => sum + (rows?.byteLength ?? 0), 0),
              snapshotMs: Math.round(performance.now() - started),
            },
            "site audit: the child reads a copy of the content",
          );
        }
        return await new Promise((resolve, reject) => {
          let settled = false;
          const settle = (done: () => void) => {
            if (settled) return;
            settled = true;
            hooks.signal.removeEventListener("abort", abort);
            child.onMessage = null;
            child.onExit = null;
            done();
          };
          const abort = () =>
            settle(() => {
              // Abandoned mid-run: the child's state is unknown, so it goes.
              child.process.kill();
              reject(hooks.signal.reason);
            });
          hooks.signal.addEventListener("abort", abort, { once: true });
          child.onExit = (reason) => settle(() => reject(new Error(reason)));
          // The results, a piece at a time, each asked for once the one before is in and the event loop has had a
          // turn: reading them never holds a visitor up for long.
          const pieces = new Map<string, (items: unknown[]) => void>();
          const ask = <T>(part: "rows" | "problems", from: number) =>
            new Promise<T[]>((resolveItems) => {
              pieces.set(`${part}:${from}`, resolveItems as (items: unknown[]) => void);
              send(child, { type: "send", part, from });
            });
          const collect = async <T>(part: "rows" | "problems", count: number, size: number): Promise<T[]> => {
            const items: T[] = [];
            for (let from = 0; from < count; from += size) {
              await new Promise<void>((next) => setImmediate(next));
              items.push(...(await ask<T>(part, from)));
            }
            return items;
          };
          child.onMessage = (message) => {
            if (message.type === "progress") hooks.onProgress(message);
            else if (message.type === "rows") pieces.get(`rows:${message.from}`)?.(message.rows);
            else if (message.type === "problems") pieces.get(`problems:${message.from}`)?.(message.problems);
            else if (message.type === "failed") settle(() => reject(new Error(message.message)));
            else if (message.type === "done") {
              const { summary } = message;
              (async () => {
                const rows = await collect<InventoryRow>("rows", message.rows, RESULT_PIECE);
                const problems = await collect<AuditProblem>("problems", message.problems, RESULT_PIECE * 4);
                return { ...summary, rows, problems };
              })().then(
                (outcome) => settle(() => resolve(outcome)),
                (error: unknown) => settle(() => reject(error)),
              );
            }
          };
          void speed.then((figures) => {
            if (!settled) send(child, { type: "speed", figures });
          });
          send(child, { type: "run", request, snapshot });
        });
      } finally {
        // The next run waits for the child to be ready again (it prepares a fresh database meanwhile).
        if (current === child) {
          child.waitReady();
          send(child, { type: "release" });
          stopWhenIdle(child);
        }
      }
    },
  };
}
