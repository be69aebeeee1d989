// Small self-contained helpers shared by the benchmark scripts. Plain Node ESM:
// the benchmarks run with `node` against the production build and import no
// TypeScript. Results go to stdout as exactly one JSON line per benchmark
// (printResult); every other message goes to stderr.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverBuild = path.join(root, "build", "server", "index.js");

/** Progress messages: stderr only, so stdout carries nothing but the result line. */
export function log(...parts) {
  process.stderr.write(`[bench] ${parts.join(" ")}\n`);
}

/** Prints the benchmark's result as exactly one JSON line on stdout. */
export function printResult(obj) {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

/** The 1-minute load average: how busy the (shared) machine was. */
export function loadAverage() {
  return Math.round(os.loadavg()[0] * 100) / 100;
}

/** A positive integer from the environment, or the fallback. */
export function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

// ---------------------------------------------------------------------------
// Build

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** The same inputs server.js checks before serving the build. */
const BUILD_SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

/**
 * Builds the site unless build/server/index.js exists and is newer than the
 * sources. Done here rather than left to server.js so that a build never
 * counts towards a measured start-up.
 */
export function ensureBuild() {
  const built = fs.statSync(serverBuild, { throwIfNoEntry: false });
  const stale = !built || BUILD_SOURCES.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs);
  if (!stale) return;
  log("building the site (the build is missing or older than the sources)…");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"],
    {
      cwd: root,
      // The build's output must not reach our stdout.
      stdio: ["ignore", process.stderr, process.stderr],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) throw new Error("the build failed; see the messages above");
}

/**
 * The server build references its client assets by content hash. Anyone who
 * rebuilds build/ while a benchmark runs (the e2e tests do, on this shared
 * machine) deletes the files the running server still points to, and the
 * browser gets 404s. So each benchmark serves a private copy of everything
 * `node server.js` reads at run time: server.js, package.json, build/,
 * content/ and the migrations, with node_modules linked. Timestamps are kept,
 * so server.js sees an up-to-date build and never rebuilds the copy.
 *
 * Returns the copy's root directory (removed at exit).
 */
export async function snapshotBuild() {
  for (let attempt = 1; ; attempt++) {
    ensureBuild();
    const dir = makeDataDir("app");
    const copy = (rel) =>
      fs.cpSync(path.join(root, rel), path.join(dir, rel), { recursive: true, preserveTimestamps: true });
    for (const rel of [
      "package.json",
      "server.js",
      path.join("scripts", "production-build.js"),
      "build",
      "content",
      path.join("app", "db", "migrations"),
    ])
      copy(rel);
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    const missing = missingAssets(dir);
    if (missing.length === 0) return dir;
    removeDir(dir);
    if (attempt >= 3) throw new Error(`build/ keeps changing under us; missing assets: ${missing.join(", ")}`);
    log(`build/ changed while it was being copied (${missing[0]} missing); trying again…`);
    await sleep(5000);
  }
}

/** Client assets the copied server build names but the copy lacks (a half-finished rebuild). */
function missingAssets(dir) {
  const serverAssets = path.join(dir, "build", "server", "assets");
  const names = new Set();
  for (const file of [
    path.join(dir, "build", "server", "index.js"),
    ...fs.readdirSync(serverAssets).map((f) => path.join(serverAssets, f)),
  ]) {
    if (!file.endsWith(".js")) continue;
    for (const match of fs.readFileSync(file, "utf8").matchAll(/["'`]\/assets\/([\w.-]+\.(?:js|css|woff2))/g))
      names.add(match[1]);
  }
  if (names.size === 0) return ["(no asset names found in the server build)"];
  return [...names].filter((name) => !fs.existsSync(path.join(dir, "build", "client", "assets", name)));
}

// ---------------------------------------------------------------------------
// Processes

/** Installs wrk with apt-get when it is missing and we run as root; throws otherwise. */
export function ensureWrk() {
  const probe = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (!probe.error) return;
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    log("wrk is missing; installing it with apt-get…");
    const opts = {
      stdio: ["ignore", process.stderr, process.stderr],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    };
    let result = spawnSync("apt-get", ["install", "-y", "wrk"], opts);
    if (result.status !== 0) {
      spawnSync("apt-get", ["update"], opts);
      result = spawnSync("apt-get", ["install", "-y", "wrk"], opts);
    }
    if (result.status === 0 && !spawnSync("wrk", ["-v"]).error) return;
  }
  throw new Error("wrk is not installed (as root: apt-get install -y wrk)");
}

const children = new Set();
const exitHooks = [];

/**
 * Registers a synchronous clean-up (e.g. killing a browser) to run when the
 * benchmark exits, before the temporary directories are removed.
 */
export function onExit(fn) {
  exitHooks.push(fn);
}

function killChildren() {
  for (const hook of exitHooks.splice(0)) {
    try {
      hook();
    } catch {
      // best effort
    }
  }
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}

// Never leave a server behind, whatever way the benchmark ends.
process.once("exit", killChildren);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    killChildren();
    process.exit(130);
  });
}

