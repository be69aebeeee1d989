// Lead submission latency: POST /api/leads at a steady 100 requests/s for
// 20 s (every body a different person), on PGlite and on PostgreSQL. Each
// answer is a committed lead, so this is the time a visitor waits for
// "Request Submitted!".
//
//   node bench/lead-latency.js     (BENCH_RATE=100, BENCH_SECONDS=20;
//                                   BENCH_DATABASE_URL names the PostgreSQL
//                                   server, default postgres://postgres@127.0.0.1:5432/test)
//
// Prints one JSON line: p50/p99/max latency and error counts per database.
import autocannon from "autocannon";
import {
  envInt,
  loadAverage,
  log,
  makeDataDir,
  printResult,
  round,
  runMain,
  snapshotBuild,
  startServer,
  withPostgresDatabase,
} from "./lib.js";

const RATE = envInt("BENCH_RATE", 100);
const SECONDS = envInt("BENCH_SECONDS", 20);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// The load comes from one address: lift the per-client limit for the run.
const SERVER_ENV = { NODE_ENV: "test", RATE_LIMIT_FORMS: "100000000" };

function leadBody(n) {
  return JSON.stringify({
    firstName: "Bench",
    lastName: `Person ${n}`,
    email: `bench-${n}@example.com`,
    phone: "(407) 555-0150",
    service: "General Inquiry",
    formType: "hero",
    source: "/",
    smsOptIn: "false",
  });
}

async function measure(url) {
  let n = 0;
  // A short warm-up so JIT and connection set-up are not in the figures.
  await autocannon({ url: `${url}/api/leads`, connections: 4, amount: 200, ...requestOptions(() => n++) });
  const result = await autocannon({
    url: `${url}/api/leads`,
    // Enough connections that a slow answer never holds back the next request:
    // the rate stays at RATE whatever the latency.
    connections: 50,
    overallRate: RATE,
    duration: SECONDS,
    ...requestOptions(() => n++),
  });
  return {
    requests: result.requests.total,
    p50Ms: round(result.latency.p50, 1),
    p90Ms: round(result.latency.p90, 1),
    p99Ms: round(result.latency.p99, 1),
    maxMs: round(result.latency.max, 1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    achievedRate: round(result.requests.total / SECONDS, 1),
  };
}

function requestOptions(next) {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, body: leadBody(next()) }) }],
  };
}

async function onPostgres(appDir) {
  try {
    return await withPostgresDatabase(PG_SERVER, "leads", async (databaseUrl) => {
      const server = await startServer({ appDir, env: { ...SERVER_ENV, DATABASE_URL: databaseUrl } });
      try {
        return await measure(server.url);
      } finally {
        await server.stop();
      }
    });
  } catch (error) {
    if (!["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT"].includes(error.code)) throw error;
    log(`PostgreSQL not reachable at ${PG_SERVER} (${error.message}); skipping it`);
    return { skipped: `not reachable: ${error.code}` };
  }
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();

  log(`PGlite: ${RATE} leads/s for ${SECONDS} s…`);
  const server = await startServer({ appDir, dataDir: makeDataDir("leads"), env: SERVER_ENV });
  let pglite;
  try {
    pglite = await measure(server.url);
  } finally {
    await server.stop();
  }
  log(`PostgreSQL: ${RATE} leads/s for ${SECONDS} s…`);
  const postgres = await onPostgres(appDir);

  printResult({
    bench: "lead-latency",
    rate: RATE,
    seconds: SECONDS,
    pglite,
    postgres,
    loadAtStart,
    loadAtEnd: loadAverage(),
  });
});
