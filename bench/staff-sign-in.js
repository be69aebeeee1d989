// Staff sign-in and the staff area's session check, on PostgreSQL:
//  - scrypt: the cost of one password check in this process (the deliberate part of a sign-in);
//  - sign-in: POST /api/login one after another (scrypt, lockout counters, session row, audit);
//  - GET /api/user and GET /admin with a session cookie under load (session read on every
//    request, rendered staff page), against the page-cached public home page as a yardstick.
//
//   node bench/staff-sign-in.js   (BENCH_SIGN_INS=30, BENCH_SECONDS=10, BENCH_DATABASE_URL)
//
// Prints one JSON line.
import autocannon from "autocannon";
import pg from "pg";
import {
  envInt,
  loadAverage,
  log,
  median,
  percentile,
  printResult,
  ratio,
  round,
  runMain,
  scryptHash,
  snapshotBuild,
  startServer,
  withPostgresDatabase,
} from "./lib.js";

const SIGN_INS = envInt("BENCH_SIGN_INS", 30);
const SECONDS = envInt("BENCH_SECONDS", 10);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = "Bench-lantern-orchard-41";
const EMAIL = "bench.admin@example.test";

async function load(url, cookie) {
  const result = await autocannon({ url, connections: 8, duration: SECONDS, headers: cookie ? { cookie } : {} });
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: round(result.latency.p50, 1),
    p99Ms: round(result.latency.p99, 1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();

  const hashTimes = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    scryptHash(PASSWORD);
    hashTimes.push(performance.now() - started);
  }

  await withPostgresDatabase(PG_SERVER, "staff", async (databaseUrl) => {
    // NODE_ENV as a local install leaves it (unset): under "test" new hashes are cheaper (decision 0018), and the
    // first sign-in would re-hash the account's password with that cost.
    const server = await startServer({ appDir, env: { DATABASE_URL: databaseUrl } });
    try {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query("insert into users (name, email, roles, password_hash) values ($1, $2, array['admin'], $3)", [
        "Bench Admin",
        EMAIL,
        scryptHash(PASSWORD),
      ]);
      await db.end();

      log(`${SIGN_INS} sign-ins one after another…`);
      const signInTimes = [];
      let cookie = "";
      for (let i = 0; i < SIGN_INS; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
        });
        signInTimes.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
        cookie = res.headers.get("set-cookie").split(";")[0];
      }

      log(`GET /api/user, /admin and / for ${SECONDS} s each…`);
      const user = await load(`${server.url}/api/user`, cookie);
      const staffPage = await load(`${server.url}/admin`, cookie);
      const publicPage = await load(`${server.url}/`);
      printResult({
        bench: "staff-sign-in",
        scryptMedianMs: round(median(hashTimes), 1),
        signIn: {
          count: SIGN_INS,
          p50Ms: round(median(signInTimes), 1),
          p90Ms: round(percentile(signInTimes, 90), 1),
        },
        apiUser: user,
        staffPage,
        publicPageCached: publicPage,
        staffPageVsCachedPublicRps: ratio(staffPage.requestsPerSecond, publicPage.requestsPerSecond),
        loadAtStart,
        loadAtEnd: loadAverage(),
      });
    } finally {
      await server.stop();
    }
  });
});
