import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { openDatabase, projectRoot, type Database } from "~/db/client.server";
import { fillCopy, prepareEmptyCopy, refillCopy, type ContentSnapshot } from "~/db/pglite-replica.server";
import { analyseSite } from "~/features/seo-audit/analyse-site.server";
import { auditSite, type SiteReadRequest, type SpeedFigures } from "~/features/seo-audit/audit-runner.server";
import { storedOutcome } from "~/features/seo-audit/audit-runs.server";
import type { AuditOutcome, ResultCounts } from "~/features/seo-audit/audit-types";
import { crawlSite, type CrawlProgress } from "~/features/seo-audit/crawl.server";
import { loadEnv } from "~/lib/env.server";
import { createApp } from "./app";
import { auditCore, keepServerOffAuditCore } from "./audit-cores";
import { createFront } from "./front";
import { createLogger } from "./logger";
import { PageCache } from "./page-cache";
import { createServices } from "./services";

/**
 * The site audit's child process (decision 0030). Rendering a page costs ~13
 * ms of CPU; a thousand of them, and the garbage collection and compilation
 * that come with them, must not hold visitors up. So the production server
 * starts this process (server/audit-child-host.ts) at nice 19, every thread
 * of it: when both want a core, the server's threads go first. It brings up
 * its own instance of the site (the same createApp and createFront, its own
 * page cache switched off, its own services with the redirect table loaded,
 * its own database) on an ephemeral loopback port, reads and judges every page
 * there, and sends the result back a piece at a time.
 *
 * Its database: on PostgreSQL a pool of two of its own; on PGlite an
 * in-memory copy of the content (pglite-replica.server.ts), made at start and
 * filled afresh with the snapshot the server sends with a run when the content has changed since the
 * copy was made (else the server sends only its key). The process
 * is started before it is needed (when a staff member opens the audit's page),
 * warms up on a few pages, and serves run after run, so a press finds the
 * bundle loaded, the code compiled and the database ready.
 */

/** The first message: what the child needs to prepare. */
export interface AuditChildInit {
  type: "init";
  /** The server's session secret (the child's instance behaves as the server does). */
  secret: string;
  /** PostgreSQL: the child opens its own small pool. Otherwise PGlite: a copy of the content. */
  databaseUrl?: string;
  /** PGlite: a migrated empty database made by an earlier child, to start from. */
  empty?: Uint8Array<ArrayBuffer>;
}

/**
 * PGlite: the content for the child's copy, under its key (contentKey in pglite-replica.server.ts).
 * Without rows: the copy the child holds under this key is current (the server sends only the key
 * when the child has said it holds it).
 */
export interface ContentCopy {
  key: string;
  rows?: ContentSnapshot;
}

/** From the server to the child; handled one after another, in order. */
export type AuditHostMessage =
  | AuditChildInit
  // Started in advance: a few pages read and judged, results dropped, so the code a run needs is compiled.
  | { type: "warm-up"; publicUrl: string; content?: ContentCopy }
  // A run: on PGlite with the content (its rows, or only its key when the child's copy is current).
  | { type: "run"; request: SiteReadRequest; content?: ContentCopy }
  // The real-visitor speed figures, once read (during the crawl).
  | { type: "speed"; figures: SpeedFigures }
  // Once the run is done, each batch of the results in turn; then "release" (the run is over).
  | { type: "send"; part: ResultPart; index: number }
  | { type: "release" };

/** How long each part of a run took in the child, in ms. */
export interface ChildRunPhases {
  /** Waiting for the child's set-up or warm-up still under way. */
  queuedMs: number;
  /** PGlite: the content's rows into the copy. */
  loadMs: number;
  /** The site's instance brought up. */
  setupMs: number;
  /** Reading and judging the pages. */
  auditMs: number;
  /** How many of the pages the server answered from its page cache (not drawn here). */
  cachedPages: number;
  /** How long the server's main thread kept off this process's core (null: it was not, one core or no taskset). */
  serverKeptMs: number | null;
}

/** From the child to the server. */
export type AuditChildMessage =
  // Set up (the bundle loaded, the database ready); and the same once warmed up.
  | { type: "ready" }
  | { type: "warmed-up"; pages: number; ms: number }
  // The migrated empty database this child had to make, for the next child to start from.
  | { type: "empty-database"; empty: Uint8Array<ArrayBuffer> }
  // PGlite: its copy now holds the content under this key.
  | { type: "holding"; key: string }
  | ({ type: "progress" } & CrawlProgress)
  // Done: the summary and counts; the results follow in the stored form (audit-runs.server.ts), a batch
  // at a time, each when the server asks for it (a thousand rows in one message would hold the
  // server's thread while read).
  | {
      type: "done";
      summary: Omit<AuditOutcome, "rows" | "problems">;
      counts: ResultCounts;
      batches: Record<ResultPart, number>;
      phases: ChildRunPhases;
    }
  | { type: "batch"; part: ResultPart; index: number; json: string }
  | { type: "failed"; during: "set-up" | "warm-up" | "run"; message: string };

