// Analytics ingestion benchmark: how many beacons per second the production
// server commits, and proof that none it acknowledged is lost.
//
//   node bench/analytics-ingestion.js                 BENCH_RUNS=3 × BENCH_SECONDS=20 of wrk, PGlite
//   BENCH_DATABASE_URL=postgres://… node bench/analytics-ingestion.js   against PostgreSQL instead
//
// Starts `node server.js` (NODE_ENV=test, RATE_LIMIT_ANALYTICS=1e9) on a
// fresh PGlite data directory. For reference, measures GET /healthz and the
// same beacons sent by a crawler (202, no database) for 5 s each. Then warms
// up for 2 s and runs wrk
// (bench/analytics-wrk.lua: 1 page view per 3 events from 512 clients, 256
// per wrk thread, each with one of 8 browsers) BENCH_RUNS times. Each 201 is a beacon the server says it
// committed. Then it stops the server with SIGTERM (which flushes the queue),
// opens the database itself and counts the rows: lost = acknowledged − stored
// must be 0.
//
// Then the mix "visitors" on a second, fresh server: page views only, from
// tens of thousands of distinct browsers (bench/analytics-visitors-wrk.lua),
// BENCH_VISITOR_CONNECTIONS (64) connections, BENCH_RUNS × BENCH_SECONDS,
// with the server's resident memory after it. BENCH_MILLION=1 adds a long
// run to it: 1,000,000 page views, then the RSS again. BENCH_MIX=events or
// BENCH_MIX=visitors runs one mix only. Prints one JSON line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  ensureWrk,
  residentBytes,
  envInt,
  loadAverage,
  log,
  makeDataDir,
  median,
  printResult,
  removeDir,
  root,
  round,
  runMain,
  snapshotBuild,
  startServer,
  track,
} from "./lib.js";

const SECONDS = envInt("BENCH_SECONDS", 20);
const RUNS = envInt("BENCH_RUNS", 3);
// 200 concurrent senders: a busy site, and enough for the group commit to gather real batches.
const CONNECTIONS = envInt("BENCH_CONNECTIONS", 200);
const THREADS = envInt("BENCH_THREADS", 2);
const WARMUP_SECONDS = 2;
const GOAL = 5000;
const LUA = path.join(root, "bench", "analytics-wrk.lua");
const VISITORS_LUA = path.join(root, "bench", "analytics-visitors-wrk.lua");
const VISITOR_CONNECTIONS = envInt("BENCH_VISITOR_CONNECTIONS", 64);
const MILLION = process.env.BENCH_MILLION === "1";
const MIX = process.env.BENCH_MIX ?? "both";
const VISITORS_GOAL = 5000;
const RSS_GOAL_MB = 512;
const REPORT_LUA = path.join(root, "bench", "wrk-report.lua");
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

async function runWrk(url, seconds, script = LUA, scriptArgs = [], connections = CONNECTIONS) {
  const args = [`-t${THREADS}`, `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, url];
  if (scriptArgs.length) args.push("--", ...scriptArgs);
  const child = track(spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] }));
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  const line = out.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${out}`);
  return JSON.parse(line.slice("WRK_JSON ".length));
}

/** CPU seconds the process has used so far (utime + stime from /proc/<pid>/stat), or null. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const COUNT_SQL = `select (select count(*) from analytics_events)::int as events,
  (select count(*) from page_views)::int as "pageViews", (select count(*) from visits)::int as visits`;

async function countRows(dataDir) {
  if (DATABASE_URL) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(COUNT_SQL)).rows[0];
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    return (await db.query(COUNT_SQL)).rows[0];
  } finally {
    await db.close();
  }
}

/** A PostgreSQL database is shared: empty the analytics tables first, so every row counted is this run's. */
async function truncateAnalytics() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query("truncate analytics_events, page_views, visits, analytics_salts, analytics_bot_hits");
    await client.query("delete from rate_limits where key like 'analytics:%'");
  } finally {
    await client.end();
  }
}

