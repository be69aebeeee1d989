// The analytics dashboard at scale (issue 15): a year of analytics, about
// 1,000,000 page views in 400,000 visits (bench/analytics-data.js), on PGlite
// and on PostgreSQL, against the production build. After the fill (checked
// against ingestion's rules) and the server's rollups, one request at a time
// after a warm-up, timed from a client on loopback, for:
//  - the whole overview for the last 30 days and the last 12 months, each
//    without and with a filter (channel = Paid Search),
//  - a details list (every page, 12 months), the funnel (30 days), site speed (30 days and 12
//    months from the daily vitals rollup; 30 days filtered, from the raw rows),
//  - realtime (its loader, with a few visitors sent through the beacon API just before),
//  - and the server's resident memory after all that.
// Documents are what a person waits for; `.data` is the loader alone. A page
// that answers 404 (not built yet) is reported as null with `missing`.
//
//   node bench/analytics-dashboard.js
//     BENCH_PAGE_VIEWS=1000000  BENCH_RUNS=30  BENCH_ONLY=pglite|postgres
//     BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
//     BENCH_FILL_ONLY=1   fill and check the data, report its size and stop
//     BENCH_PGLITE_DIR=/some/dir   fill PGlite there once and reuse it on later runs (the
//       data's twelve months end when it was filled; delete the directory to start afresh)
//
// Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { analyticsFillSteps, BENCH_USER_AGENTS, verifyAnalyticsData } from "./analytics-data.js";
import { signInPatiently, waitForRollups } from "./analytics-wait.js";
import {
  envInt,
  loadAverage,
  log,
  makeDataDir,
  median,
  percentile,
  printResult,
  request,
  residentBytes,
  round,
  runMain,
  scryptHash,
  sleep,
  snapshotBuild,
  startServer,
  withPostgresDatabase,
} from "./lib.js";

const PAGE_VIEWS = envInt("BENCH_PAGE_VIEWS", 1_000_000);
const RUNS = envInt("BENCH_RUNS", 30);
const WARM_UP = 5;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ONLY = process.env.BENCH_ONLY;
const FILL_ONLY = process.env.BENCH_FILL_ONLY === "1";
const KEPT_PGLITE_DIR = process.env.BENCH_PGLITE_DIR;
const EMAIL = "bench.analytics@example.test";
const PASSWORD = "Bench-heron-meadow-58";
/** The issue's budgets on PGlite. */
const BUDGET = { overviewMs: 300, realtimeMs: 50, rssMB: 512 };

const OVERVIEW = "/admin/analytics";
const FILTER = "&channel=Paid+Search";

if (ONLY && ONLY !== "pglite" && ONLY !== "postgres")
  throw new Error(`BENCH_ONLY must be pglite or postgres, not ${ONLY}`);

const seconds = (ms) => round(ms / 1000, 1);

/**
 * Runs the fill's steps with `exec`, logging each month with the elapsed time,
 * then checks the rows and adds the administrator who reads the dashboard.
 */
async function fill(label, exec, query) {
  const endIso = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const steps = analyticsFillSteps({ pageViews: PAGE_VIEWS, endIso });
  log(`${label}: filling about ${PAGE_VIEWS} page views over 12 months ending ${endIso}…`);
  const started = performance.now();
  for (const [i, step] of steps.entries()) {
    await exec(step.sql);
    log(`${label}: ${i + 1}/${steps.length} ${step.label} done, ${seconds(performance.now() - started)} s`);
  }
  const fillMs = performance.now() - started;
  log(`${label}: checking the data against ingestion's rules…`);
  const checkStarted = performance.now();
  const data = await verifyAnalyticsData(query, { endIso });
  const checkMs = performance.now() - checkStarted;
  log(`${label}: ${JSON.stringify(data)} (checked in ${seconds(checkMs)} s)`);
  await exec(
    `insert into users (name, email, roles, password_hash) values ('Bench Analytics', '${EMAIL}', array['admin'], '${scryptHash(PASSWORD)}')`,
  );
  const [size] = await query(`select pg_database_size(current_database()) as bytes`);
  return {
    data,
    endIso,
    fillSeconds: seconds(fillMs),
    checkSeconds: seconds(checkMs),
    databaseMB: round(Number(size.bytes) / 1e6, 0),
  };
}

