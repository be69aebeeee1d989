// Search Console import and report (issue 16), on PGlite and on PostgreSQL, against the production
// build, one request at a time from a client on loopback:
//  - preview: POST the zip of the largest export Search Console's web UI gives (1,000 queries,
//    1,000 pages, 92 days of Chart.csv, Filters.csv) as multipart, read and held, nothing stored;
//  - save: POST "Save this import" for a held preview (the same period each time, so every save
//    after the first replaces 2,000 rows in one transaction);
//  - a 25,000-row Queries.csv (what a file made from the API could hold; 1.2 MB): preview and save;
//  - the report for a period with the whole site's 1,000 pages and 1,000 queries plus 20 page
//    exports of 200 queries each (document and .data), and the server's resident memory after.
//
//   node bench/search-console.js   (BENCH_RUNS=10, BENCH_DATABASE_URL)
//
// Prints one JSON line.
import { zipSync } from "fflate";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  envInt,
  loadAverage,
  log,
  makeDataDir,
  median,
  printResult,
  residentBytes,
  round,
  runMain,
  scryptHash,
  signIn,
  snapshotBuild,
  startServer,
  withPostgresDatabase,
} from "./lib.js";

const RUNS = envInt("BENCH_RUNS", 10);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const EMAIL = "bench.marketing@example.test";
const PASSWORD = "Bench-lantern-orchard-41";
const IMPORT = "/admin/seo/search-console/import";
const REPORT = "/admin/seo/search-console?period=2026-03-01..2026-05-31";
const SITE = "https://clinic.example";
const PAGE_EXPORTS = 20;

const USER_SQL = () =>
  `insert into users (name, email, roles, password_hash) values ('Bench Marketing', '${EMAIL}', array['marketing'], '${scryptHash(PASSWORD)}');`;

const encoder = new TextEncoder();
const csv = (lines) => encoder.encode(`\uFEFF${lines.join("\n")}\n`);
const HEADER = "Clicks,Impressions,CTR,Position";
/** A row's figures: deterministic, varied, always a valid export row. */
function figures(i) {
  const impressions = 20 + ((i * 37) % 4000);
  const clicks = Math.floor(impressions * (((i * 13) % 90) / 1000));
  return `${clicks},${impressions},${((clicks / impressions) * 100).toFixed(2)}%,${(1 + ((i * 7) % 300) / 10).toFixed(1)}`;
}
const queries = (n, prefix = "query") =>
  csv([`Top queries,${HEADER}`, ...Array.from({ length: n }, (_, i) => `${prefix} ${i} winter park,${figures(i)}`)]);
const pages = (n) =>
  csv([`Top pages,${HEADER}`, ...Array.from({ length: n }, (_, i) => `${SITE}/page-${i},${figures(i + 5)}`)]);
function chart() {
  const lines = [`Date,${HEADER}`];
  for (
    let day = new Date("2026-05-31T00:00:00Z");
    day >= new Date("2026-03-01T00:00:00Z");
    day.setUTCDate(day.getUTCDate() - 1)
  ) {
    lines.push(`${day.toISOString().slice(0, 10)},${figures(day.getUTCDate())}`);
  }
  return csv(lines);
}
const filters = (page) =>
  csv(["Filter,Value", "Search type,Web", 'Date,"Mar 1, 2026-May 31, 2026"', ...(page ? [`Page,${page}`] : [])]);

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