/** Remembers a child process so it is killed if the benchmark exits early. */
export function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`). */
export async function stopProcess(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    log(`pid ${child.pid} did not stop within ${timeoutMs} ms; killing it`);
    child.kill("SIGKILL");
  }, timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const tempDirs = new Set();

/** A fresh, empty data directory under the system temp directory (removed at exit). */
export function makeDataDir(label = "data") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeDir(dir) {
  tempDirs.delete(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

process.once("exit", () => {
  for (const dir of tempDirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
});

/**
 * The Node flags `npm start` gives the server (package.json's "start" script,
 * `node [--flags] server.js`): a benchmark runs the server as it is deployed.
 */
export function serverNodeFlags(appDir = root) {
  const start = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8")).scripts.start;
  // "exec": the shell npm runs the script in hands its signals to node (decision 0043).
  const match = /^(?:exec\s+)?node((?:\s+--\S+)*)\s+server\.js$/.exec(start);
  if (!match) throw new Error(`package.json's start script is not "[exec] node [--flags] server.js": ${start}`);
  // BENCH_SERVER_FLAGS adds flags NODE_OPTIONS refuses, such as --cpu-prof, to profile a server.
  const extra = (process.env.BENCH_SERVER_FLAGS ?? "").split(/\s+/).filter(Boolean);
  return [...match[1].split(/\s+/).filter(Boolean), ...extra];
}

/**
 * Starts `node server.js` in `appDir` (the project, or a copy made by
 * snapshotBuild) with PGlite in `dataDir` on a free port, and waits for the
 * first 200 from /healthz. NODE_ENV and DATABASE_URL are removed from the
 * environment, as for a local install, unless given in `env`; LOG_LEVEL=warn.
 * `nodeFlags` go after the start script's own (a probe to --require, say).
 *
 * `healthyMs` is the time from the spawn to that first 200.
 */
export async function startServer({
  appDir = root,
  dataDir,
  port,
  env = {},
  nodeFlags = [],
  pollMs = 10,
  timeoutMs = 60_000,
} = {}) {
  port ??= await freePort();
  dataDir ??= makeDataDir();
  const childEnv = { ...process.env };
  // As for a local install, unless the benchmark sets them itself in `env`.
  delete childEnv.NODE_ENV;
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" }, env);

  const spawnedAt = performance.now();
  const child = track(
    spawn(process.execPath, [...serverNodeFlags(appDir), ...nodeFlags, path.join(appDir, "server.js")], {
      cwd: appDir,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let output = "";
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const url = `http://127.0.0.1:${port}`;
  const deadline = spawnedAt + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
    }
    try {
      const res = await request(`${url}/healthz`, { agent: false });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(pollMs);
  }
  const healthyMs = performance.now() - spawnedAt;

  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    process: child,
    spawnedAt,
    healthyMs,
    output: () => output,
    stop: () => stopProcess(child),
  };
}

// ---------------------------------------------------------------------------
// HTTP

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * A plain node:http request: { status, headers, body (Buffer) }. No
 * Accept-Encoding is sent unless given, so bodies arrive uncompressed.
 */
export function request(url, { method = "GET", headers = {}, agent = keepAliveAgent, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

/** Fetches `url` and throws unless the answer is a 200. */
export async function get200(url, options) {
  const res = await request(url, options);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res;
}

/** CPU seconds the process has used so far (utime + stime from /proc/<pid>/stat), or null. */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until none of the processes has used more than `share` of a core in any 250 ms for `forMs`, at most `maxMs`;
 * true when they fell quiet. A server works in the background after a start or a change (its
 * pass over the last good copies, then the page cache's brotli 11 for every page that pass stored,
 * one at a time, a minute or more for a thousand pages): a measurement starts after that.
 */
export async function quiet(pids, { share = 0.05, forMs = 250, maxMs = 20_000 } = {}) {
  const deadline = performance.now() + maxMs;
  let quietSince = performance.now();
  while (performance.now() < deadline) {
    const before = pids.map((pid) => cpuSeconds(pid));
    await sleep(250);
    if (pids.every((pid, i) => cpuSeconds(pid) - before[i] <= 0.25 * share)) {
      if (performance.now() - quietSince >= forMs) return true;
    } else quietSince = performance.now();
  }
  return false;
}

/** Resident memory of a process in bytes (VmRSS from /proc/<pid>/status), or null. */
export function residentBytes(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Statistics

/** Percentile `p` (0–100) with linear interpolation; null for no values. */
export function percentile(values, p) {
  const sorted = values.filter((v) => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const median = (values) => percentile(values, 50);

/** Rounds to `digits` decimals, keeping null as null. */
export function round(value, digits = 1) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** a / b rounded, or null when either is missing. */
export function ratio(a, b, digits = 3) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return round(a / b, digits);
}

/** Runs `main` and turns an error into a message on stderr and exit code 1. */
export function runMain(main) {
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`[bench] failed: ${error?.stack ?? error}\n`);
      process.exit(1);
    },
  );
}

/**
 * Runs `fn(url)` against a fresh, empty database on a PostgreSQL server
 * (the server's migrations fill it), and drops it afterwards whatever happens.
 * Throws when the server cannot be reached.
 */
export async function withPostgresDatabase(serverUrl, label, fn) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `clinic_bench_${label}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// ---------------------------------------------------------------------------
// Staff accounts

/** A password hash in the format and with the parameters of app/features/auth/password.server.ts. */
export function scryptHash(password) {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password.normalize("NFKC"), salt, 32, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$ln=15,r=8,p=1$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** Signs in through POST /api/login; the session cookie to send back. */
export async function signIn(url, email, password) {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers.get("set-cookie").split(";")[0];
}