/** Median and p90 of RUNS requests after a warm-up; null with `missing` when the page answers 404. */
async function time(url, cookie, budgetMs) {
  const probe = await request(url, { headers: { cookie }, timeoutMs: 120_000 });
  if (probe.status === 404) return { medianMs: null, p90Ms: null, missing: "404" };
  if (probe.status !== 200)
    throw new Error(`GET ${url} answered ${probe.status}: ${probe.body.toString().slice(0, 300)}`);
  const times = [];
  for (let i = 0; i < RUNS + WARM_UP - 1; i++) {
    const started = performance.now();
    const res = await request(url, { headers: { cookie }, timeoutMs: 120_000 });
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    if (i >= WARM_UP - 1) times.push(ms);
  }
  const medianMs = round(median(times), 1);
  return {
    medianMs,
    p90Ms: round(percentile(times, 90), 1),
    ...(budgetMs ? { withinBudget: medianMs <= budgetMs } : {}),
  };
}

/** A page's document and its loader alone (`.data`). */
async function page(server, target, cookie, budgetMs) {
  const [pathname, query] = target.split("?");
  log(`  ${target}`);
  return {
    document: await time(`${server.url}${target}`, cookie, budgetMs),
    data: await time(`${server.url}${pathname}.data${query ? `?${query}` : ""}`, cookie, budgetMs),
  };
}

/** A few visitors on the site right now, through the beacon API, so realtime has something to show. */
async function sendLiveVisitors(server) {
  const paths = ["/", "/services", "/anxiety-therapy", "/request-appointment", "/team", "/adhd"];
  let recorded = 0;
  for (let visitor = 0; visitor < 12; visitor++) {
    for (let view = 0; view < 3; view++) {
      const res = await fetch(`${server.url}/api/analytics/page-view`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": BENCH_USER_AGENTS[visitor % BENCH_USER_AGENTS.length],
          // Documentation addresses (RFC 5737); the server trusts X-Forwarded-For from loopback.
          "x-forwarded-for": `198.51.100.${visitor + 1}`,
        },
        body: JSON.stringify({
          path: paths[(visitor + view) % paths.length],
          referrer: view === 0 && visitor % 2 ? "https://www.google.com/" : null,
        }),
      });
      if (res.status === 201) recorded++;
      await res.arrayBuffer();
    }
  }
  return recorded;
}

async function measure(server, label) {
  const cookie = await signInPatiently(server.url, EMAIL, PASSWORD, label);
  const rollup = await waitForRollups(server, cookie, label);
  log(`${label}: timing (${RUNS} runs after ${WARM_UP} to warm up)…`);
  const overview = {
    last30Days: await page(server, `${OVERVIEW}?range=30d`, cookie, BUDGET.overviewMs),
    last30DaysFiltered: await page(server, `${OVERVIEW}?range=30d${FILTER}`, cookie, BUDGET.overviewMs),
    last12Months: await page(server, `${OVERVIEW}?range=12m`, cookie, BUDGET.overviewMs),
    last12MonthsFiltered: await page(server, `${OVERVIEW}?range=12m${FILTER}`, cookie, BUDGET.overviewMs),
  };
  const detailsPages12Months = await page(server, `${OVERVIEW}/details/page?range=12m`, cookie);
  const funnel30Days = await page(server, `${OVERVIEW}/funnel?range=30d`, cookie);
  const speed30Days = await page(server, `${OVERVIEW}/speed?range=30d`, cookie);
  const speed12Months = await page(server, `${OVERVIEW}/speed?range=12m`, cookie);
  const speed30DaysFiltered = await page(server, `${OVERVIEW}/speed?range=30d${FILTER}`, cookie);
  const liveViews = await sendLiveVisitors(server);
  log(`  ${OVERVIEW}/realtime.data (after ${liveViews} live page views)`);
  const realtime = await time(`${server.url}${OVERVIEW}/realtime.data`, cookie, BUDGET.realtimeMs);
  await sleep(200);
  const rssMB = round(residentBytes(server.pid) / 1e6, 0);
  const overviewTimes = Object.values(overview).flatMap((p) => [p.document.medianMs, p.data.medianMs]);
  return {
    ...rollup,
    overview,
    detailsPages12Months,
    funnel30Days,
    speed30Days,
    speed12Months,
    speed30DaysFiltered,
    realtime,
    rssMB,
    withinBudget: {
      overview: overviewTimes.some((ms) => ms === null) ? null : overviewTimes.every((ms) => ms <= BUDGET.overviewMs),
      realtime: realtime.medianMs === null ? null : realtime.medianMs <= BUDGET.realtimeMs,
      rss: rssMB <= BUDGET.rssMB,
    },
  };
}