async function measure(server) {
  const cookie = await signIn(server.url, EMAIL, PASSWORD);
  const post = async (fields, files = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, bytes] of Object.entries(files)) form.append("files", new Blob([bytes]), name);
    const res = await fetch(`${server.url}${IMPORT}`, {
      method: "POST",
      headers: { cookie, origin: server.url },
      body: form,
    });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${fields.intent} answered ${res.status}: ${html.slice(0, 500)}`);
    return html;
  };
  const pendingOf = (html) => /name="pendingId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  /** Preview then save: both times. */
  async function importOnce(files, fields = {}) {
    const shown = await timed(() => post({ intent: "preview", ...fields }, files));
    const pendingId = pendingOf(shown.result);
    if (!pendingId) throw new Error("no preview held");
    const saved = await timed(() => post({ intent: "save", pendingId }));
    if (!saved.result.includes("Saved:")) throw new Error("not saved");
    return { previewMs: shown.ms, saveMs: saved.ms };
  }

  const zip = zipSync({
    "Queries.csv": queries(1000),
    "Pages.csv": pages(1000),
    "Chart.csv": chart(),
    "Filters.csv": filters(),
    "Countries.csv": csv([`Country,${HEADER}`, `United States,${figures(1)}`]),
    "Devices.csv": csv([`Device,${HEADER}`, `Mobile,${figures(2)}`]),
    "Search appearance.csv": csv([`Search Appearance,${HEADER}`]),
  });
  log(`the largest UI export (${round(zip.length / 1024, 0)} KB zipped), ${RUNS} times…`);
  const previews = [];
  const saves = [];
  await importOnce({ "export.zip": zip }); // warm-up (and the first save: nothing to replace)
  for (let i = 0; i < RUNS; i++) {
    const { previewMs, saveMs } = await importOnce({ "export.zip": zip });
    previews.push(previewMs);
    saves.push(saveMs);
  }

  log(`${PAGE_EXPORTS} page exports of 200 queries each…`);
  for (let i = 0; i < PAGE_EXPORTS; i++) {
    await importOnce({ "Queries.csv": queries(200, `page ${i}`), "Filters.csv": filters(`${SITE}/page-${i}`) });
  }

  const bigFile = queries(25_000, "long tail");
  log(`a ${round(bigFile.length / 1e6, 1)} MB Queries.csv of 25,000 rows…`);
  const big = await importOnce({ "Queries.csv": bigFile }, { from: "2026-01-01", to: "2026-01-31" });

  log(`the report, ${RUNS} times (document and .data)…`);
  const documents = [];
  const data = [];
  const get = async (url, into) => {
    const { ms, result } = await timed(() => fetch(`${server.url}${url}`, { headers: { cookie } }));
    const body = await result.text();
    if (result.status !== 200) throw new Error(`${url} answered ${result.status}`);
    into?.push(ms);
    return body;
  };
  const page = await get(REPORT);
  if (!page.includes("Opportunities")) throw new Error("the report did not render");
  await get(REPORT.replace("?", ".data?"));
  for (let i = 0; i < RUNS; i++) {
    await get(REPORT, documents);
    await get(REPORT.replace("?", ".data?"), data);
  }
  return {
    uiExport: {
      rows: { queries: 1000, pages: 1000, days: 92 },
      zipKB: round(zip.length / 1024, 0),
      previewMedianMs: round(median(previews), 1),
      saveMedianMs: round(median(saves), 1),
    },
    rows25k: { mb: round(bigFile.length / 1e6, 2), previewMs: round(big.previewMs, 0), saveMs: round(big.saveMs, 0) },
    report: {
      pages: 1000,
      queries: 1000 + PAGE_EXPORTS * 200,
      documentMedianMs: round(median(documents), 1),
      dataMedianMs: round(median(data), 1),
    },
    rssMB: round(residentBytes(server.pid) / 1e6, 0),
  };
}

async function onPglite(appDir) {
  const dataDir = makeDataDir("search-console");
  // The server makes and migrates the database; then, with it stopped (PGlite admits one process), the account goes in.
  const making = await startServer({ appDir, dataDir });
  await making.stop();
  const db = new PGlite(path.join(dataDir, "pglite"));
  await db.exec(USER_SQL());
  await db.close();
  const server = await startServer({ appDir, dataDir, env: { PUBLIC_URL: SITE } });
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

async function onPostgres(appDir) {
  return withPostgresDatabase(PG_SERVER, "search_console", async (databaseUrl) => {
    const server = await startServer({
      appDir,
      env: { NODE_ENV: "test", DATABASE_URL: databaseUrl, PUBLIC_URL: SITE },
    });
    try {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(USER_SQL());
      await client.end();
      return await measure(server);
    } finally {
      await server.stop();
    }
  });
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  log("PGlite…");
  const pglite = await onPglite(appDir);
  log("PostgreSQL…");
  const postgres = await onPostgres(appDir);
  printResult({ bench: "search-console", runs: RUNS, pglite, postgres, loadAtStart, loadAtEnd: loadAverage() });
});
