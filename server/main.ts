import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type express from "express";
import type { ServerBuild } from "react-router";
import { openDatabase, projectRoot, type Database } from "~/db/client.server";
import { deleteOldSalts } from "~/features/analytics/visitor-id.server";
import { deleteOldAttempts } from "~/features/auth/login-throttle.server";
import { bumpWhenPostsFallDue } from "~/features/blog/schedule.server";
import { readContentVersion } from "~/features/content/content-version.server";
import { seedDemoContent } from "~/features/content/seed.server";
import { runDueAnalyticsJobs } from "~/features/analytics-upkeep/analytics-jobs.server";
import { DAILY_JOBS_EVERY_MS, runDueJobs } from "~/features/lead-upkeep/daily-jobs.server";
import { runDueAudit } from "~/features/seo-audit/daily-audit.server";
import { startRollups } from "~/features/web-analytics/rollup-runner.server";
import { backfillLeadSources } from "~/features/leads/backfill-lead-sources.server";
import { isDatabaseUnavailable } from "~/lib/database-availability.server";
import { ConfigError, loadEnv } from "~/lib/env.server";
import { deleteExpiredRateCounters } from "~/lib/rate-limit.server";
import { createApp } from "./app";
import { startContentVersionPoll } from "./content-version-poll";
import { childReader } from "./audit-child-host";
import { RequestsInFlight } from "./requests-in-flight";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./data-dir-lock";
import { createLogger, type Logger } from "./logger";
import { watchDatabase } from "./database-watch";
import { createFront } from "./front";
import { createOutageAnswer } from "./outage-answer";
import { PageCopies } from "./page-copies";
import { createCopyRefresher } from "./page-copy-refresh";
import { PageCache } from "./page-cache";
import { createIsSecure } from "./security-headers";
import { createServices } from "./services";
import { resolveSessionSecret } from "./session-secret";