/** Bytes under a directory (PGlite's files on disk). */
function directoryBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : fs.statSync(full).size;
  }
  return total;
}

async function onPglite(appDir) {
  const reuse = KEPT_PGLITE_DIR !== undefined && fs.existsSync(path.join(KEPT_PGLITE_DIR, "pglite", "PG_VERSION"));
  const dataDir = KEPT_PGLITE_DIR ?? makeDataDir("analytics");
  // The server makes and migrates the database; then, with it stopped (PGlite admits one process), the data goes in.
  const making = await startServer({ appDir, dataDir });
  await making.stop();
  const db = new PGlite(path.join(dataDir, "pglite"));
  let filled;
  if (reuse) {
    log(`pglite: reusing the data in ${dataDir}`);
    await db.exec(`insert into users (name, email, roles, password_hash)
      values ('Bench Analytics', '${EMAIL}', array['admin'], '${scryptHash(PASSWORD)}') on conflict do nothing`);
    const [size] = (await db.query(`select pg_database_size(current_database()) as bytes`)).rows;
    filled = { reused: dataDir, databaseMB: round(Number(size.bytes) / 1e6, 0) };
  } else {
    filled = await fill(
      "pglite",
      (sql) => db.exec(sql),
      async (sql) => (await db.query(sql)).rows,
    );
  }
  await db.close();
  filled.onDiskMB = round(directoryBytes(path.join(dataDir, "pglite")) / 1e6, 0);
  if (FILL_ONLY) return filled;
  const server = await startServer({ appDir, dataDir, timeoutMs: 300_000 });
  let measured;
  try {
    measured = await measure(server, "pglite");
  } finally {
    await server.stop();
  }
  return { ...filled, ...measured, vitalsRollup: await vitalsRollupSize(path.join(dataDir, "pglite")) };
}

/** The daily vitals rollup's rows and size (the server stopped: PGlite admits one process). */
async function vitalsRollupSize(dir) {
  const db = new PGlite(dir);
  try {
    const [row] = (
      await db.query(`select count(*)::int as rows, count(distinct day)::int as days,
        round(pg_total_relation_size('analytics_day_vitals') / 1e6)::int as mb,
        (select count(*)::int from analytics_events where event_type = 'web_vital') as samples
      from analytics_day_vitals`)
    ).rows;
    return row;
  } finally {
    await db.close();
  }
}

async function onPostgres(appDir) {
  return withPostgresDatabase(PG_SERVER, "analytics", async (databaseUrl) => {
    const env = { NODE_ENV: "test", DATABASE_URL: databaseUrl };
    // Migrated by the server, filled with it stopped: no rollup may read a half-written day.
    const making = await startServer({ appDir, env });
    await making.stop();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let filled;
    try {
      filled = await fill(
        "postgres",
        (sql) => client.query(sql),
        async (sql) => (await client.query(sql)).rows,
      );
    } finally {
      await client.end();
    }
    if (FILL_ONLY) return filled;
    const server = await startServer({ appDir, env, timeoutMs: 300_000 });
    try {
      return { ...filled, ...(await measure(server, "postgres")) };
    } finally {
      await server.stop();
    }
  });
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const pglite = ONLY === "postgres" ? undefined : await onPglite(appDir);
  const postgres = ONLY === "pglite" ? undefined : await onPostgres(appDir);
  printResult({
    bench: "analytics-dashboard",
    pageViewsTarget: PAGE_VIEWS,
    runs: FILL_ONLY ? undefined : RUNS,
    fillOnly: FILL_ONLY || undefined,
    budget: BUDGET,
    pglite,
    postgres,
    loadAtStart,
    loadAtEnd: loadAverage(),
  });
});
