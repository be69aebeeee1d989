import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import type { Database } from "~/db/client.server";
import { contentKey, snapshotContent } from "~/db/pglite-replica.server";
import type { SiteReader } from "~/features/seo-audit/audit-runner.server";
import type { StoredOutcome } from "~/features/seo-audit/audit-types";
import type { AuditChildMessage, AuditHostMessage, ContentCopy, ResultPart } from "./audit-child";
import { yieldToRequests, type YieldFigures } from "./audit-child-yield";
import { childCoreEnv, restoreMainThread } from "./audit-cores";
import type { Logger } from "./logger";
import type { RequestsInFlight } from "./requests-in-flight";

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
 * (prewarm) and warms up on a few pages, so the re-check button finds it
 * ready; it serves run after run and is stopped once idle for `idleMs`.
 */

/** How long an idle child is kept (a staff member reading the overview may press the button). */
export const CHILD_IDLE_MS = 5 * 60_000;

// V8's flags for the child: the server's own, a bound on its old generation (a page that renders out of control
// must not take the machine's memory with it) and a larger young generation (fewer scavenges while rendering).
const CHILD_FLAGS = ["--max-old-space-size=768", "--max-semi-space-size=32"];

interface Child {
  process: ChildProcess;
  startedAt: number;
  /** A run is under way: its handlers. */
  onMessage: ((message: AuditChildMessage) => void) | null;
  onExit: ((reason: string) => void) | null;
  idle?: NodeJS.Timeout;
  /** PGlite: the content key of the copy the child holds, as it last said; null while unknown (none, or being replaced). */
  holds: string | null;
}

