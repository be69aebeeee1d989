import { MessageChannel, Worker } from "node:worker_threads";
import type { Database } from "~/db/client.server";
import { serveQueries } from "~/db/pglite-proxy.server";
import type { SiteReader } from "~/features/seo-audit/audit-runner.server";
import type { AuditHostMessage, AuditWorkerData, AuditWorkerMessage } from "./audit-worker";
import type { Logger } from "./logger";

/**
 * The production server's way of reading its pages for the site audit: a
 * worker thread per run (server/audit-worker.ts) that loads this same server
 * bundle, brings up its own instance of the site and crawls it. With PGlite
 * the worker's queries are answered here, on the one instance that owns the
 * data directory; with PostgreSQL it has its own connections.
 */
export function workerReader(options: {
  /** The server bundle's own file URL (import.meta.url of server/main.ts, built). */
  bundleUrl: string;
  database: Database;
  databaseUrl?: string;
  secret: string;
  logger: Logger;
}): SiteReader {
  return {
    mode: "worker",
    read(request, speed, hooks) {
      return new Promise((resolve, reject) => {
        const channel = options.database.pglite ? new MessageChannel() : null;
        const data: AuditWorkerData = {
          request,
          databaseUrl: options.databaseUrl,
          pglitePort: channel?.port2,
          secret: options.secret,
        };
        const queries = channel ? serveQueries(channel.port1, options.database.pglite!) : null;
        // An eval'd script can import the ES module bundle by its URL and call the exported entry.
        const worker = new Worker(
          `import(${JSON.stringify(options.bundleUrl)}).then((bundle) => bundle.runAuditWorker())`,
          {
            eval: true,
            workerData: data,
            transferList: channel ? [channel.port2] : [],
            // A page that renders out of control must not take the server's memory with it.
            resourceLimits: { maxOldGenerationSizeMb: 768 },
          },
        );
        let settled = false;
        const settle = (done: () => void) => {
          if (settled) return;
          settled = true;
          hooks.signal.removeEventListener("abort", abort);
          queries?.close();
          // Its work is done or abandoned: the thread goes, whatever it still holds (sockets, a pool).
          void worker.terminate();
          done();
        };
        void speed.then((figures) => {
          if (!settled) worker.postMessage({ type: "speed", figures } satisfies AuditHostMessage);
        });
        const abort = () => settle(() => reject(hooks.signal.reason));
        hooks.signal.addEventListener("abort", abort, { once: true });
        worker.on("message", (message: AuditWorkerMessage) => {
          if (message.type === "progress") hooks.onProgress(message);
          else if (message.type === "failed") settle(() => reject(new Error(message.message)));
          else {
            if (queries)
              options.logger.info(
                {
                  queries: queries.queries(),
                  mainThreadMs: Math.round(queries.busyMs()),
                  workerMs: Math.round(message.renderMs),
                },
                "site audit: the worker's database work on the main thread",
              );
            settle(() => resolve(message.outcome));
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
