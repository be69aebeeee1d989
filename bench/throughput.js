// Throughput benchmark: wrk against the anonymous (cached) home page,
// GET /api/treatments and a mix of ad landings (a few landing pages, each
// request with a click id never sent before and UTM parameters) of the
// production build, each compared with a bare node:http server in its own
// process that answers the very same bytes and Content-Type (per path, for
// the mix) — the ceiling for one Node event loop on this machine.
// ratio = ours / ceiling (requests per second).
//
// Before that, on the fresh server: what a miss costs the visitor, the time
// to first byte of uncached renders of pages from the sitemap.
//
//   node bench/throughput.js                  BENCH_SECONDS=10 of wrk per server and target
//   BENCH_BROTLI=0 node bench/throughput.js   skip the Accept-Encoding: br pass
//   BENCH_AD_LANDINGS=/,/get-started          the landing pages of the mix
//   BENCH_MISS_PAGES=12                       how many uncached renders to time
//   BENCH_AGAINST=/path/to/checkout           also each hit target against another build of the
//                                             site (a worktree of an older commit, built), in
//                                             alternating slices: did our hit path get slower?
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
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import {
  cpuSeconds,
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
const AD_LUA = path.join(root, "bench", "wrk-ad-landings.lua");
const LANDINGS = (process.env.BENCH_AD_LANDINGS ?? "/,/get-started,/request-appointment,/medication-management")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const MISS_PAGES = envInt("BENCH_MISS_PAGES", 12);
const AGAINST = process.env.BENCH_AGAINST ? path.resolve(process.env.BENCH_AGAINST) : null;
// Between two timed misses: the previous page's background brotli 11 is done by then.
const MISS_PAUSE_MS = 500;

/** wrk settings per target: a fixed path, or the ad-landing script over several. */
const TARGETS = [
  { name: "page", path: "/" },
  { name: "api", path: "/api/treatments" },
  {
    name: "ads",
    paths: LANDINGS,
    // A new tag per wrk run: its click ids are then new too.
    script: () => [AD_LUA, `--tag=${crypto.randomBytes(4).toString("hex")}`, ...LANDINGS],
  },
];

const AD_QUERY_SHAPE =
  "gclid=<new per request>&utm_source=google&utm_medium=cpc&utm_campaign=<one of 4>&utm_term=<one of 4>";

/** What an ad click appends to a landing page (the benchmark's own requests; wrk makes its own). */
const adQuery = () =>
  `gclid=Cj0KCQiA${crypto.randomBytes(30).toString("base64url")}_BwE&utm_source=google&utm_medium=cpc&utm_campaign=bench`;

/**
 * Runs wrk once and returns its summary (see wrk-report.lua). `script` is
 * [lua file, ...its arguments]; the default only reports.
 */
async function runWrk(url, headers, seconds, script = [LUA]) {
  const [lua, ...scriptArgs] = script;
  const args = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", lua];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  if (scriptArgs.length > 0) args.push("--", ...scriptArgs);
  const child = track(spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] }));
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  const lines = out.split("\n");
  const line = lines.find((l) => l.startsWith("WRK_JSON "));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${out}`);
  const s = JSON.parse(line.slice("WRK_JSON ".length));
  s.errors = s.connectErrors + s.readErrors + s.writeErrors + s.timeouts + s.non2xx3xx;
  const cache = lines.find((l) => l.startsWith("WRK_CACHE "));
  if (cache) s.xCache = JSON.parse(cache.slice("WRK_CACHE ".length));
  return s;
}

/** Totals over one side's slices. */
function combine(slices) {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  const seconds = slices.reduce((sum, s) => sum + s.durationUs / 1e6, 0);
  const cpu = slices.reduce((sum, s) => sum + s.cpuSeconds, 0);
  return {
    rps: round(requests / seconds, 0),
    p50Ms: round(median(slices.map((s) => s.p50Us)) / 1000, 2),
    p99Ms: round(median(slices.map((s) => s.p99Us)) / 1000, 2),
    requests,
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    cpuUsPerRequest: round((cpu / requests) * 1e6, 1),
  };
}

const sliceRps = (s) => s.requests / (s.durationUs / 1e6);

/** One wrk run against a server process, with the CPU time that process used meanwhile. */
async function runSide(side, headers, seconds, script) {
  const before = cpuSeconds(side.pid);
  const slice = await runWrk(side.url, headers, seconds, script);
  slice.cpuSeconds = cpuSeconds(side.pid) - before;
  return slice;
}

/**
 * Measures ours and the ceiling in alternating slices, after a 1 s wrk
 * warm-up of each (not recorded) so that both are JIT-compiled and have
 * grown their buffers. `ours` and `ceiling` are { url, pid }.
 */
async function measurePair(oursSide, ceilingSide, headers, label, script = () => [LUA]) {
  await runWrk(oursSide.url, headers, 1, script());
  await runWrk(ceilingSide.url, headers, 1, script());
  const ours = [];
  const ceiling = [];
  for (let i = 0; i < SLICES; i++) {
    const order = i % 2 === 0 ? ["ours", "ceiling"] : ["ceiling", "ours"];
    for (const side of order) {
      const slice = await runSide(side === "ours" ? oursSide : ceilingSide, headers, SLICE_SECONDS, script());
      (side === "ours" ? ours : ceiling).push(slice);
      await sleep(200);
    }
    log(
      `${label} slice ${i + 1}/${SLICES}: ours ${Math.round(sliceRps(ours[i]))} req/s ` +
        `(p99 ${(ours[i].p99Us / 1000).toFixed(1)} ms), ceiling ${Math.round(sliceRps(ceiling[i]))} req/s ` +
        `(p99 ${(ceiling[i].p99Us / 1000).toFixed(1)} ms)`,
    );
  }
  const oursTotal = combine(ours);
  const ceilingTotal = combine(ceiling);
  return {
    ours: oursTotal,
    ceiling: ceilingTotal,
    sliceRatios: ours.map((o, i) => round(sliceRps(o) / sliceRps(ceiling[i]), 2)),
    // Server CPU per request, ceiling ÷ ours: the same comparison, far less moved by neighbours.
    cpuRatio: ratio(ceilingTotal.cpuUsPerRequest, oursTotal.cpuUsPerRequest),
  };
}

/**
 * Starts bench/bare-server.js serving, per path, the bytes our server sent
 * (`bodies`: path → Buffer); with one path, the same bytes for every path.
 */
async function startBareServer(dir, name, bodies, contentType, contentEncoding) {
  const port = await freePort();
  const args = [path.join(root, "bench", "bare-server.js"), String(port)];
  const entries = Object.entries(bodies);
  if (entries.length === 1) {
    const file = path.join(dir, `${name}.body`);
    fs.writeFileSync(file, entries[0][1]);
    args.push(file, contentType);
    if (contentEncoding) args.push(contentEncoding);
  } else {
    const manifest = { contentType, contentEncoding, bodies: {} };
    entries.forEach(([p, body], i) => {
      const file = path.join(dir, `${name}-${i}.body`);
      fs.writeFileSync(file, body);
      manifest.bodies[p] = file;
    });
    const manifestFile = path.join(dir, `${name}.json`);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    args.push("--paths", manifestFile);
  }
  const child = track(spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] }));
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (c) => String(c).includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  // Check it answers byte for byte what we measured on our server.
  for (const [p, body] of entries) {
    const check = await get200(entries.length === 1 ? `${url}/anything` : `${url}${p}?${adQuery()}`);
    if (!check.body.equals(body)) throw new Error(`bare server answered different bytes for ${p}`);
  }
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

/** One GET on a new connection: time to the response's headers and to its last byte. */
function timedGet(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      const ttfbMs = performance.now() - started;
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ttfbMs,
          totalMs: performance.now() - started,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/**
 * What a miss costs the visitor: uncached renders of pages from the sitemap,
 * each first requested as an ad landing would be (a new gclid) with a
 * browser's Accept-Encoding, one at a time with a pause between them. Two
 * other pages are rendered first, unrecorded, so the JIT is warm.
 * `bestBrotliMs` is what brotli 11 of the same pages takes in this process:
 * the part of a miss's wait that the background pass took off it.
 */
async function measureMisses(serverUrl) {
  const sitemap = await get200(`${serverUrl}/sitemap.xml`);
  const paths = [...sitemap.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const headers = { "Accept-Encoding": "br, gzip" };
  for (const p of paths.slice(-2)) await get200(`${serverUrl}${p}?${adQuery()}`, { headers, agent: false });
  const samples = [];
  for (const p of paths.slice(0, Math.min(MISS_PAGES, paths.length - 2))) {
    await sleep(MISS_PAUSE_MS);
    const res = await timedGet(`${serverUrl}${p}?${adQuery()}`, headers);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    samples.push({
      path: p,
      xCache: res.headers["x-cache"] ?? null,
      ttfbMs: round(res.ttfbMs, 1),
      totalMs: round(res.totalMs, 1),
      bytes: res.body.length,
    });
    log(`miss ${p}: ${JSON.stringify(samples.at(-1))}`);
  }
  // Brotli 11 of the same pages, here, once the server's own background compression is done
  // (timed side by side with it, each would slow the other down).
  await sleep(MISS_PAUSE_MS);
  for (const sample of samples) {
    const page = (await get200(`${serverUrl}${sample.path}`)).body;
    const compressStart = performance.now();
    zlib.brotliCompressSync(page, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length },
    });
    sample.pageBytes = page.length;
    sample.bestBrotliMs = round(performance.now() - compressStart, 1);
  }
  const med = (key) => round(median(samples.map((s) => s[key])), 1);
  return {
    pages: samples.length,
    acceptEncoding: headers["Accept-Encoding"],
    pauseMs: MISS_PAUSE_MS,
    misses: samples.filter((s) => s.xCache === "MISS").length,
    ttfbMs: med("ttfbMs"),
    ttfbMaxMs: round(Math.max(...samples.map((s) => s.ttfbMs)), 1),
    totalMs: med("totalMs"),
    bytes: med("bytes"),
    pageBytes: med("pageBytes"),
    bestBrotliMs: med("bestBrotliMs"),
    samples,
  };
}

/**
 * Fills the cache with a target's page(s) and returns, per path, the bytes
 * the next request gets; a target's requests must then be cache hits. A new
 * entry's brotli bytes change once, when brotli 11 replaces the quick one in
 * the background: the ceiling must serve the bytes wrk will get, so this waits
 * until two answers half a second apart are the same.
 */
async function warm(serverUrl, target, headers) {
  const bodies = {};
  let res;
  for (const p of target.paths ?? [target.path]) {
    for (let i = 0; i < 5; i++) res = await get200(`${serverUrl}${p}`, { headers });
    if (res.headers["x-cache"] !== "HIT") throw new Error(`${p} is not served from the page cache`);
    for (let tries = 0; tries < 20; tries++) {
      await sleep(500);
      const again = await get200(`${serverUrl}${p}`, { headers });
      if (again.body.equals(res.body)) break;
      res = again;
    }
    bodies[p] = res.body;
  }
  return { bodies, contentType: res.headers["content-type"], contentEncoding: res.headers["content-encoding"] };
}

runMain(async () => {
  ensureWrk();
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  // Without the last good copies (decision 0039): their pass, 1 s after the start, renders every sitemap
  // page into the page cache, and the misses below would all be hits. Copies change nothing in how a hit
  // is answered while the database is up.
  const server = await startServer({ appDir, dataDir: makeDataDir("throughput"), env: { PAGE_COPIES: "off" } });
  // The other build, on its own demo database (an older build ignores PAGE_COPIES).
  const against = AGAINST
    ? await startServer({
        appDir: AGAINST,
        dataDir: makeDataDir("against"),
        env: { PAGE_COPIES: "off" },
        timeoutMs: 180_000,
      })
    : null;
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
    result.miss = await measureMisses(server.url);
    log(`a miss: time to first byte ${result.miss.ttfbMs} ms (median of ${result.miss.pages})`);
    for (const pass of passes) {
      const section = pass.key ? (result[pass.key] = { acceptEncoding: pass.headers["Accept-Encoding"] }) : result;
      for (const target of TARGETS) {
        const { bodies, contentType, contentEncoding } = await warm(server.url, target, pass.headers);
        const ceilingServer = await startBareServer(
          scratch,
          `${target.name}-${pass.key ?? "identity"}`,
          bodies,
          contentType,
          contentEncoding,
        );
        const firstPath = target.path ?? target.paths[0];
        const label = `${target.path ?? "ad landings"} ${pass.key ?? "identity"}`;

        // The ad mix: one short run that reads every answer's X-Cache (not measured).
        let xCache;
        if (target.script) {
          const check = await runWrk(`${server.url}${firstPath}`, pass.headers, 1, [
            ...target.script(),
            "--count-cache",
          ]);
          xCache = check.xCache;
          log(
            `${label}: X-Cache of ${xCache.hit + xCache.other} ad landings: ${xCache.hit} HIT, ${xCache.other} other`,
          );
          if (xCache.other > 0) log(`note: not every ad landing was a cache hit`);
        }

        const { ours, ceiling, sliceRatios, cpuRatio } = await measurePair(
          { url: `${server.url}${firstPath}`, pid: server.pid },
          { url: `${ceilingServer.url}${firstPath}`, pid: ceilingServer.pid },
          pass.headers,
          label,
          target.script,
        );
        await ceilingServer.stop();

        // The same target on the other build, alternating with ours: ratio = ours ÷ that build's requests/s.
        let versus;
        if (against) {
          await warm(against.url, target, pass.headers);
          const pair = await measurePair(
            { url: `${server.url}${firstPath}`, pid: server.pid },
            { url: `${against.url}${firstPath}`, pid: against.pid },
            pass.headers,
            `${label} against ${AGAINST}`,
            target.script,
          );
          versus = {
            dir: AGAINST,
            ours: pair.ours,
            theirs: pair.ceiling,
            ratio: ratio(pair.ours.rps, pair.ceiling.rps),
            sliceRatios: pair.sliceRatios,
            cpuRatio: pair.cpuRatio,
          };
          log(
            `${label} against the other build: ours ${pair.ours.rps} req/s (${pair.ours.cpuUsPerRequest} µs CPU each), ` +
              `theirs ${pair.ceiling.rps} req/s (${pair.ceiling.cpuUsPerRequest} µs), CPU ratio ${pair.cpuRatio}`,
          );
        }

        const after = await request(`${server.url}${firstPath}${target.script ? `?${adQuery()}` : ""}`, {
          headers: pass.headers,
        });
        if (after.headers["x-cache"] !== "HIT") log(`note: ${firstPath} was no longer a cache hit after the run`);

        const sizes = Object.values(bodies).map((b) => b.length);
        section[target.name] = {
          ...(target.path ? { path: target.path } : { paths: target.paths, query: AD_QUERY_SHAPE }),
          contentType,
          ...(contentEncoding ? { contentEncoding } : {}),
          bytes:
            sizes.length === 1 ? sizes[0] : Object.fromEntries(Object.entries(bodies).map(([p, b]) => [p, b.length])),
          ...(xCache ? { xCache } : {}),
          ours,
          ceiling,
          ratio: ratio(ours.rps, ceiling.rps),
          sliceRatios,
          cpuRatio,
          ...(versus ? { against: versus } : {}),
        };
        log(
          `${label}: ours ${ours.rps} req/s, ceiling ${ceiling.rps} req/s, ratio ${section[target.name].ratio} ` +
            `(CPU per request: ours ${ours.cpuUsPerRequest} µs, ceiling ${ceiling.cpuUsPerRequest} µs, ratio ${cpuRatio})`,
        );
      }
    }
  } finally {
    await server.stop();
    removeDir(server.dataDir);
    if (against) {
      await against.stop();
      removeDir(against.dataDir);
    }
    removeDir(scratch);
  }
  result.load1m = [loadAtStart, loadAverage()];
  printResult(result);
});