/** The original mix: events and page views from 512 clients, 200 connections. Returns its result fields. */
async function eventsMix(appDir) {
  const dataDir = makeDataDir("analytics");
  const env = { NODE_ENV: "test", RATE_LIMIT_ANALYTICS: "1000000000" };
  if (DATABASE_URL) env.DATABASE_URL = DATABASE_URL;
  const server = await startServer({ appDir, dataDir, env });
  if (DATABASE_URL) await truncateAnalytics();
  const url = `${server.url}/api/analytics/event`;

  const runs = [];
  let acknowledged = 0;
  let refused = 0;
  let healthzRps = null;
  let botRps = null;
  let botPerCpuSecond = null;
  try {
    // How busy is the machine? The same wrk against GET /healthz (no body, no
    // database): on a quiet machine it answers ~30,000/s.
    await runWrk(`${server.url}/healthz`, 1, REPORT_LUA);
    const healthz = await runWrk(`${server.url}/healthz`, 5, REPORT_LUA);
    healthzRps = round(healthz.requests / (healthz.durationUs / 1e6), 0);
    log(`GET /healthz: ${healthzRps} req/s`);
    // The same beacons from a crawler: answered 202 after the whole HTTP
    // pipeline (JSON body, schema, bot check) but without the database.
    await runWrk(url, 1, LUA, ["bot"]);
    const botCpuBefore = cpuSeconds(server.pid);
    const bots = await runWrk(url, 5, LUA, ["bot"]);
    const botCpu = cpuSeconds(server.pid) - botCpuBefore;
    botRps = round(bots.requests / (bots.durationUs / 1e6), 0);
    botPerCpuSecond = botCpu > 0 ? round(bots.requests / botCpu, 0) : null;
    log(`bot beacons (no database): ${botRps} req/s, ${botPerCpuSecond} per CPU second`);

    const warm = await runWrk(url, WARMUP_SECONDS);
    acknowledged += warm.created;
    refused += warm.other;
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = cpuSeconds(server.pid);
      const r = await runWrk(url, SECONDS);
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      acknowledged += r.created;
      refused += r.other;
      const seconds = r.durationUs / 1e6;
      const run = {
        beaconsPerSecond: round(r.created / seconds, 0),
        // Beacons per second of the server's own CPU time: less sensitive to
        // neighbours on a shared machine than the wall-clock rate.
        beaconsPerCpuSecond: cpu > 0 ? round(r.created / cpu, 0) : null,
        serverCpuShare: round(cpu / seconds, 2),
        acknowledged: r.created,
        non2xx: r.other,
        socketErrors: r.connectErrors + r.readErrors + r.writeErrors + r.timeouts,
        p50Ms: round(r.p50Us / 1000, 2),
        p99Ms: round(r.p99Us / 1000, 2),
        maxMs: round(r.maxUs / 1000, 1),
      };
      log(`run ${i + 1}/${RUNS}: ${JSON.stringify(run)}`);
      runs.push(run);
    }
  } finally {
    const stopStarted = performance.now();
    const code = await server.stop();
    log(`server stopped (exit ${code}) in ${Math.round(performance.now() - stopStarted)} ms`);
  }

  const stored = await countRows(dataDir);
  removeDir(dataDir);
  const storedBeacons = stored.events + stored.pageViews;
  // Stored beyond acknowledged: requests wrk sent but stopped waiting for
  // when a run ended (at most one per connection per run), committed anyway.
  const lost = Math.max(0, acknowledged - storedBeacons);
  const unacknowledgedStored = Math.max(0, storedBeacons - acknowledged);
  const med = (key) => median(runs.map((r) => r[key]));
  const beaconsPerSecond = med("beaconsPerSecond");
  log(
    `median ${beaconsPerSecond} beacons/s (goal ${GOAL}); acknowledged ${acknowledged}, stored ${storedBeacons}, lost ${lost}`,
  );
  return {
    connections: CONNECTIONS,
    threads: THREADS,
    beaconsPerSecond,
    beaconsPerCpuSecond: med("beaconsPerCpuSecond"),
    healthzRps,
    botRps,
    botPerCpuSecond,
    // Server CPU per committed beacon, and the part of it the HTTP pipeline
    // alone (the crawler pass) accounts for: the rest is the database work.
    cpuUsPerBeacon: med("beaconsPerCpuSecond") ? round(1e6 / med("beaconsPerCpuSecond"), 0) : null,
    cpuUsPerBotBeacon: botPerCpuSecond ? round(1e6 / botPerCpuSecond, 0) : null,
    p50Ms: round(med("p50Ms"), 2),
    p99Ms: round(med("p99Ms"), 2),
    goal: GOAL,
    goalMet: beaconsPerSecond >= GOAL && lost === 0,
    acknowledged,
    non2xx: refused,
    stored: { ...stored, beacons: storedBeacons },
    lost,
    unacknowledgedStored,
    samples: runs,
  };
}

/** Resident and peak resident memory of a process in MB (VmRSS, VmHWM), or nulls. */
function memoryMb(pid) {
  const rss = residentBytes(pid);
  let peak = null;
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    if (match) peak = round(Number(match[1]) / 1024, 0);
  } catch {
    // gone
  }
  return { rssMb: rss === null ? null : round(rss / 1024 / 1024, 0), peakRssMb: peak };
}

/**
 * Page views only, from tens of thousands of distinct browsers (each a
 * distinct address and one of 1,200 user agents, 4 page views a visitor),
 * on its own fresh server: BENCH_RUNS × BENCH_SECONDS, then the server's
 * RSS; with BENCH_MILLION=1, then 1,000,000 more page views and the RSS
 * after them.
 */