/** The parts of a run's results: two lists of batches, and the links (one text). */
export type ResultPart = "pages" | "problems" | "links";

/** The warm-up reads this many addresses at most (the demo site whole; a large site's first ones). */
const WARM_UP_URLS = 80;

/**
 * Every thread of this process at nice 19. On Linux the nice value is a
 * thread's own, and a new thread takes its creator's: the host renices the
 * process as soon as it starts, but V8's threads may be made before that, so
 * each thread there is now is lowered too. Elsewhere the audit runs at the
 * server's priority.
 */
function lowerPriority(): void {
  try {
    for (const tid of fs.readdirSync("/proc/self/task")) os.setPriority(Number(tid), 19);
  } catch {
    // Not Linux, or not allowed: the process keeps the priority it was given.
  }
}

/**
 * On a machine of several cores, every thread of this process keeps to the last core the server may
 * use (`taskset`; threads made later take their creator's set, as with nice above), and the others are
 * the server's (server/audit-cores.ts). The server names the core (`AUDIT_CORE`): this process may
 * have been started while the server's main thread was kept off it, and would have inherited that.
 * Measured on this machine's two cores (issue 16, 2026-11-27): a process burning one core at nice 19
 * beside the server raised the visitors' 95th percentile about 1.5 times when free to move, 1.2
 * times when kept to one core; a nice-19 thread that holds the core a visitor's request wakes on is
 * taken off only at the end of its time slice. The audit gives up V8's helper threads' use of a second
 * core. Without taskset (not Linux) it runs where the scheduler puts it.
 */
function keepToAuditCore(): void {
  const core = process.env.AUDIT_CORE ? Number(process.env.AUDIT_CORE) : auditCore();
  if (core === null || !Number.isInteger(core)) return;
  execFile("taskset", ["-a", "-p", "-c", String(core), String(process.pid)], () => {
    // Not there or not allowed: the scheduler places the threads, at nice 19 all the same.
  });
}

/**
 * Every thread of this process under SCHED_IDLE (`chrt --idle`; threads made later take their
 * creator's policy): it runs only on a core nothing else wants, and a thread of the server that wakes
 * on its core takes the core at once, where a nice-19 thread keeps it to the end of its slice.
 * Measured on this machine's two cores (issue 16, 2026-11-27, p95 of visitors' answers at 50/s beside
 * a process burning the last core, five windows each): nice 19 1.12 times the p95 without it,
 * SCHED_IDLE 0.94. Linux lets any process lower itself to it; elsewhere (or without chrt) nice 19 stays.
 */
function idleScheduling(): void {
  execFile("chrt", ["--idle", "-a", "-p", "0", String(process.pid)], () => {
    // Not there or not allowed: nice 19 (above) is what keeps the audit out of the visitors' way.
  });
}

