// Throughput benchmark: wrk against the anonymous (cached) home page and
// GET /api/treatments of the production build, each compared with a bare
// node:http server in its own process that answers the very same bytes and
// Content-Type for any path — the ceiling for one Node event loop on this
// machine. ratio = ours / ceiling (requests per second).
//
//   node bench/throughput.js                  BENCH_SECONDS=10 of wrk per server and target
//   BENCH_BROTLI=0 node bench/throughput.js   skip the Accept-Encoding: br pass
//
// The headline pass sends no Accept-Encoding (wrk's default), so both sides
// send the uncompressed body. A second pass sends "Accept-Encoding: br", as
// browsers do, and the ceiling answers the same brotli bytes with
// Content-Encoding: br.
//
// The machine is shared, so each server's BENCH_SECONDS are split into
// BENCH_SLICES wrk runs (default 5 × 2 s) that alternate with the other
// server's (ours, ceiling, ceiling, ours, …): a burst of load from a
// neighbour then hits both sides instead of one. requests/s is the total over
// the slices; p50/p99 are the medians of the slices' own percentiles; the
// per-slice ratios are reported to show the spread. Prints one JSON line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  ensureWrk,
  envInt,
  freePort,
  get200,
  loadAverage,
  log,
  makeDataDir,
  median,
  printResult,
  ratio,
  removeDir,
  request,
  root,
  round,
  runMain,
  snapshotBuild,
  sleep,
  startServer,
  stopProcess,
  track,
} from "./lib.js";

const SECONDS = envInt("BENCH_SECONDS", 10);
const SLICES = Math.min(envInt("BENCH_SLICES", 5), SECONDS);
const SLICE_SECONDS = Math.floor(SECONDS / SLICES);
const CONNECTIONS = envInt("BENCH_CONNECTIONS", 50);
const THREADS = envInt("BENCH_THREADS", 2);
const BROTLI = process.env.BENCH_BROTLI !== "0";
const LUA = path.join(root, "bench", "wrk-report.lua");

const TARGETS = [
  { name: "page", path: "/" },
  { name: "api", path: "/api/treatments" },
];

/** Runs wrk once and returns its summary (see wrk-report.lua). */
async function runWrk(url, headers, seconds) {
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
  const s = JSON.parse(line.slice("WRK_JSON ".length));
  s.errors = s.connectErrors + s.readErrors + s.writeErrors + s.timeouts + s.non2xx3xx;
  return s;
}

/** Totals over one side's slices. */
function combine(slices) {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  const seconds = slices.reduce((sum, s) => sum + s.durationUs / 1e6, 0);
  return {
    rps: round(requests / seconds, 0),
    p50Ms: round(median(slices.map((s) => s.p50Us)) / 1000, 2),
    p99Ms: round(median(slices.map((s) => s.p99Us)) / 1000, 2),
    requests,
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
  };
}

const sliceRps = (s) => s.requests / (s.durationUs / 1e6);

/**
 * Measures ours and the ceiling in alternating slices, after a 1 s wrk
 * warm-up of each (not recorded) so that both are JIT-compiled and have
 * grown their buffers.
 */
async function measurePair(oursUrl, ceilingUrl, headers, label) {
  await runWrk(oursUrl, headers, 1);
  await runWrk(ceilingUrl, headers, 1);
  const ours = [];
  const ceiling = [];
  for (let i = 0; i < SLICES; i++) {
    const order = i % 2 === 0 ? ["ours", "ceiling"] : ["ceiling", "ours"];
    for (const side of order) {
      const slice = await runWrk(side === "ours" ? oursUrl : ceilingUrl, headers, SLICE_SECONDS);
      (side === "ours" ? ours : ceiling).push(slice);
      await sleep(200);
    }
    log(
      `${label} slice ${i + 1}/${SLICES}: ours ${Math.round(sliceRps(ours[i]))} req/s ` +
        `(p99 ${(ours[i].p99Us / 1000).toFixed(1)} ms), ceiling ${Math.round(sliceRps(ceiling[i]))} req/s ` +
        `(p99 ${(ceiling[i].p99Us / 1000).toFixed(1)} ms)`,
    );
  }
  return {
    ours: combine(ours),
    ceiling: combine(ceiling),
    sliceRatios: ours.map((o, i) => round(sliceRps(o) / sliceRps(ceiling[i]), 2)),
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
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const server = await startServer({ appDir, dataDir: makeDataDir("throughput") });
  const scratch = makeDataDir("ceiling");
  const passes = [{ key: null, headers: {} }];
  if (BROTLI) passes.push({ key: "br", headers: { "Accept-Encoding": "br" } });

  const result = {
    bench: "throughput",
    seconds: SLICE_SECONDS * SLICES,
    slices: SLICES,
    connections: CONNECTIONS,
    threads: THREADS,
  };
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
        const ceilingServer = await startBareServer(
          scratch,
          `${target.name}-${pass.key ?? "identity"}`,
          res.body,
          contentType,
          contentEncoding,
        );

        const label = `${target.path} ${pass.key ?? "identity"}`;
        const { ours, ceiling, sliceRatios } = await measurePair(
          `${server.url}${target.path}`,
          `${ceilingServer.url}${target.path}`,
          pass.headers,
          label,
        );
        await ceilingServer.stop();

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
          sliceRatios,
        };
        log(`${label}: ours ${ours.rps} req/s, ceiling ${ceiling.rps} req/s, ratio ${section[target.name].ratio}`);
      }
    }
  } finally {
    await server.stop();
    removeDir(server.dataDir);
    removeDir(scratch);
  }
  result.load1m = [loadAtStart, loadAverage()];
  printResult(result);
});
