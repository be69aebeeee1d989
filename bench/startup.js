// Start-up benchmark: how long `node server.js` takes, on an existing and
// already-seeded PGlite data directory, to answer /healthz and then to render
// the home page for the first time, and how much memory the process holds
// once warm.
//
//   node bench/startup.js            (BENCH_RUNS=5 by default)
//
// Prints one JSON line (medians over the runs, plus every run's raw figures).
import {
  envInt,
  freePort,
  get200,
  loadAverage,
  log,
  makeDataDir,
  median,
  printResult,
  removeDir,
  request,
  residentBytes,
  round,
  runMain,
  snapshotBuild,
  startServer,
} from "./lib.js";

const RUNS = envInt("BENCH_RUNS", 5);
const WARMUP_REQUESTS = 50;
const MB = 1024 * 1024;

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const dataDir = makeDataDir("startup");

  // First start: creates the database, runs the migrations, loads the demo content.
  log("seeding a fresh data directory…");
  const seed = await startServer({ appDir, dataDir });
  await get200(`${seed.url}/`);
  await seed.stop();
  log(`seeded in ${Math.round(seed.healthyMs)} ms (first start, not counted)`);

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const port = await freePort();
    const server = await startServer({ appDir, dataDir, port, pollMs: 5 });
    const rssAtHealthy = residentBytes(server.pid);

    // The first page: nothing cached, nothing JIT-compiled yet. It includes
    // storing the page in the cache (gzip 9 + brotli 5 of the HTML; brotli 11
    // is made afterwards, in the background, and is not part of the figure).
    const pageStart = performance.now();
    await get200(`${server.url}/`, { agent: false });
    const firstPageMs = performance.now() - server.spawnedAt;
    const firstRenderMs = performance.now() - pageStart;

    for (let n = 0; n < WARMUP_REQUESTS; n++) await get200(`${server.url}/`);
    // Give the collector a moment after the burst so the figure is steadier.
    await new Promise((r) => setTimeout(r, 250));
    const rssWarm = residentBytes(server.pid);

    const stopStart = performance.now();
    const code = await server.stop();
    const stopMs = performance.now() - stopStart;
    if (code !== 0) log(`run ${i + 1}: server exited with ${code}`);

    const run = {
      healthzMs: round(server.healthyMs),
      firstPageMs: round(firstPageMs),
      firstRenderMs: round(firstRenderMs),
      rssAtHealthzMB: round(rssAtHealthy / MB),
      rssWarmMB: round(rssWarm / MB),
      stopMs: round(stopMs),
    };
    log(`run ${i + 1}/${RUNS}: ${JSON.stringify(run)}`);
    runs.push(run);
  }

  // Sanity check that the page really was served from the cache once warm.
  const check = await startServer({ appDir, dataDir });
  await get200(`${check.url}/`);
  const second = await request(`${check.url}/`);
  await check.stop();
  if (second.headers["x-cache"] !== "HIT")
    log(`note: the second GET / was not a cache hit (${second.headers["x-cache"]})`);

  removeDir(dataDir);
  const med = (key) => round(median(runs.map((r) => r[key])));
  printResult({
    bench: "startup",
    runs: RUNS,
    warmupRequests: WARMUP_REQUESTS,
    healthzMs: med("healthzMs"),
    firstPageMs: med("firstPageMs"),
    firstRenderMs: med("firstRenderMs"),
    rssAtHealthzMB: med("rssAtHealthzMB"),
    rssWarmMB: med("rssWarmMB"),
    stopMs: med("stopMs"),
    node: process.version,
    load1m: [loadAtStart, loadAverage()],
    samples: runs,
  });
});
