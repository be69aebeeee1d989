import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { Database } from "~/db/client.server";
import { loadEnv } from "~/lib/env.server";
import { createApp } from "../../server/app";
import { createFront } from "../../server/front";
import { createLogger } from "../../server/logger";
import { PageCache } from "../../server/page-cache";
import { createServices } from "../../server/services";
import { openTestDatabase, type DatabaseKind } from "./database";

export interface ApiApp {
  url: string;
  database: Database;
  /** Every log line the app wrote, as text. */
  logs(): string;
  /** POSTs JSON (a string is sent as it is, for broken bodies) with the given extra headers. */
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The real Express app, in this process, on a loopback port, with its own
 * migrated and seeded database: the JSON API as a client sees it, while the
 * test can read the database directly. (Pages need the production build:
 * tests/e2e covers those.)
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
  const logger = createLogger("info", sink);
  const services = createServices(env, database, logger, "test-secret-test-secret-test-secret!");
  services.notifier.start();
  const cache = new PageCache(0);
  const app = createApp({
    env,
    database,
    services,
    logger,
    cache,
    isSecure: () => false,
    clientDir: "/nonexistent",
    build: () => Promise.reject(new Error("API tests serve no pages")),
  });
  // The same front as the real server: the beacons are answered there.
  const server = http.createServer(createFront({ env, database, services, logger, cache, isSecure: () => false, app }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    logs: () => logText,
    postJson: (path, body, headers = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([services.notifier.stop(), services.newsletter.stop()]);
      await services.analytics.stop();
      await database.close();
    },
  };
}