export interface StartOptions {
  /** Development: Vite's middleware and a loader for the live server build. */
  vite?: { middleware: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
}

export interface RunningServer {
  server: http.Server;
  url: string;
  stop(): Promise<void>;
}

// How long a shutdown waits for in-flight requests before closing their connections.
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts the site: settings, the data-directory lock, the database and its
 * migrations, demo content, then the HTTP server. Exits with a clear message
 * when something a person must fix is wrong.
 */
export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const startedAt = performance.now();
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    return fail(error);
  }
  const logger = createLogger(env.LOG_LEVEL);

  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  let secret = "";
  // Migrations, demo content, the content version: what needs the database answering before pages are drawn.
  const prepare = async (opened: Database) => {
    await opened.migrate();
    if (await seedDemoContent(opened)) logger.info("loaded the demo content into a new database");
    const backfilled = await backfillLeadSources(opened.db);
    if (backfilled) logger.info({ leads: backfilled }, "worked out the channel and landing page of earlier leads");
    cache.setVersion(await readContentVersion(opened.db));
  };
  // In development every request renders afresh, so edits show at once.
  const cache = new PageCache(options.vite ? 0 : env.PAGE_CACHE_ENTRIES);
  let startedAway = false;
  try {
    if (!env.DATABASE_URL) {
      lock = acquireDataDirLock(env.DATA_DIR);
      // A newcomer's first start spends a while here: say what it is doing.
      if (!fs.existsSync(path.join(env.DATA_DIR, "pglite"))) logger.info("creating the database…");
    }
    secret = resolveSessionSecret(env, logger);
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await prepare(database);
  } catch (error) {
    // A PostgreSQL server that is away must not keep the site down: it listens, serves the last good
    // copies, and finishes this start-up when the database answers (issue 21).
    if (env.DATABASE_URL && database && isDatabaseUnavailable(error)) {
      startedAway = true;
    } else {
      await database?.close().catch(() => {});
      lock?.release();
      return fail(error, logger);
    }
  }
  const opened = database;
  let preparing: Promise<void> | undefined;
  let prepared = !startedAway;
  const watch = watchDatabase(opened, logger, {
    startedAway,
    probe: () => {
      if (prepared) return opened.ping();
      return (preparing ??= prepare(opened).then(
        () => void (prepared = true),
        (error) => {
          preparing = undefined;
          throw error;
        },
      ));
    },
  });
  const copies = new PageCopies(env.PAGE_COPY_DIR ?? path.join(env.DATA_DIR, "page-copies"), logger);
  const keepCopies = env.PAGE_COPIES === "on" && !options.vite;
  if (keepCopies) copies.load();
  const contentVersion = startContentVersionPoll(database.db, cache);
  // A scheduled post appears by the clock alone: the cached lists and feed must then be dropped.
  const duePosts = () => void bumpWhenPostsFallDue(database.db).catch(() => {});
  duePosts();
  const scheduled = setInterval(duePosts, env.SCHEDULED_POSTS_POLL_SECONDS * 1000);
  scheduled.unref();

  const services = createServices(env, database, logger, secret, contentVersion);
  const requests = new RequestsInFlight();
  // The production server reads its pages for the site audit in a child process (decision 0030); in
  // development (Vite's modules, no bundle a process could load) it reads them through itself.
  if (!options.vite)
    services.seoAudit.useReader(
      childReader({
        bundleUrl: import.meta.url,
        database,
        databaseUrl: env.DATABASE_URL,
        secret,
        publicUrl: env.PUBLIC_URL,
        logger,
        selfUrl: () => services.self.url,
        storedPages: () => cache.storedPages(),
        requests,
      }),
    );
  services.notifier.start();
  // Redirects are answered from memory from the first request on.
  await services.redirects.start();
  // Housekeeping: spent rate-limit windows; analytics salts past 48 h (once
  // a salt is gone, no visitor id of its day can be linked to an address).
  const housekeeping = () => {
    deleteExpiredRateCounters(database.db).catch(() => {});
    deleteOldSalts(database.db).catch(() => {});
    deleteOldAttempts(database.db).catch(() => {});
  };
  housekeeping();
  const maintenance = setInterval(housekeeping, 60 * 60_000);
  maintenance.unref();
  // The daily jobs (lead retention, the overdue digest, analytics retention, the site audit): every instance asks every few minutes,
  // and a claim row in the database lets one of them do each day's run. One check at a time here.
  let dailyRun: Promise<void> | undefined;
  const dailyJobs = () => {
    dailyRun ??= runDueJobs(database.db, services)
      .then(() => runDueAnalyticsJobs(database.db, logger))
      .then(() => runDueAudit(database.db, services.seoAudit, logger))
      .then(
        () => {},
        (error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, "daily jobs paused"),
      )
      .finally(() => (dailyRun = undefined));
  };
  const daily = setInterval(dailyJobs, DAILY_JOBS_EVERY_MS);
  daily.unref();

  const isSecure = createIsSecure(env.TRUST_PROXY);
  const clientDir = path.join(projectRoot, "build", "client");
  const app = createApp({
    env,
    database,
    services,
    logger,
    cache,
    watch,
    // Development renders through Vite and keeps no page cache: no copies either.
    outage: options.vite ? undefined : createOutageAnswer({ copies, watch }),
    isSecure,
    clientDir,
    viteMiddleware: options.vite?.middleware,
    build: options.vite?.loadBuild ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>),
  });

  const server = http.createServer(createFront({ env, database, services, logger, cache, isSecure, app, requests }));
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  }).catch(async (error) => {
    await database.close().catch(() => {});
    lock?.release();
    return fail(error, logger);
  });

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  services.self.url = selfUrl(env.HOST, port);
  logger.info(
    { url, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `ready at ${url}`,
  );
  // The last good copies of the public pages: drawn once listening (never in the way of /healthz), again
  // after every content change, and when the database returns after an outage.
  if (keepCopies) {
    const copier = createCopyRefresher({ copies, selfUrl: () => services.self.url, logger });
    let soon: NodeJS.Timeout | undefined;
    const refreshSoon = () => {
      clearTimeout(soon);
      soon = setTimeout(() => void copier.refresh(), 1000);
      soon.unref();
    };
    cache.onVersionChange(refreshSoon);
    watch.onBack(refreshSoon);
    if (!startedAway) refreshSoon();
  }
  // The first check once listening: a day's retention run never delays the start.
  dailyJobs();
  // The analytics dashboard's daily rollups, in the background likewise.
  const rollups = startRollups({ db: database.db, kind: database.kind, logger });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info("shutting down: finishing in-flight requests");
      contentVersion.stop();
      watch.stop();
      clearInterval(scheduled);
      clearInterval(maintenance);
      clearInterval(daily);
      // A site audit under way here is stopped (and marked failed) while the database is still open.
      const audit = services.seoAudit.stop().catch(() => {});
      // Stop accepting; let in-flight requests finish, closing each
      // keep-alive connection as soon as it goes idle; cut the rest after a grace period.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      server.closeIdleConnections();
      await closed;
      clearInterval(sweep);
      clearTimeout(deadline);
      // A daily run under way finishes its batch and closes its row before the database closes.
      await Promise.all([services.notifier.stop(), services.newsletter.stop(), dailyRun, rollups.stop(), audit]);
      services.leadDigest.close();
      // Redirect hits and 404s counted since the last write.
      await services.redirects.stop();
      // Beacons still queued (connections cut after the grace period) are written before the database closes.
      await services.analytics
        .stop()
        .catch((error) => logger.error({ err: { name: error?.name } }, "analytics flush failed"));
      await database.close().catch((error) => logger.error({ err: error }, "closing the database failed"));
      lock?.release();
      logger.info("stopped");
    })());

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return { server, url, stop };
}

/** Where this process can reach itself: its own address, or loopback when it listens on every interface. */
function selfUrl(host: string, port: number): string {
  const own = host === "" || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${own.includes(":") ? `[${own}]` : own}:${port}`;
}

function fail(error: unknown, logger?: Logger): never {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  const message = error instanceof Error ? error.message : String(error);
  if (known) {
    process.stderr.write(`\nThe clinic site cannot start.\n${message}\n\n`);
  } else if (logger) {
    logger.fatal({ err: error }, "start-up failed");
  } else {
    process.stderr.write(`Start-up failed: ${message}\n`);
  }
  process.exit(1);
}

// The staff command (scripts/staff.js) runs from this same bundle.
export { runStaffCli } from "./staff-cli";
// So does the site audit's child process (server/audit-child-host.ts starts it).
export { runAuditChild } from "./audit-child";
