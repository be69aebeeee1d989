import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, type ServerServices } from "~/context";
import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import type { DatabaseWatch } from "./database-watch";
import type { Logger } from "./logger";
import type { PageCache } from "./page-cache";
import { crossSiteGuard } from "./cross-site-guard";
import { PAGE_COPY_USER_AGENT } from "./page-copy-refresh";
import { mapFramePage } from "./map-frame";
import { pageFormBody } from "./page-form-body";
import { createPageHandler, type OutageHandling } from "./react-router-handler";
import { DEFAULT_CSP, responseKind, securityHeaders } from "./security-headers";
import { isStaffAreaRequest } from "~/lib/staff-area";
import { MAP_FRAME_PATH } from "~/document/map-frame-path";

export interface AppOptions {
  env: Env;
  database: Database;
  services: ServerServices;
  logger: Logger;
  cache: PageCache;
  /** Whether the database answers (server/database-watch.ts); /readyz reports it. */
  watch?: DatabaseWatch;
  /** How public page reads are answered while the database is away; absent in development. */
  outage?: Omit<OutageHandling, "watch">;
  build: ServerBuild | (() => Promise<ServerBuild>);
  isSecure: (req: express.Request) => boolean;
  /** Vite's dev middleware (npm run dev); absent in production. */
  viteMiddleware?: express.RequestHandler;
  clientDir: string;
}

export function createApp(options: AppOptions) {
  const { env, database, services, logger, cache } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY === "true" ? true : env.TRUST_PROXY);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // Documents get the full set (the staff area's a stricter one); API answers and assets what applies to them.
    for (const [name, value] of securityHeaders(options.isSecure(req), responseKind(req.path))) {
      res.setHeader(name, value);
    }
    res.setHeader("Content-Security-Policy", DEFAULT_CSP);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Path only: query strings may carry tokens, and bodies are never logged.
      // The site's own reads for its page copies are not visitors: debug, like the assets.
      const level =
        req.path.startsWith("/assets/") || req.get("user-agent") === PAGE_COPY_USER_AGENT ? "debug" : "info";
      logger[level](
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  // The staff area never belongs in search results or in any cache, whichever of its pages answers (or
  // refuses: the staff-area middleware's 403 and 404 are drawn by the root's boundary, without the
  // staff layout's headers). Its data requests too (/admin.data is not under /admin/).
  app.use((req, res, next) => {
    if (isStaffAreaRequest(req.path)) {
      res.setHeader("X-Robots-Tag", "noindex");
      res.setHeader("Cache-Control", "no-store");
    }
    next();
  });

  // Server-sent events (the blog generator's stream) pass uncompressed: gzip would hold each piece back
  // until it had enough to compress, and the browser is waiting to show it.
  app.use(
    compression({
      filter: (req, res) =>
        !/^text\/event-stream\b/i.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res),
    }),
  );
  app.use(crossSiteGuard(env.PUBLIC_URL));

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  // Asks the database (2 s at most) and says since when it has been away or back: a load balancer takes
  // an instance out while it is away, and the answer shows the outage and the recovery (issue 21).
  app.get("/readyz", async (_req, res) => {
    const { watch } = options;
    const answering = await Promise.race([
      watch ? watch.check() : database.ping().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
    ]).catch(() => false);
    const since = watch?.state().since;
    if (answering) {
      res.json({ status: "ready", database: database.kind, since });
    } else {
      res.status(503).json({ status: "unavailable", error: "The database is not answering.", since });
    }
  });

  app.get(MAP_FRAME_PATH, mapFramePage);

  // The JSON API is React Router's (app/routes.ts lists every endpoint); the analytics beacons are
  // answered before Express (server/front.ts).

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    // Fingerprinted build output never changes under the same name.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // Only a path under one of the client folder's own entries (favicon.ico, images/…) is looked for
    // there: otherwise every page and staff request would wait on a file-system stat that finds
    // nothing (8 % of a staff progress request's time in a CPU profile, 2026-11-28).
    const clientEntries = new Set(fs.existsSync(options.clientDir) ? fs.readdirSync(options.clientDir) : []);
    const clientFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (clientEntries.has(req.path.split("/", 2)[1] ?? "")) clientFiles(req, res, next);
      else next();
    });
  }

  const publicConfig = { publicUrl: env.PUBLIC_URL };
  // Native form posts (pages without JavaScript): bounded and of a form type.
  app.use(pageFormBody(logger));
  app.use(
    createPageHandler({
      build: options.build,
      mode: options.viteMiddleware ? "development" : "production",
      cache,
      outage: options.outage && options.watch && { ...options.outage, watch: options.watch },
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(databaseContext, database);
        context.set(configContext, publicConfig);
        context.set(servicesContext, services);
        context.set(clientContext, { ip: req.ip ?? "", userAgent: req.get("user-agent") ?? "" });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logger.error({ err: error, path: req.path }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).type("text/plain").send("Something went wrong on our side. Please call the clinic.");
  });

  return app;
}
