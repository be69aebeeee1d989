// Throughput benchmark: wrk against the anonymous (cached) home page and
// GET /api/treatments of the production build, each compared with a bare
// node:http server in its own process that answers the very same bytes and
// Content-Type for any path — the ceiling for one Node event loop on this
// machine. ratio = ours / ceiling (requests per second).
//
//   node bench/throughput.js          BENCH_SECONDS=10 per wrk run
//   BENCH_BROTLI=0 node bench/throughput.js   skip the Accept-Encoding: br pass
//
// The headline pass sends no Accept-Encoding (wrk's default), so both sides
// send the uncompressed body. A second pass sends "Accept-Encoding: br", as
// browsers do, and the ceiling answers the same brotli bytes with
// Content-Encoding: br. Each ours/ceiling pair runs back to back so that a
// noisy neighbour affects both alike. Prints one JSON line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  ensureBuild,
  envInt,
  freePort,
  get200,
  log,
  makeDataDir,
  printResult,
  ratio,
  removeDir,
  request,
  root,
  round,
  runMain,
  sleep,
  startServer,
  stopProcess,
  track,
} from "./lib.js";

const SECONDS = envInt("BENCH_SECONDS", 10);
const CONNECTIONS = envInt("BENCH_CONNECTIONS", 50);
const THREADS = envInt("BENCH_THREADS", 2);
const BROTLI = process.env.BENCH_BROTLI !== "0";
const LUA = path.join(root, "bench", "wrk-report.lua");

const TARGETS = [
  { name: "page", path: "/" },
  { name: "api", path: "/api/treatments" },
];

function ensureWrk() {
  const probe = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (!probe.error) return;
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    log("wrk is missing; installing it with apt-get…");
    const opts = { stdio: ["ignore", process.stderr, process.stderr], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
    let result = spawnSync("apt-get", ["install", "-y", "wrk"], opts);
    if (result.status !== 0) {
      spawnSync("apt-get", ["update"], opts);
      result = spawnSync("apt-get", ["install", "-y", "wrk"], opts);
    }
    if (result.status === 0 && !spawnSync("wrk", ["-v"]).error) return;
  }
  throw new Error("wrk is not installed (as root: apt-get install -y wrk)");
}

/** Runs wrk once and returns its summary (see wrk-report.lua). */
async function runWrk(url, headers, seconds = SECONDS, quiet = false) {
  const args = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", LUA];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const child = track(spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] }));
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  const line = out.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${out}`);
  if (!quiet) process.stderr.write(out.replace(/^WRK_JSON .*\n?/m, "").replace(/^/gm, "    ") + "\n");
  const s = JSON.parse(line.slice("WRK_JSON ".length));
  const errors = s.connectErrors + s.readErrors + s.writeErrors + s.timeouts + s.non2xx3xx;
  return {
    rps: round(s.requests / (s.durationUs / 1e6), 0),
    p50Ms: round(s.p50Us / 1000, 2),
    p99Ms: round(s.p99Us / 1000, 2),
    requests: s.requests,
    errors,
  };
}

/** Starts bench/bare-server.js serving `body` for every path. */
async function startBareServer(dir, name, body, contentType, contentEncoding) {
  const file = path.join(dir, `${name}.body`);
  fs.writeFileSync(file, body);
  const port = await freePort();
  const args = [path.join(root, "bench", "bare-server.js"), String(port), file, contentType];
  if (contentEncoding) args.push(contentEncoding);
  const child = track(spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] }));
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (c) => String(c).includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  // Check it answers byte for byte what we measured on our server.
  const check = await get200(`${url}/anything`);
  if (!check.body.equals(body)) throw new Error("bare server answered different bytes");
  return { url, stop: () => stopProcess(child) };
}

runMain(async () => {
  ensureWrk();
  ensureBuild();
  const server = await startServer({ dataDir: makeDataDir("throughput") });
  const scratch = makeDataDir("ceiling");
  const passes = [{ key: null, headers: {} }];
  if (BROTLI) passes.push({ key: "br", headers: { "Accept-Encoding": "br" } });

  const result = { bench: "throughput", seconds: SECONDS, connections: CONNECTIONS, threads: THREADS };
  try {
    for (const pass of passes) {
      const section = pass.key ? (result[pass.key] = { acceptEncoding: pass.headers["Accept-Encoding"] }) : result;
      for (const target of TARGETS) {
        // Warm up: the first request renders and stores the page; the next
        // ones must be cache hits, exactly what wrk will get.
        let res;
        for (let i = 0; i < 5; i++) res = await get200(`${server.url}${target.path}`, { headers: pass.headers });
        if (res.headers["x-cache"] !== "HIT") throw new Error(`${target.path} is not served from the page cache`);
        const contentType = res.headers["content-type"];
        const contentEncoding = res.headers["content-encoding"];
        const ceilingServer = await startBareServer(scratch, `${target.name}-${pass.key ?? "identity"}`, res.body, contentType, contentEncoding);

        // A 1 s wrk warm-up for each side (not recorded) so that both are
        // JIT-compiled and have their buffers grown before the measured run.
        log(`wrk ${SECONDS}s ours    ${target.path} ${pass.key ?? "identity"}`);
        await runWrk(`${server.url}${target.path}`, pass.headers, 1, true);
        const ours = await runWrk(`${server.url}${target.path}`, pass.headers);
        await sleep(500);
        log(`wrk ${SECONDS}s ceiling ${target.path} ${pass.key ?? "identity"}`);
        await runWrk(`${ceilingServer.url}${target.path}`, pass.headers, 1, true);
        const ceiling = await runWrk(`${ceilingServer.url}${target.path}`, pass.headers);
        await ceilingServer.stop();
        await sleep(500);

        const after = await request(`${server.url}${target.path}`, { headers: pass.headers });
        if (after.headers["x-cache"] !== "HIT") log(`note: ${target.path} was no longer a cache hit after the run`);

        section[target.name] = {
          path: target.path,
          contentType,
          ...(contentEncoding ? { contentEncoding } : {}),
          bytes: res.body.length,
          ours,
          ceiling,
          ratio: ratio(ours.rps, ceiling.rps),
        };
        log(`${target.path} ${pass.key ?? "identity"}: ours ${ours.rps} req/s, ceiling ${ceiling.rps} req/s, ratio ${section[target.name].ratio}`);
      }
    }
  } finally {
    await server.stop();
    removeDir(server.dataDir);
    removeDir(scratch);
  }
  printResult(result);
});
