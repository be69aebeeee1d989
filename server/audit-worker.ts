import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import { openDatabase, projectRoot, type Database } from "~/db/client.server";
import { proxyDatabase } from "~/db/pglite-proxy.server";
import { openContentCopy, type ContentSnapshot } from "~/db/pglite-replica.server";
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
 * The site audit's worker thread (decision 0030). Rendering a page costs the
 * thread that does it ~13 ms; a thousand of them on the thread that answers
 * visitors would hold visitors up. So the production server starts this
 * thread for each run: it brings up its own instance of the site (the same
 * createApp and createFront, its own page cache switched off, its own
 * services with the redirect table loaded, its own database connection) on an
 * ephemeral loopback port, reads and judges every page there, and posts the
 * result back. Nothing it does is seen by visitors except the database work
 * (on PGlite, its queries run on the main thread's instance, over a port).
 */

export interface AuditWorkerData {
  request: SiteReadRequest;
  /** PostgreSQL: the worker opens its own small pool. */
  databaseUrl?: string;
  /** PGlite, a small site: queries go over this port to the main thread's instance. */
  pglitePort?: MessagePort;
  /** PGlite, a large site: the content's rows, for a copy of its own (and a migrated empty database to start from). */
  content?: { snapshot: ContentSnapshot; empty?: Blob };
  /** The server's session secret (the worker's instance behaves as the server does). */
  secret: string;
}

/**
 * From the server to the worker: the real-visitor speed figures, once read (during the crawl); then,
 * once the audit is done, each piece of the results in turn.
 */
export type AuditHostMessage =
  { type: "speed"; figures: SpeedFigures } | { type: "send"; part: "rows" | "problems"; from: number };

export type AuditWorkerMessage =
  | ({ type: "progress" } & CrawlProgress)
  // The migrated empty database this worker had to make, for the next copy to start from.
  | { type: "empty-database"; empty: Blob }
  // Done: the summary; the rows and problems follow in pieces, each when the server asks for it (a
  // thousand rows in one message, or fifty messages at once, would hold the server's thread while read).
  | { type: "done"; summary: Omit<AuditOutcome, "rows" | "problems">; rows: number; problems: number; renderMs: number }
  | { type: "rows"; from: number; rows: InventoryRow[] }
  | { type: "problems"; from: number; problems: AuditProblem[] }
  | { type: "failed"; message: string };

/** Rows (and four times as many problems) per piece. */
export const RESULT_PIECE = 25;

/**
 * This thread yields the CPU to the server's own thread when both want it (on
 * Linux a thread has its own nice value): visitors first, the audit with what
 * is left. Elsewhere the audit simply runs at the server's priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid !== process.pid) os.setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

const post = (message: AuditWorkerMessage) => parentPort!.postMessage(message);

/** The worker's entry, exported from the server bundle (server/main.ts) and called in the new thread. */
export async function runAuditWorker(): Promise<void> {
  const data = workerData as AuditWorkerData;
  lowerPriority();
  let outcome: AuditOutcome | undefined;
  const speed = new Promise<SpeedFigures>((resolve) => {
    parentPort!.on("message", (message: AuditHostMessage) => {
      if (message.type === "speed") resolve(message.figures);
      else if (message.type === "send" && outcome) {
        const { from, part } = message;
        if (part === "rows") post({ type: "rows", from, rows: outcome.rows.slice(from, from + RESULT_PIECE) });
        else post({ type: "problems", from, problems: outcome.problems.slice(from, from + RESULT_PIECE * 4) });
      }
    });
  });
  let database: Database | undefined;
  let server: http.Server | undefined;
  try {
    const env = loadEnv(process.env);
    // Its requests are not the visitors' and need no log line each; what goes wrong still does.
    const logger = createLogger("warn");
    if (data.content) {
      const copy = await openContentCopy(data.content.snapshot, data.content.empty);
      if (copy.empty) post({ type: "empty-database", empty: copy.empty });
      database = copy.database;
    } else if (data.pglitePort) database = proxyDatabase(data.pglitePort);
    else database = await openDatabase({ databaseUrl: data.databaseUrl, maxConnections: 2 });
    const services = createServices(env, database, logger, data.secret);
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
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    services.self.url = origin;
    const began = performance.now();
    outcome = await auditSite(origin, data.request, speed, {
      signal: new AbortController().signal,
      onProgress: (progress) => post({ type: "progress", ...progress }),
    });
    const { rows, problems, ...summary } = outcome;
    post({ type: "done", summary, rows: rows.length, problems: problems.length, renderMs: performance.now() - began });
  } catch (error) {
    post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  } finally {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await database?.close().catch(() => {});
  }
}
