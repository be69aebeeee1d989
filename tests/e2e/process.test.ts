import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fetchAnswer } from "../setup/answers";
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

/**
 * A form post that is in flight for certain: its headers ask for
 * "100 Continue", which the server sends once it has taken the request; the
 * body goes only when `sendBody()` is called. Resolves `accepted` then, and
 * `answer` with the status and the whole body (status 0 and the error if the
 * connection failed).
 */
function formPostInFlight(url: string, path: string, body: string) {
  const req = http.request(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const accepted = new Promise<void>((resolve, reject) => {
    req.once("continue", () => resolve());
    req.once("error", reject);
  });
  const answer = new Promise<{ status: number; body: string }>((done) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
      res.on("error", (error) => done({ status: 0, body: String(error) }));
    });
    req.on("error", (error) => done({ status: 0, body: String(error) }));
  });
  req.flushHeaders();
  return { accepted, answer, sendBody: () => req.end(body) };
}

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
    // A newsletter sign-up the server has taken but not yet read: in flight when the signal lands.
    const signUp = formPostInFlight(server.url, "/newsletter", "email=in-flight%40example.com&source=%2F&website=");
    await signUp.accepted;
    // Pages not rendered yet, asked for alongside: in flight too, or answered, or refused.
    const paths = ["/aetna", "/cigna", "/humana", "/optum", "/medicare", "/adhd", "/depression", "/ocd"];
    const requests = paths.map((p) =>
      fetch(`${server.url}${p}`).then(
        async (res) => ({ status: res.status, body: await res.text() }),
        (error: Error) => ({ status: 0, body: String(error.cause ?? error) }),
      ),
    );
    const stopped = server.stop("SIGTERM");
    await expect.poll(() => server.output()).toContain("shutting down: finishing in-flight requests");
    signUp.sendBody();
    const [code, signedUp, results] = await Promise.all([stopped, signUp.answer, Promise.all(requests)]);
    expect(code).toBe(0);
    // The sign-up whose body came after the signal was finished: the whole confirmation page.
    expect(signedUp.status).toBe(200);
    expect(signedUp.body).toMatch(/<\/html>$/);
    for (const result of results) {
      // Either answered completely, or refused before it was accepted: never cut off mid-way.
      if (result.status !== 0) {
        expect(result.status).toBe(200);
        expect(result.body).toMatch(/<\/html>$/);
      } else {
        expect(result.body).toMatch(/ECONNREFUSED|ECONNRESET|other side closed/);
      }
    }
    expect(server.output()).toMatch(/"msg":"stopped"/);
    expect(fs.existsSync(path.join(server.dataDir, ".server.lock"))).toBe(false);
    // The same directory can be used again at once.
    const again = await start({ dataDir: server.dataDir });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  });

  it("logs JSON lines without query strings", async () => {
    const server = await start();
    await fetch(`${server.url}/medication-management?email=someone%40example.com&token=tok-9f8e7d`);
    // Its log line is written when the answer has gone.
    await expect.poll(() => server.output()).toContain('"path":"/medication-management"');
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

  it("reports not-ready, without waiting, when the database is unreachable, and recovers by itself", async () => {
    const dbUrl = new URL(await clonePostgresTemplate());
    const proxy = await startTcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    dbUrl.hostname = "127.0.0.1";
    dbUrl.port = String(proxy.port);
    const server = await start({ env: { DATABASE_URL: dbUrl.toString() } });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await proxy.cut();
    // Answered while the database is still away (a hung check fails after the safety time).
    const down = await fetchAnswer(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ error: expect.stringMatching(/database/) });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.restore();
    await expect
      .poll(async () => (await fetchAnswer(`${server.url}/readyz`)).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect((await fetch(`${server.url}/api/treatments`)).status).toBe(200);
    await proxy.cut();
  });
});