const post = (message: AuditChildMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The child's entry, exported from the server bundle (server/main.ts) and called in the new process. */
export function runAuditChild(): void {
  lowerPriority();
  keepToAuditCore();
  idleScheduling();
  // The server is gone (or let this child go): nothing here is worth keeping.
  process.on("disconnect", () => process.exit(0));
  const env = loadEnv(process.env);
  // Its requests are not the visitors' and need no log line each; what goes wrong still does.
  const logger = createLogger("warn");
  let secret = "";
  // One database for the child's life: PGlite's copy (emptied and filled again for each run) or a pool of two.
  let database: Database | undefined;
  let results: Record<ResultPart, string[]> | undefined;
  let speed: (figures: SpeedFigures) => void = () => {};
  let release: () => void = () => {};
  // Set-up, warm-up and runs, one after another.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = (during: "set-up" | "warm-up" | "run", work: () => Promise<unknown>) => {
    queue = queue
      .then(work)
      .catch(async (error: unknown) => post({ type: "failed", during, message: messageOf(error) }));
  };

  async function setUp(init: AuditChildInit): Promise<void> {
    secret = init.secret;
    const bundle = import("virtual:react-router/server-build");
    if (init.databaseUrl) database = await openDatabase({ databaseUrl: init.databaseUrl, maxConnections: 2 });
    else {
      const { pglite, made } = await prepareEmptyCopy(init.empty ? new Blob([init.empty]) : undefined);
      if (made) await post({ type: "empty-database", empty: new Uint8Array(await made.arrayBuffer()) });
      database = await fillCopy(pglite, []);
    }
    // The bundle's routes are loaded now, not during the first run.
    await bundle;
    await post({ type: "ready" });
  }

  // PGlite: the key of the content the copy holds (null: none yet, or being replaced).
  let holding: string | null = null;

  /** PGlite: the copy made the server's `content` (refilled, or kept when its key is the one held). */
  async function bringCopyUpToDate(
    pglite: NonNullable<Database["pglite"]>,
    content: ContentCopy | undefined,
  ): Promise<void> {
    if (content && !content.rows) {
      if (content.key === holding) return;
      // The server sends only the key after this process said it holds it: never expected, but never read stale content.
      throw new Error("The check's copy of the content is not the one the server named.");
    }
    holding = null;
    await refillCopy(pglite, content?.rows ?? []);
    if (content) {
      holding = content.key;
      await post({ type: "holding", key: content.key });
    }
  }

  /** The site's instance over the database as of `content` (PGlite), on a loopback port, for `work`. */
  async function withSite<T>(content: ContentCopy | undefined, work: (origin: string) => Promise<T>) {
    const began = performance.now();
    if (database!.pglite) await bringCopyUpToDate(database!.pglite, content);
    const loaded = performance.now();
    let server: http.Server | undefined;
    try {
      const db = database!;
      const services = createServices(env, db, logger, secret);
      // The redirect table as the front answers it; never started, so this instance counts no hits and writes nothing.
      await services.redirects.reload();
      const cache = new PageCache(0);
      const isSecure = () => false;
      const app = createApp({
        env,
        database: db,
        services,
        logger,
        cache,
        isSecure,
        clientDir: path.join(projectRoot, "build", "client"),
        build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      });
      server = http.createServer(createFront({ env, database: db, services, logger, cache, isSecure, app }));
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(0, "127.0.0.1", () => resolve());
      });
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      services.self.url = origin;
      const ready = performance.now();
      const result = await work(origin);
      return { result, loadMs: loaded - began, setupMs: ready - loaded, workMs: performance.now() - ready };
    } finally {
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    }
  }

  // A run that comes during the warm-up stops it: what it has compiled so far is kept, the rest is the run's.
  let warmUpStop = new AbortController();

  async function warmUp(publicUrl: string, content: ContentCopy | undefined, signal: AbortSignal) {
    const began = performance.now();
    // A run came while it waited for its turn: the run warms up by itself.
    if (signal.aborted) return post({ type: "warmed-up", pages: 0, ms: 0 });
    const { result } = await withSite(content, async (origin) => {
      try {
        const crawl = await crawlSite({ origin, publicUrl, maxUrls: WARM_UP_URLS, signal });
        analyseSite(crawl, { publicUrl });
        return crawl.addresses.size;
      } catch (error) {
        if (signal.aborted) return 0;
        throw error;
      }
    });
    await post({ type: "warmed-up", pages: result, ms: Math.round(performance.now() - began) });
  }

  async function run(
    request: SiteReadRequest,
    content: ContentCopy | undefined,
    speedFigures: Promise<SpeedFigures>,
    queuedMs: number,
  ) {
    let cachedPages = 0;
    // The server's main thread off this process's core while it reads and judges (audit-cores.ts), back before "done".
    const kept = keepServerOffAuditCore();
    let keptAt: number | null = null;
    void kept.settled.then((ok) => void (ok && (keptAt = performance.now())));
    let serverKeptMs: number | null = null;
    let audited;
    try {
      audited = await withSite(content, (origin) =>
        auditSite(origin, request, speedFigures, {
          signal: new AbortController().signal,
          onProgress: (progress) => void post({ type: "progress", ...progress }),
          onCrawled: (crawl) => void (cachedPages = crawl.cachedReads),
        }),
      );
    } finally {
      if (keptAt !== null) serverKeptMs = performance.now() - keptAt;
      await kept.undo();
    }
    const { result, loadMs, setupMs, workMs } = audited;
    // Here, not on the server's thread: the results in the form they are stored in.
    const { stored, ...summary } = storedOutcome(result);
    results = { pages: stored.pages, problems: stored.problems, links: [stored.links] };
    try {
      const released = new Promise<void>((resolve) => (release = resolve));
      const phases = { queuedMs, loadMs, setupMs, auditMs: workMs, cachedPages, serverKeptMs };
      const batches = { pages: stored.pages.length, problems: stored.problems.length, links: 1 };
      await post({ type: "done", summary, counts: stored.counts, batches, phases });
      await released;
    } finally {
      results = undefined;
    }
  }

  process.on("message", (message: AuditHostMessage) => {
    if (message.type === "init") inTurn("set-up", () => setUp(message));
    else if (message.type === "warm-up") {
      const { signal } = warmUpStop;
      inTurn("warm-up", () => warmUp(message.publicUrl, message.content, signal));
    } else if (message.type === "run") {
      warmUpStop.abort();
      warmUpStop = new AbortController();
      const received = performance.now();
      // Made now: the figures may come in the same read of the channel as the run, before its turn.
      const figures = new Promise<SpeedFigures>((resolve) => (speed = resolve));
      inTurn("run", () => run(message.request, message.content, figures, performance.now() - received));
    } else if (message.type === "speed") speed(message.figures);
    else if (message.type === "release") release();
    else if (message.type === "send" && results) {
      const { part, index } = message;
      void post({ type: "batch", part, index, json: results[part][index] ?? "[]" });
    }
  });
}
