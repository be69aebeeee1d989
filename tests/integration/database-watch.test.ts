import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { watchDatabase } from "../../server/database-watch";
import { createLogger } from "../../server/logger";
import { clonePostgresTemplate, databaseKinds, openTestDatabase } from "../setup/database";
import { startTcpProxy } from "../setup/tcp-proxy";

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", sink), messages: () => lines.map((l) => JSON.parse(l).msg as string) };
}

/*
 * The watch behind /readyz, the outage answers and the two log lines
 * (issue 21), on a real database that really goes away: PGlite closed,
 * PostgreSQL cut off at a loopback proxy and then restored.
 */
describe.each(databaseKinds())("the database watch on %s", (kind) => {
  const opened: Database[] = [];
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => {})));
    await proxy?.cut().catch(() => {});
  });

  it("notices the database going and (on PostgreSQL) coming back, with one log line each", async () => {
    let database: Database;
    if (kind === "pglite") {
      database = await openTestDatabase("pglite");
    } else {
      const url = new URL(await clonePostgresTemplate());
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = "127.0.0.1";
      url.port = String(proxy.port);
      database = await openDatabase({ databaseUrl: url.toString() });
    }
    opened.push(database);
    const { logger, messages } = capturedLogger();
    const watch = watchDatabase(database, logger, { everyMs: 50 });
    try {
      expect(await watch.check()).toBe(true);
      expect(watch.state().away).toBe(false);
      const noticed = new Promise<void>((resolve) => watch.onAway(resolve));
      // A listener forgotten before the outage is never called.
      let forgotten = 0;
      watch.onAway(() => (forgotten += 1))();

      if (kind === "pglite") await database.close();
      else await proxy!.cut();
      expect(await watch.check()).toBe(false);
      await noticed;
      expect(forgotten).toBe(0);
      // Many requests and checks during the outage: still one line.
      watch.reportAway();
      expect(await watch.check()).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(messages().filter((m) => m.startsWith("database unreachable"))).toHaveLength(1);
      expect(watch.state().away).toBe(true);

      if (kind === "postgres") {
        let back = 0;
        watch.onBack(() => (back += 1));
        await proxy!.restore();
        await expect.poll(() => watch.check(), { timeout: 10_000, interval: 100 }).toBe(true);
        await new Promise((r) => setTimeout(r, 200));
        expect(messages().filter((m) => m === "database reachable again")).toHaveLength(1);
        expect(back).toBe(1);
      }
    } finally {
      watch.stop();
    }
  });

  it("a start without the database is away until the probe (the rest of the start-up) succeeds", async () => {
    const { logger, messages } = capturedLogger();
    let answers = false;
    const watch = watchDatabase({ ping: async () => {} }, logger, {
      startedAway: true,
      everyMs: 50,
      probe: async () => {
        if (!answers) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      },
    });
    try {
      await new Promise<void>((resolve) => watch.onAway(resolve));
      expect(await watch.check()).toBe(false);
      answers = true;
      expect(await watch.check()).toBe(true);
      expect(messages()).toEqual([
        "database unreachable at start: serving last good copies of public pages until it answers",
        "database reachable again",
      ]);
    } finally {
      watch.stop();
    }
  });
});
