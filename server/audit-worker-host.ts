import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import type { Database } from "~/db/client.server";
import { serveQueries } from "~/db/pglite-proxy.server";
import { snapshotContent } from "~/db/pglite-replica.server";
import type { SiteReader } from "~/features/seo-audit/audit-runner.server";
import type { AuditProblem, InventoryRow } from "~/features/seo-audit/audit-types";
import { listSitemapEntries } from "~/features/seo/sitemap.server";
import { RESULT_PIECE, type AuditHostMessage, type AuditWorkerData, type AuditWorkerMessage } from "./audit-worker";
import type { Logger } from "./logger";

/**
 * The production server's way of reading its pages for the site audit: a
 * worker thread per run (server/audit-worker.ts) that loads this same server
 * bundle, brings up its own instance of the site and crawls it. Its database
 * (decision 0030):
 *  - PostgreSQL: its own small pool.
 *  - PGlite (which lives in this thread): for a small site, its queries are
 *    run here, over a MessagePort, one at a time; from `copyFromPages` pages
 *    in the sitemap on, a copy of the content of its own (so a thousand pages'
 *    queries do not hold visitors up here), made from one snapshot read here
 *    in a few milliseconds.
 */
export function workerReader(options: {
  /** The server bundle's own file URL (import.meta.url of server/main.ts, built). */
  bundleUrl: string;
  database: Database;
  databaseUrl?: string;
  secret: string;
  logger: Logger;
  /** PGlite: from this many pages in the sitemap on, the worker gets a copy of the content. */
  copyFromPages: number;
}): SiteReader {
  const { database, logger } = options;
  // A migrated empty database, made by the first worker that needed one: later copies start from it.
  let emptyDatabase: Blob | undefined;

  async function databaseFor(): Promise<{ data: Partial<AuditWorkerData>; port?: MessagePort }> {
    if (!database.pglite) return { data: { databaseUrl: options.databaseUrl } };
    const pages = (await listSitemapEntries(database.db)).length;
    if (pages >= options.copyFromPages) {
      const started = performance.now();
      const snapshot = await snapshotContent(database.pglite);
      logger.info(
        { pages, tables: snapshot.length, snapshotMs: Math.round(performance.now() - started) },
        "site audit: the worker reads a copy of the content",
      );
      return { data: { content: { snapshot, empty: emptyDatabase } } };
    }
    const channel = new MessageChannel();
    return { data: { pglitePort: channel.port2 }, port: channel.port1 };
  }

  return {
    mode: "worker",
    async read(request, speed, hooks) {
      const { data: db, port } = await databaseFor();
      hooks.signal.throwIfAborted();
      return new Promise((resolve, reject) => {
        const data: AuditWorkerData = { request, secret: options.secret, ...db };
        const queries = port ? serveQueries(port, database.pglite!) : null;
        // An eval'd script can import the ES module bundle by its URL and call the exported entry.
        const worker = new Worker(
          `import(${JSON.stringify(options.bundleUrl)}).then((bundle) => bundle.runAuditWorker())`,
          {
            eval: true,
            workerData: data,
            transferList: data.pglitePort ? [data.pglitePort] : [],
            // A page that renders out of control must not take the server's memory with it.
            resourceLimits: { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 128 },
          },
        );
        let settled = false;
        const settle = (done: () => void) => {
          if (settled) return;
          settled = true;
          hooks.signal.removeEventListener("abort", abort);
          queries?.close();
          // Its work is done or abandoned: the thread goes, whatever it still holds (sockets, a pool, a copy).
          void worker.terminate();
          done();
        };
        void speed.then((figures) => {
          if (!settled) worker.postMessage({ type: "speed", figures } satisfies AuditHostMessage);
        });
        const abort = () => settle(() => reject(hooks.signal.reason));
        hooks.signal.addEventListener("abort", abort, { once: true });
        // The results, a piece at a time, each asked for once the one before is in and the event loop
        // has had a turn: reading them never holds a visitor up for long.
        const pieces = new Map<string, (items: unknown[]) => void>();
        const ask = <T>(part: "rows" | "problems", from: number) =>
          new Promise<T[]>((resolveItems) => {
            pieces.set(`${part}:${from}`, resolveItems as (items: unknown[]) => void);
            worker.postMessage({ type: "send", part, from } satisfies AuditHostMessage);
          });
        const collect = async <T>(part: "rows" | "problems", count: number, size: number): Promise<T[]> => {
          const items: T[] = [];
          for (let from = 0; from < count; from += size) {
            await new Promise<void>((next) => setImmediate(next));
            items.push(...(await ask<T>(part, from)));
          }
          return items;
        };
        worker.on("message", (message: AuditWorkerMessage) => {
          if (message.type === "progress") hooks.onProgress(message);
          else if (message.type === "rows") pieces.get(`rows:${message.from}`)?.(message.rows);
          else if (message.type === "problems") pieces.get(`problems:${message.from}`)?.(message.problems);
          else if (message.type === "empty-database") emptyDatabase = message.empty;
          else if (message.type === "failed") settle(() => reject(new Error(message.message)));
          else {
            if (queries)
              logger.info(
                {
                  queries: queries.queries(),
                  mainThreadMs: Math.round(queries.busyMs()),
                  workerMs: Math.round(message.renderMs),
                },
                "site audit: the worker's database work on the main thread",
              );
            const { summary } = message;
            const counts = { rows: message.rows, problems: message.problems };
            (async () => {
              const rows = await collect<InventoryRow>("rows", counts.rows, RESULT_PIECE);
              const problems = await collect<AuditProblem>("problems", counts.problems, RESULT_PIECE * 4);
              return { ...summary, rows, problems };
            })().then(
              (outcome) => settle(() => resolve(outcome)),
              (error: unknown) => settle(() => reject(error)),
            );
          }
        });
        worker.once("error", (error) => settle(() => reject(error)));
        worker.once("exit", (code) =>
          settle(() => reject(new Error(`The check's worker stopped unexpectedly (exit code ${code}).`))),
        );
      });
    },
  };
}