export interface ChildReaderOptions {
  /** The server bundle's own file URL (import.meta.url of server/main.ts, built). */
  bundleUrl: string;
  database: Database;
  databaseUrl?: string;
  secret: string;
  /** The site's public address (the warm-up reads the pages as the audit does). */
  publicUrl: string;
  logger: Logger;
  idleMs?: number;
  /**
   * This server's own loopback address once it listens: the child first asks it for each page with
   * `only-if-cached` (server/front.ts), and draws only what its page cache does not hold.
   */
  selfUrl?: () => string | null;
  /** The paths whose pages this server's page cache holds (only they are asked for there). */
  storedPages?: () => string[];
  /** This server's requests under way: the child stops while there are any (audit-child-yield.ts). */
  requests?: RequestsInFlight;
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
      env: { ...process.env, ...childCoreEnv() },
    });
    // At once, so the threads it makes from now on take nice 19 from its main thread (it lowers the others itself).
    try {
      if (proc.pid) os.setPriority(proc.pid, 19);
    } catch {
      // Not allowed here: the child lowers itself.
    }
    const child: Child = { process: proc, startedAt: performance.now(), onMessage: null, onExit: null, holds: null };
    proc.on("message", (message: AuditChildMessage) => {
      // A failure may have left the child's copy half replaced: the next run sends the content whole.
      if (message.type === "failed") child.holds = null;
      if (message.type === "empty-database") emptyDatabase = message.empty;
      else if (message.type === "holding") child.holds = message.key;
      else if (message.type === "ready" || message.type === "warmed-up")
        logger.info(
          {
            pid: proc.pid,
            ...(message.type === "warmed-up" ? { pages: message.pages, warmUpMs: message.ms } : {}),
            sinceStartMs: Math.round(performance.now() - child.startedAt),
          },
          message.type === "ready" ? "site audit: child process ready" : "site audit: child process warmed up",
        );
      else if (message.type === "failed" && message.during !== "run") {
        logger.warn({ err: message.message, during: message.during }, "site audit: the child process failed");
        // Without its set-up it is of no use (a run waiting for it fails with its exit); a warm-up is only a help.
        if (message.during === "set-up") proc.kill();
      } else child.onMessage?.(message);
    });
    proc.once("exit", (code, signal) => {
      if (current === child) current = null;
      clearTimeout(child.idle);
      child.onExit?.(`The check's process stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
    });
    // Errors sending to a child that is going are answered by its exit.
    proc.on("error", () => {});
    send(child, { type: "init", secret: options.secret, databaseUrl: options.databaseUrl, empty: emptyDatabase });
    return child;
  }

  function send(child: Child, message: AuditHostMessage): void {
    if (child.process.connected) child.process.send(message);
  }

  function stopWhenIdle(child: Child): void {
    clearTimeout(child.idle);
    child.idle = setTimeout(() => child.process.kill(), idleMs);
    child.idle.unref();
  }

  /**
   * PGlite: the content for the child's copy. When the copy it holds is still the content's (its key
   * unchanged: contentKey, a millisecond or two), only the key; otherwise the rows as of now (one
   * transaction on the server's database, tens of ms for a thousand pages) and the child replaces its copy.
   */
  async function contentFor(child: Child): Promise<ContentCopy | undefined> {
    if (!database.pglite) return undefined;
    const started = performance.now();
    const key = await contentKey(database.pglite);
    if (child.holds === key) {
      logger.info(
        { keyMs: Math.round(performance.now() - started) },
        "site audit: the child's copy of the content is current",
      );
      return { key };
    }
    const taken = await snapshotContent(database.pglite);
    // Until the child says it holds the new copy, what it holds is not known.
    child.holds = null;
    logger.info(
      {
        tables: taken.rows.length,
        bytes: taken.rows.reduce((sum, [, table]) => sum + (table?.byteLength ?? 0), 0),
        snapshotMs: Math.round(performance.now() - started),
      },
      "site audit: the child reads a copy of the content",
    );
    return taken;
  }

  return {
    mode: "child-process",
    prewarm() {
      if (current) {
        if (!current.onMessage) stopWhenIdle(current);
        return;
      }
      const child = (current = startChild());
      stopWhenIdle(child);
      contentFor(child).then(
        (content) => send(child, { type: "warm-up", publicUrl: options.publicUrl, content }),
        () => {},
      );
    },
    close() {
      current?.process.kill();
      current = null;
    },
    async read(request, speed, hooks) {
      const child = (current ??= startChild());
      clearTimeout(child.idle);
      try {
        const content = await contentFor(child);
        hooks.signal.throwIfAborted();
        // Gone meanwhile (its exit would find no run to tell): this run fails now rather than wait.
        if (!child.process.connected) throw new Error("The check's process stopped unexpectedly.");
        return await new Promise((resolve, reject) => {
          let settled = false;
          // Stopped while this server answers requests, from the run's start to its results (released first
          // whatever the end: a stopped process would not act on the signal that ends it). Meanwhile the child
          // keeps this server's main thread off its core (audit-cores.ts) and gives it back before "done".
          let release: (() => YieldFigures) | null = null;
          const yielded = (): YieldFigures | null => {
            const figures = release?.() ?? null;
            release = null;
            return figures;
          };
          const settle = (done: () => void) => {
            if (settled) return;
            settled = true;
            yielded();
            hooks.signal.removeEventListener("abort", abort);
            child.onMessage = null;
            child.onExit = null;
            done();
          };
          const abort = () =>
            settle(() => {
              // Abandoned mid-run: the child's state is unknown, so it goes, and cannot give this server's
              // main thread its cores back (audit-cores.ts): the server does.
              child.process.kill();
              restoreMainThread();
              reject(hooks.signal.reason);
            });
          hooks.signal.addEventListener("abort", abort, { once: true });
          child.onExit = (reason) =>
            settle(() => {
              restoreMainThread();
              reject(new Error(reason));
            });
          // The results in the stored form, a batch (one JSON text) at a time, each asked for once the one before
          // is in and the event loop has had a turn: reading them never holds a visitor up for long.
          const batches = new Map<string, (json: string) => void>();
          const ask = (part: ResultPart, index: number) =>
            new Promise<string>((resolveBatch) => {
              batches.set(`${part}:${index}`, resolveBatch);
              send(child, { type: "send", part, index });
            });
          const collect = async (part: ResultPart, count: number): Promise<string[]> => {
            const texts: string[] = [];
            for (let index = 0; index < count; index++) {
              await new Promise<void>((next) => setImmediate(next));
              texts.push(await ask(part, index));
            }
            return texts;
          };
          child.onMessage = (message) => {
            if (message.type === "progress") hooks.onProgress(message);
            else if (message.type === "batch") batches.get(`${message.part}:${message.index}`)?.(message.json);
            else if (message.type === "failed") settle(() => reject(new Error(message.message)));
            else if (message.type === "done") {
              const { summary, counts, phases } = message;
              logger.info(
                {
                  pid: child.process.pid,
                  ...Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, v === null ? null : Math.round(v)])),
                  ...yielded(),
                },
                "site audit: the child's run",
              );
              (async (): Promise<StoredOutcome> => {
                const pages = await collect("pages", message.batches.pages);
                const problems = await collect("problems", message.batches.problems);
                const [links] = await collect("links", message.batches.links);
                // A run without its links would store a page view that cannot be drawn: it fails instead.
                if (links === undefined) throw new Error("The check's process sent no links.");
                return { ...summary, stored: { pages, problems, links, counts } };
              })().then(
                (outcome) => settle(() => resolve(outcome)),
                (error: unknown) => settle(() => reject(error)),
              );
            }
          };
          void speed.then((figures) => {
            if (!settled) send(child, { type: "speed", figures });
          });
          send(child, {
            type: "run",
            request: {
              ...request,
              cachedOrigin: options.selfUrl?.() ?? null,
              cachedPaths: options.storedPages?.() ?? null,
            },
            content,
          });
          if (options.requests && child.process.pid) release = yieldToRequests(child.process.pid, options.requests);
        });
      } finally {
        if (current === child) {
          send(child, { type: "release" });
          stopWhenIdle(child);
        }
      }
    },
  };
}
