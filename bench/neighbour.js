// What a busy process on the other core costs the visitors' answers, and what stopping it while each request
// is in flight gives back (decision 0052; the site audit's child, server/audit-child-yield.ts).
//
// The production server on the demo site, its public pages at 50/s from this process (12 s windows), beside:
//  - nothing;
//  - a process that only computes (a loop of square roots);
//  - a process that allocates and writes memory as rendering pages does;
//  - the same, stopped (SIGSTOP) from before each request is sent until no request is in flight (SIGCONT).
// Each burner runs as the audit's child does: SCHED_IDLE, every thread on the last core. BENCH_ROUNDS rounds,
// each kind once per round; the figure is each kind's median p95 over the rounds, and its ratio to nothing's.
//
//   npm run bench -- neighbour            BENCH_ROUNDS=3
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import {
  envInt,
  log,
  makeDataDir,
  median,
  printResult,
  ratio,
  request,
  round,
  runMain,
  sleep,
  snapshotBuild,
  startServer,
  stopProcess,
  track,
  ensureBuild,
  loadAverage,
} from "./lib.js";

const ROUNDS = envInt("BENCH_ROUNDS", 3);
const RATE = 50;
const WINDOW_MS = 12_000;
const COMPUTE = `for (;;) { let x = 0; for (let i = 0; i < 1e6; i++) x += Math.sqrt(i); }`;
const RENDER = `let kept = []; for (;;) { for (let i = 0; i < 2000; i++) kept.push({ html: "<p>page " + Math.random() + "</p>".repeat(20), n: i }); if (kept.length > 200000) kept = []; }`;
const KINDS = {
  nothing: null,
  nothingServerKept: null,
  computes: COMPUTE,
  renders: RENDER,
  rendersStopped: RENDER,
  rendersStoppedServerKept: RENDER,
};

/** The public pages at RATE/s for WINDOW_MS; `around` is told when requests start and stop being in flight. */
async function visitors(url, paths, around) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const one = (path) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(`${url}${path}`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(performance.now() - started));
        })
        .on("error", reject);
    });
  const times = [];
  const pending = [];
  let inFlight = 0;
  const end = performance.now() + WINDOW_MS;
  for (let next = performance.now(), i = 0; next < end; next += 1000 / RATE, i++) {
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight++ === 0) around?.busy();
    pending.push(
      one(paths[i % paths.length]).then((ms) => {
        times.push(ms);
        if (--inFlight === 0) around?.idle();
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = times.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    medianMs: round(median(sorted), 2),
    p95Ms: round(sorted[Math.floor(sorted.length * 0.95)], 2),
  };
}

runMain(async () => {
  ensureBuild();
  const appDir = await snapshotBuild();
  const server = await startServer({ appDir, dataDir: makeDataDir("neighbour") });
  try {
    const xml = (await request(`${server.url}/sitemap.xml`)).body.toString();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const path of paths) await request(`${server.url}${path}`);
    const lastCore = String(os.availableParallelism() - 1);
    const otherCores = `0-${Math.max(0, os.availableParallelism() - 2)}`;
    const allCores = `0-${os.availableParallelism() - 1}`;
    const p95s = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [kind, code] of Object.entries(KINDS)) {
        const burner = code ? track(spawn(process.execPath, ["-e", code], { stdio: "ignore" })) : null;
        if (burner) {
          spawnSync("chrt", ["--idle", "-a", "-p", "0", String(burner.pid)]);
          spawnSync("taskset", ["-a", "-p", "-c", lastCore, String(burner.pid)]);
          await sleep(1000);
        }
        const keepServer = kind.endsWith("ServerKept");
        if (keepServer) spawnSync("taskset", ["-p", "-c", otherCores, String(server.pid)]);
        const signal = (name) => () => process.kill(burner.pid, name);
        const figures = await visitors(
          server.url,
          paths,
          kind === "rendersStopped" ? { busy: signal("SIGSTOP"), idle: signal("SIGCONT") } : null,
        );
        if (keepServer) spawnSync("taskset", ["-p", "-c", allCores, String(server.pid)]);
        if (burner) {
          process.kill(burner.pid, "SIGCONT");
          await stopProcess(burner);
        }
        p95s[kind].push(figures.p95Ms);
        log(`neighbour: round ${r + 1}, ${kind}: ${JSON.stringify(figures)}`);
        await sleep(1000);
      }
    }
    const nothing = median(p95s.nothing);
    printResult({
      bench: "neighbour",
      rate: RATE,
      windowSeconds: WINDOW_MS / 1000,
      rounds: ROUNDS,
      p95Ms: Object.fromEntries(
        Object.entries(p95s).map(([kind, values]) => [kind, { rounds: values, median: round(median(values), 2) }]),
      ),
      p95Ratio: Object.fromEntries(
        Object.entries(p95s).map(([kind, values]) => [kind, ratio(median(values), nothing, 2)]),
      ),
      load1m: loadAverage(),
    });
  } finally {
    await server.stop();
  }
});
