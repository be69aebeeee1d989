import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { ServerServices } from "~/context";
import { openDatabase, type Database } from "~/db/client.server";
import { loadEnv } from "~/lib/env.server";
import type * as ContentVersionModule from "~/features/content/content-version.server";
import type * as AppModule from "../../server/app";
import type * as ContentVersionPollModule from "../../server/content-version-poll";
import type * as FrontModule from "../../server/front";
import type * as LoggerModule from "../../server/logger";
import type * as PageCacheModule from "../../server/page-cache";
import type * as ServicesModule from "../../server/services";
import { clonePostgresTemplate, openTestDatabase, type DatabaseKind } from "./database";
import { root } from "./paths";

export interface ApiApp {
  url: string;
  database: Database;
  /** The app's own services (its secret, its loopback address, its page cache's hook). */
  services: ServerServices;
  /** Every log line the app wrote, as text. */
  logs(): string;
  /** POSTs JSON (a string is sent as it is, for broken bodies) with the given extra headers. */
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The real server (node:http front, Express, React Router's routes, loaded
 * through Vite as `npm run dev` does), in this process, on a loopback port,
 * with its own migrated and seeded database: the JSON API as a client sees
 * it, while the test can read the database directly. The server's modules
 * come from the same Vite module graph as the routes, so they share one
 * router context. (Pages as a browser sees them: tests/e2e, on the
 * production build.) Its page cache is off unless `settings` sets
 * PAGE_CACHE_ENTRIES; then it also follows the content version as the real
 * server does (polled every 0.5 s, set at once by this instance's changes).
 */
export async function startApiApp(
  kind: DatabaseKind | Database,
  settings: Record<string, string> = {},
): Promise<ApiApp> {
  const database = typeof kind === "string" ? await openTestDatabase(kind) : kind;
  const env = loadEnv({ NODE_ENV: "test", PUBLIC_URL: "http://127.0.0.1", ...settings });
  let logText = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logText += chunk;
      done();
    },
  });
  const vite = await appModules();
  const [
    { createApp },
    { createFront },
    { createLogger },
    { PageCache },
    { createServices },
    { startContentVersionPoll },
  ] = await Promise.all([
    vite.ssrLoadModule("/server/app.ts") as Promise<typeof AppModule>,
    vite.ssrLoadModule("/server/front.ts") as Promise<typeof FrontModule>,
    vite.ssrLoadModule("/server/logger.ts") as Promise<typeof LoggerModule>,
    vite.ssrLoadModule("/server/page-cache.ts") as Promise<typeof PageCacheModule>,
    vite.ssrLoadModule("/server/services.ts") as Promise<typeof ServicesModule>,
    vite.ssrLoadModule("/server/content-version-poll.ts") as Promise<typeof ContentVersionPollModule>,
    // Compiled now, so no request of the test waits for it.
    vite.ssrLoadModule("virtual:react-router/server-build"),
  ]);
  const logger = createLogger("info", sink);
  const cache = new PageCache(settings.PAGE_CACHE_ENTRIES ? env.PAGE_CACHE_ENTRIES : 0);
  const { readContentVersion } = (await vite.ssrLoadModule(
    "/app/features/content/content-version.server.ts",
  )) as typeof ContentVersionModule;
  cache.setVersion(await readContentVersion(database.db));
  const contentVersion = startContentVersionPoll(database.db, cache);
  const services = createServices(env, database, logger, "test-secret-test-secret-test-secret!", contentVersion);
  services.notifier.start();
  await services.redirects.start();
  const app = createApp({
    env,
    database,
    services,
    logger,
    cache,
    isSecure: () => false,
    clientDir: "/nonexistent",
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  // The same front as the real server: the beacons are answered there.
  const server = http.createServer(createFront({ env, database, services, logger, cache, isSecure: () => false, app }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  services.self.url = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    services,
    logs: () => logText,
    postJson: (path, body, headers = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async stop() {
      contentVersion.stop();
      server.closeAllConnections();
      // (The Vite server stays for the file's other apps; the worker's exit ends it.)
      await new Promise((resolve) => server.close(resolve));
      // A site audit still reading pages stops (marked failed) while the database is open.
      await services.seoAudit.stop();
      await Promise.all([services.notifier.stop(), services.newsletter.stop()]);
      await services.analytics.stop();
      await services.redirects.stop();
      await database.close();
    },
  };
}

let shared: Promise<ViteDevServer> | undefined;

/** One Vite server per test file (its module graph holds the app), closed when the file's process ends. */
function appModules(): Promise<ViteDevServer> {
  shared ??= createServer({
    root,
    configFile: `${root}/vite.config.ts`,
    logLevel: "error",
    appType: "custom",
    // No HMR and no WebSocket server: two test files at once would both want port 24678.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  return shared;
}

/** Two apps on one new PostgreSQL database (a clone of the template): what one commits, the other must learn. */
export async function startTwoApiApps(settings: Record<string, string> = {}): Promise<[ApiApp, ApiApp]> {
  const databaseUrl = await clonePostgresTemplate();
  const [one, two] = await Promise.all(
    [0, 1].map(() => openDatabase({ databaseUrl }).then((db) => startApiApp(db, settings))),
  );
  return [one!, two!];
}