async function visitorsMix(appDir) {
  const dataDir = makeDataDir("analytics-visitors");
  const env = { NODE_ENV: "test", RATE_LIMIT_ANALYTICS: "1000000000" };
  if (DATABASE_URL) env.DATABASE_URL = DATABASE_URL;
  const server = await startServer({ appDir, dataDir, env });
  if (DATABASE_URL) await truncateAnalytics();
  const url = `${server.url}/api/analytics/page-view`;
  const runs = [];
  let acknowledged = 0;
  let refused = 0;
  let memoryAfterRuns = null;
  let million = null;
  const sample = (r, cpu) => {
    const seconds = r.durationUs / 1e6;
    return {
      pageViewsPerSecond: round(r.created / seconds, 0),
      pageViewsPerCpuSecond: cpu > 0 ? round(r.created / cpu, 0) : null,
      serverCpuShare: round(cpu / seconds, 2),
      acknowledged: r.created,
      non2xx: r.other,
      socketErrors: r.connectErrors + r.readErrors + r.writeErrors + r.timeouts,
      p50Ms: round(r.p50Us / 1000, 2),
      p99Ms: round(r.p99Us / 1000, 2),
      maxMs: round(r.maxUs / 1000, 1),
    };
  };
  try {
    const warm = await runWrk(url, WARMUP_SECONDS, VISITORS_LUA, [], VISITOR_CONNECTIONS);
    acknowledged += warm.created;
    refused += warm.other;
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = cpuSeconds(server.pid);
      const r = await runWrk(url, SECONDS, VISITORS_LUA, [], VISITOR_CONNECTIONS);
      acknowledged += r.created;
      refused += r.other;
      const run = sample(r, cpuSeconds(server.pid) - cpuBefore);
      log(`visitors run ${i + 1}/${RUNS}: ${JSON.stringify(run)}`);
      runs.push(run);
    }
    memoryAfterRuns = { pageViews: acknowledged, ...memoryMb(server.pid) };
    log(`visitors: RSS ${memoryAfterRuns.rssMb} MB after ${acknowledged} page views`);
    if (MILLION) {
      // wrk runs for its whole duration whatever its threads do, so the
      // million is sent as 30 s runs until that many 201 answers came back.
      const total = 1_000_000;
      log(`visitors: sending ${total} page views (BENCH_MILLION=1)…`);
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      let sent = 0;
      const latencies = [];
      while (sent < total) {
        const r = await runWrk(url, 30, VISITORS_LUA, [], VISITOR_CONNECTIONS);
        sent += r.created;
        refused += r.other;
        latencies.push(r);
        log(`visitors: ${sent} of ${total} page views, RSS ${memoryMb(server.pid).rssMb} MB`);
      }
      acknowledged += sent;
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      million = {
        pageViews: sent,
        pageViewsPerSecond: round(sent / seconds, 0),
        pageViewsPerCpuSecond: cpu > 0 ? round(sent / cpu, 0) : null,
        p99MsMedian: round(median(latencies.map((r) => r.p99Us / 1000)), 2),
        totalPageViews: acknowledged,
        ...memoryMb(server.pid),
      };
      log(`visitors: after ${sent} more page views: ${JSON.stringify(million)}`);
    }
  } finally {
    const code = await server.stop();
    log(`visitors: server stopped (exit ${code})`);
  }
  const stored = await countRows(dataDir);
  removeDir(dataDir);
  const lost = Math.max(0, acknowledged - stored.pageViews);
  const pageViewsPerSecond = median(runs.map((r) => r.pageViewsPerSecond));
  log(
    `visitors: median ${pageViewsPerSecond} page views/s (goal ${VISITORS_GOAL}); acknowledged ${acknowledged}, stored ${stored.pageViews} in ${stored.visits} visits, lost ${lost}`,
  );
  const rssAtEnd = (million ?? memoryAfterRuns)?.rssMb ?? null;
  return {
    connections: VISITOR_CONNECTIONS,
    threads: THREADS,
    pageViewsPerSecond,
    pageViewsPerCpuSecond: median(runs.map((r) => r.pageViewsPerCpuSecond)),
    p50Ms: round(median(runs.map((r) => r.p50Ms)), 2),
    p99Ms: round(median(runs.map((r) => r.p99Ms)), 2),
    memoryAfterRuns,
    million,
    goal: { pageViewsPerSecond: VISITORS_GOAL, rssMbAfterMillion: RSS_GOAL_MB },
    goalMet: pageViewsPerSecond >= VISITORS_GOAL && lost === 0 && (!million || rssAtEnd <= RSS_GOAL_MB),
    acknowledged,
    non2xx: refused,
    stored,
    lost,
    unacknowledgedStored: Math.max(0, stored.pageViews - acknowledged),
    samples: runs,
  };
}

runMain(async () => {
  ensureWrk();
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const events = MIX === "visitors" ? null : await eventsMix(appDir);
  const loadBetween = loadAverage();
  const visitors = MIX === "events" ? null : await visitorsMix(appDir);
  printResult({
    bench: "analytics-ingestion",
    database: DATABASE_URL ? "postgres" : "pglite",
    seconds: SECONDS,
    runs: RUNS,
    // The events mix's figures at the top level, as before; the visitors mix in `visitors`.
    ...events,
    visitors,
    node: process.version,
    load1m: [loadAtStart, loadBetween, loadAverage()],
  });
  const lost = (events?.lost ?? 0) + (visitors?.lost ?? 0);
  if (lost !== 0) throw new Error(`${lost} acknowledged beacons are not in the database`);
});
