import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds } from "../setup/database";
import { freePort, runServerExpectingFailure, startServer, type TestServer } from "../setup/server";
import { startTcpProxy } from "../setup/tcp-proxy";

const running: TestServer[] = [];
async function start(...args: Parameters<typeof startServer>) {
  const server = await startServer(...args);
  running.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
});

describe("the server process", () => {
  it("refuses a second process on the same DATA_DIR, and the first keeps serving", async () => {
    const first = await start();
    const second = await runServerExpectingFailure({ DATA_DIR: first.dataDir, PORT: String(await freePort()) });
    expect(second.code).not.toBe(0);
    expect(second.output).toMatch(/in use by another server process \(pid \d+\)/);
    expect(second.output).toContain(path.resolve(first.dataDir));
    const res = await fetch(`${first.url}/api/treatments`);
    expect(res.status).toBe(200);
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dataDir = copyPgliteTemplate("stale-lock");
    fs.writeFileSync(path.join(dataDir, ".server.lock"), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const server = await start({ dataDir });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it.each([
    [{ PORT: "not-a-port" }, /PORT: must be a number/],
    [{ DATABASE_URL: "mysql://db" }, /DATABASE_URL: must be a postgres/],
    [{ LOG_LEVEL: "chatty" }, /LOG_LEVEL: must be one of/],
  ])("stops at start with a message naming a bad setting %j", async (env, message) => {
    const result = await runServerExpectingFailure({ DATA_DIR: copyPgliteTemplate("bad-env"), ...env });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/The clinic site cannot start/);
    expect(result.output).toMatch(message);
  });

  it("requires SESSION_SECRET in production", async () => {
    const result = await runServerExpectingFailure({
      NODE_ENV: "production",
      DATA_DIR: copyPgliteTemplate("prod"),
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/SESSION_SECRET: required when NODE_ENV=production/);
  });

  it("generates a session secret once outside production and keeps it", async () => {
    const dataDir = copyPgliteTemplate("secret");
    const first = await start({ dataDir });
    expect(first.output()).toMatch(/SESSION_SECRET not set: generated one/);
    const secret = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8");
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
    expect(await first.stop()).toBe(0);
    const second = await start({ dataDir });
    expect(second.output()).not.toMatch(/generated one/);
    expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secret);
  });

  it("finishes in-flight requests on SIGTERM, exits 0 and releases the lock", async () => {
    const server = await start();
    // Pages not rendered yet take a few milliseconds: they are in flight when the signal lands.
    const paths = ["/aetna", "/cigna", "/humana", "/optum", "/medicare", "/adhd", "/depression", "/ocd"];
    const requests = paths.map((p) =>
      fetch(`${server.url}${p}`).then(
        async (res) => ({ status: res.status, body: await res.text() }),
        (error: Error) => ({ status: 0, body: String(error.cause ?? error) }),
      ),
    );
    // Long enough for the server to have accepted them, short of rendering all eight.
    await new Promise((r) => setTimeout(r, 50));
    const code = await server.stop("SIGTERM");
    const results = await Promise.all(requests);
    expect(code).toBe(0);
    for (const result of results) {
      // Either answered completely, or refused before it was accepted: never cut off mid-way.
      if (result.status !== 0) {
        expect(result.status).toBe(200);
        expect(result.body).toMatch(/<\/html>$/);
      } else {
        expect(result.body).toMatch(/ECONNREFUSED|ECONNRESET|other side closed/);
      }
    }
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(server.output()).toMatch(/"msg":"stopped"/);
    expect(fs.existsSync(path.join(server.dataDir, ".server.lock"))).toBe(false);
    // The same directory can be used again at once.
    const again = await start({ dataDir: server.dataDir });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  });

  it("logs JSON lines without query strings", async () => {
    const server = await start();
    await fetch(`${server.url}/medication-management?email=someone%40example.com&token=tok-9f8e7d`);
    await new Promise((r) => setTimeout(r, 100));
    const lines = server.output().trim().split("\n");
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(server.output()).toContain('"path":"/medication-management"');
    expect(server.output()).not.toContain("someone");
    expect(server.output()).not.toContain("tok-9f8e7d");
  });
});

// Registered only when a PostgreSQL server is configured (TEST_DATABASE_URL).
describe.each(databaseKinds().filter((k) => k === "postgres"))("two instances on one %s server", () => {
  it("both start on a brand-new database (migrations and seed run once) and serve the same content", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    // An empty database: each instance races to migrate and seed it.
    const pg = await import("pg");
    const name = `${new URL(await clonePostgresTemplate()).pathname.slice(1)}_empty`;
    const admin = new pg.default.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString() };
    const [a, b] = await Promise.all([start({ env }), start({ env })]);
    const [ta, tb] = await Promise.all([
      fetch(`${a.url}/api/treatments`).then((r) => r.json()),
      fetch(`${b.url}/api/treatments`).then((r) => r.json()),
    ]);
    expect(ta.length).toBeGreaterThan(8);
    expect(tb).toEqual(ta);
    expect(new Set(ta.map((t: { slug: string }) => t.slug)).size).toBe(ta.length);
  });

  it("reports not-ready within 2 s when the database is unreachable, and recovers by itself", async () => {
    const dbUrl = new URL(await clonePostgresTemplate());
    const proxy = await startTcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    dbUrl.hostname = "127.0.0.1";
    dbUrl.port = String(proxy.port);
    const server = await start({ env: { DATABASE_URL: dbUrl.toString() } });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await proxy.cut();
    const started = Date.now();
    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await down.json()).toMatchObject({ error: expect.stringMatching(/database/) });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.restore();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await fetch(`${server.url}/readyz`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await fetch(`${server.url}/api/treatments`)).status).toBe(200);
    await proxy.cut();
  });
});
