import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ServerBuild } from "react-router";
import { openDatabase, projectRoot, type Database } from "~/db/client.server";
import { fillCopy, prepareEmptyCopy, type ContentSnapshot } from "~/db/pglite-replica.server";
import { auditSite, type SiteReadRequest, type SpeedFigures } from "~/features/seo-audit/audit-runner.server";
import type { AuditOutcome, AuditProblem, InventoryRow } from "~/features/seo-audit/audit-types";
import type { CrawlProgress } from "~/features/seo-audit/crawl.server";
import { loadEnv } from "~/lib/env.server";
import { createApp } from "./app";
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
 * in-memory copy of the content (pglite-replica.server.ts), prepared empty in
 * advance and filled with the snapshot the server sends with each run. The
 * process is started before it is needed (when a staff member opens the
 * audit's page) and serves several runs, so a run finds the bundle loaded, the
 * code compiled and an empty database ready.
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

/** From the server to the child. */
export type AuditHostMessage =
  | AuditChildInit
  // A run: on PGlite with the content's rows.
  | { type: "run"; request: SiteReadRequest; snapshot?: ContentSnapshot }
  // The real-visitor speed figures, once read (during the crawl).
  | { type: "speed"; figures: SpeedFigures }
  // Once the run is done, each piece of the results in turn; then "release" (the run is over).
  | { type: "send"; part: "rows" | "problems"; from: number }
  | { type: "release" };

/** From the child to the server. */
export type AuditChildMessage =
  // Ready for a run (the bundle loaded, a database prepared).
  | { type: "ready" }
  // The migrated empty database this child had to make, for the next child to start from.
  | { type: "empty-database"; empty: Uint8Array<ArrayBuffer> }
  | ({ type: "progress" } & CrawlProgress)
  // Done: the summary; the rows and problems follow in pieces, each when the server asks for it (a
  // thousand rows in one message would hold the server's thread while read).
  | { type: "done"; summary: Omit<AuditOutcome, "rows" | "problems">; rows: number; problems: number; renderMs: number }
  | { type: "rows"; from: number; rows: InventoryRow[] }
  | { type: "problems"; from: number; problems: AuditProblem[] }
  | { type: "failed"; message: string };

/** Rows (and four times as many problems) per piece. */
export const RESULT_PIECE = 25;

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

const post = (message: AuditChildMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The child's entry, exported from the server bundle (server/main.ts) and called in the new process. */
export function runAuditChild(): void {
  lowerPriority();
  // The server is gone (or let this child go): nothing here is worth keeping.
  process.on("disconnect", () => process.exit(0));
  const env = loadEnv(process.env);
  // Its requests are not the visitors' and need no log line each; what goes wrong still does.
  const logger = createLogger("warn");
  let init: AuditChildInit | undefined;
  let empty: Blob | undefined;
  // PGlite: the next run's empty copy, prepared while idle.
  let prepared: Promise<PGlite> | undefined;
  let outcome: AuditOutcome | undefined;
  let speed: (figures: SpeedFigures) => void = () => {};
  let finishRun: () => void = () => {};

  async function prepare(): Promise<void> {
    if (init?.databaseUrl) return;
    prepared = prepareEmptyCopy(empty).then(async ({ pglite, made }) => {
      if (made) {
        empty = made;
        await post({ type: "empty-database", empty: new Uint8Array(await made.arrayBuffer()) });
      }
      return pglite;
    });
    await prepared;
  }

  async function run(request: SiteReadRequest, snapshot: ContentSnapshot | undefined): Promise<void> {
    let database: Database | undefined;
    let server: http.Server | undefined;
    const speedFigures = new Promise<SpeedFigures>((resolve) => (speed = resolve));
    try {
      database = init!.databaseUrl
        ? await openDatabase({ databaseUrl: init!.databaseUrl, maxConnections: 2 })
        : await fillCopy(await prepared!, snapshot ?? []);
      const services = createServices(env, database, logger, init!.secret);
      // The redirect table as the front answers it; never started, so this instance counts no hits and writes nothing.
      await services.redirects.reload();
      const cache = new PageCache(0);
      const isSecure = () => false;
      const app = createApp({
        env,
        database,
        services,
        logger,
        cache,
        isSecure,
        clientDir: path.join(projectRoot, "build", "client"),
        build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      });
      server = http.createServer(createFront({ env, database, services, logger, cache, isSecure, app }));
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(0, "127.0.0.1", () => resolve());
      });
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      services.self.url = origin;
      const began = performance.now();
      outcome = await auditSite(origin, request, speedFigures, {
        signal: new AbortController().signal,
        onProgress: (progress) => void post({ type: "progress", ...progress }),
      });
      const { rows, problems, ...summary } = outcome;
      const released = new Promise<void>((resolve) => (finishRun = resolve));
      await post({
        type: "done",
        summary,
        rows: rows.length,
        problems: problems.length,
        renderMs: performance.now() - began,
      });
      await released;
    } catch (error) {
      await post({ type: "failed", message: messageOf(error) });
    } finally {
      outcome = undefined;
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await database?.close().catch(() => {});
    }
    // Ready for the next run, while idle.
    await prepare();
    await post({ type: "ready" });
  }

  process.on("message", (message: AuditHostMessage) => {
    if (message.type === "init") {
      init = message;
      if (message.empty) empty = new Blob([message.empty]);
      // The bundle's routes are loaded and compiled now, not during the first run.
      Promise.all([import("virtual:react-router/server-build"), prepare()]).then(
        () => post({ type: "ready" }),
        (error: unknown) => post({ type: "failed", message: messageOf(error) }),
      );
    } else if (message.type === "run") void run(message.request, message.snapshot);
    else if (message.type === "speed") speed(message.figures);
    else if (message.type === "release") finishRun();
    else if (message.type === "send" && outcome) {
      const { from, part } = message;
      if (part === "rows") void post({ type: "rows", from, rows: outcome.rows.slice(from, from + RESULT_PIECE) });
      else void post({ type: "problems", from, problems: outcome.problems.slice(from, from + RESULT_PIECE * 4) });
    }
  });
}
