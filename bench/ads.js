// Google Ads performance (issue 17), on PGlite and on PostgreSQL, against the production build,
// one request at a time from a client on loopback:
//  - import: the campaign report of 3 years by day for 50 campaigns (54,800 rows) as Google Ads'
//    "Excel .csv" downloads it (UTF-16 with tabs, 13 MB; made here), POSTed as multipart: the
//    preview (read, checked, held) and the save (one transaction), then the same file again (every
//    row replaced), each timed;
//  - the performance page for the last 12 months and the last 30 days (document and .data), with a
//    year of analytics behind it (bench/analytics-data.js: BENCH_PAGE_VIEWS page views, rolled up by
//    the server before timing) and leads over three years (bench/lead-data.js); seven of the
//    campaigns carry the names those use, so visits and leads are joined;
//  - the server's resident memory after all that.
// The budgets on PGlite: import ≤ 5 s, the page for 12 months ≤ 300 ms.
//
//   node bench/ads.js   (BENCH_RUNS=20, BENCH_PAGE_VIEWS=250000, BENCH_LEADS=20000, BENCH_ONLY=pglite|postgres,
//                        BENCH_DATABASE_URL)
//
// Prints one JSON line.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { analyticsFillSteps } from "./analytics-data.js";
import { signInPatiently, waitForRollups } from "./analytics-wait.js";
import { leadFillSql } from "./lead-data.js";
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

const RUNS = envInt("BENCH_RUNS", 20);
const WARM_UP = 3;
const PAGE_VIEWS = envInt("BENCH_PAGE_VIEWS", 250_000);
const LEADS = envInt("BENCH_LEADS", 20_000);
const ONLY = process.env.BENCH_ONLY;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const EMAIL = "bench.ads@example.test";
const PASSWORD = "Bench-kestrel-harbor-63";
const IMPORT = "/admin/google-ads/import";
const REPORT = "/admin/google-ads";
const CAMPAIGNS = 50;
const DAYS = 3 * 365 + 1;
const BUDGET = { importMs: 5000, report12MonthsMs: 300 };
/** The campaigns bench/analytics-data.js and bench/lead-data.js name in utm_campaign. */
const JOINED = [
  "anxiety-care",
  "adhd-adults",
  "depression-help",
  "telehealth-florida",
  "psychiatrist-winter-park",
  "medication-management",
  "brand",
];

const seconds = (ms) => round(ms / 1000, 1);
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const words = (d) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
const money = (cents) => `${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;

/**
 * The report Google Ads' "Excel .csv" gives for a daily campaign table: its title and dates lines,
 * the header, one row per campaign and day (deterministic figures), and its totals rows, in UTF-16
 * with a byte-order mark and tabs. Its days end yesterday.
 */
function campaignReport() {
  const end = new Date();
  end.setUTCHours(0, 0, 0, 0);
  end.setUTCDate(end.getUTCDate() - 2);
  const start = new Date(end);
  start.setUTCDate(start.getUTCDate() - (DAYS - 1));
  const lines = [
    "Campaign report",
    `${words(start)} - ${words(end)}`,
    [
      "Day",
      "Campaign",
      "Campaign ID",
      "Campaign status",
      "Currency code",
      "Impr.",
      "Clicks",
      "CTR",
      "Avg. CPC",
      "Cost",
      "Conversions",
    ].join("\t"),
  ];
  let impressions = 0;
  let clicks = 0;
  let cents = 0;
  let conversions = 0;
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(start.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    for (let c = 0; c < CAMPAIGNS; c++) {
      const i = 80 + ((day * 37 + c * 101) % 2400);
      const k = Math.floor((i * (2 + ((day + c) % 9))) / 100);
      const cost = k * (90 + ((c * 13) % 600)) + ((day * 7) % 100);
      const conv = Math.floor(k / 11) * 100 + ((day + c) % 2) * 50;
      impressions += i;
      clicks += k;
      cents += cost;
      conversions += conv;
      const ctr = `${((k / i) * 100).toFixed(2)}%`;
      const cpc = k === 0 ? "--" : (cost / k / 100).toFixed(2);
      lines.push(
        [
          date,
          c < JOINED.length ? JOINED[c] : `Campaign ${c + 1}`,
          String(21456700000 + c),
          "Enabled",
          "USD",
          i.toLocaleString("en-US"),
          String(k),
          ctr,
          cpc,
          money(cost),
          (conv / 100).toFixed(2),
        ].join("\t"),
      );
    }
  }
  const total = (label) =>
    [
      label,
      "",
      "",
      "",
      "USD",
      impressions.toLocaleString("en-US"),
      clicks.toLocaleString("en-US"),
      `${((clicks / impressions) * 100).toFixed(2)}%`,
      (cents / clicks / 100).toFixed(2),
      money(cents),
      (conversions / 100).toFixed(2),
    ].join("\t");
  lines.push(total("Total: Account"), total("Total: Campaigns"));
  const text = `${lines.join("\r\n")}\r\n`;
  return {
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
    rows: DAYS * CAMPAIGNS,
    cents,
  };
}

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

async function measure(server, label) {
  const cookie = await signInPatiently(server.url, EMAIL, PASSWORD, label);
  const { rollupSeconds } = await waitForRollups(server, cookie, label);
  const post = async (fields, file) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append("file", new Blob([file]), "Campaign report.csv");
    const res = await fetch(`${server.url}${IMPORT}`, {
      method: "POST",
      headers: { cookie, origin: server.url },
      body: form,
    });
    const html = await res.text();
    if (res.status !== 200)
      throw new Error(`${fields.intent} answered ${res.status}: ${html.replace(/<[^>]+>/g, " ").slice(0, 2000)}`);
    return html;
  };
  const report = campaignReport();
  log(`${label}: importing ${report.rows.toLocaleString("en-US")} rows (${round(report.bytes.length / 1e6, 1)} MB)…`);
  const importOnce = async () => {
    const preview = await timed(() => post({ intent: "preview" }, report.bytes));
    const previewId = /name="previewId" value="([0-9a-f-]{36})"/.exec(preview.result)?.[1];
    if (!previewId) throw new Error("no preview held");
    const save = await timed(() => post({ intent: "save", previewId }));
    if (!save.result.includes("Saved:")) throw new Error("not saved");
    return { previewMs: round(preview.ms, 0), saveMs: round(save.ms, 0), totalMs: round(preview.ms + save.ms, 0) };
  };
  const first = await importOnce();
  log(`${label}: first import ${JSON.stringify(first)}`);
  const again = await importOnce();
  log(`${label}: the same file again ${JSON.stringify(again)}`);

  const time = async (url) => {
    const times = [];
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      const started = performance.now();
      const res = await request(url, { headers: { cookie }, timeoutMs: 120_000 });
      const ms = performance.now() - started;
      if (res.status !== 200)
        throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
      if (i >= WARM_UP) times.push(ms);
    }
    return { medianMs: round(median(times), 1), p90Ms: round(percentile(times, 90), 1) };
  };
  const page = async (query) => ({
    document: await time(`${server.url}${REPORT}?${query}`),
    data: await time(`${server.url}${REPORT}.data?${query}`),
  });
  log(`${label}: the report (${RUNS} runs after ${WARM_UP} to warm up)…`);
  const check = (await request(`${server.url}${REPORT}?range=12m`, { headers: { cookie } })).body.toString();
  if (!check.includes("Not tied to a campaign") || !/Visits from the ads/.test(check))
    throw new Error("the report did not render its join");
  const last12Months = await page("range=12m");
  const last30Days = await page("range=30d");
  await sleep(200);
  const rssMB = round(residentBytes(server.pid) / 1e6, 0);
  return {
    rollupSeconds,
    file: { rows: report.rows, mb: round(report.bytes.length / 1e6, 1), format: "Excel .csv (UTF-16, tabs)" },
    import: first,
    importAgain: again,
    report: { last12Months, last30Days },
    rssMB,
    withinBudget: {
      import: first.totalMs <= BUDGET.importMs && again.totalMs <= BUDGET.importMs,
      report12Months: Math.max(last12Months.document.medianMs, last12Months.data.medianMs) <= BUDGET.report12MonthsMs,
    },
  };
}

/** The year of analytics, the leads and the person who reads the report, through `exec`. */
async function fill(label, exec) {
  const endIso = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const started = performance.now();
  for (const step of analyticsFillSteps({ pageViews: PAGE_VIEWS, endIso })) await exec(step.sql);
  await exec(leadFillSql({ count: LEADS, endIso }));
  await exec(
    `insert into users (name, email, roles, password_hash) values ('Bench Ads', '${EMAIL}', array['marketing'], '${scryptHash(PASSWORD)}')`,
  );
  log(`${label}: filled ${PAGE_VIEWS} page views and ${LEADS} leads in ${seconds(performance.now() - started)} s`);
}

async function onPglite(appDir) {
  const dataDir = makeDataDir("ads");
  const making = await startServer({ appDir, dataDir });
  await making.stop();
  const db = new PGlite(path.join(dataDir, "pglite"));
  await fill("pglite", (sql) => db.exec(sql));
  await db.close();
  const server = await startServer({ appDir, dataDir, timeoutMs: 300_000 });
  try {
    return await measure(server, "pglite");
  } finally {
    await server.stop();
  }
}

async function onPostgres(appDir) {
  return withPostgresDatabase(PG_SERVER, "ads", async (databaseUrl) => {
    const env = { NODE_ENV: "test", DATABASE_URL: databaseUrl };
    const making = await startServer({ appDir, env });
    await making.stop();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await fill("postgres", (sql) => client.query(sql));
    } finally {
      await client.end();
    }
    const server = await startServer({ appDir, env, timeoutMs: 300_000 });
    try {
      return await measure(server, "postgres");
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
    bench: "ads",
    runs: RUNS,
    pageViews: PAGE_VIEWS,
    leads: LEADS,
    budget: BUDGET,
    pglite,
    postgres,
    loadAtStart,
    loadAtEnd: loadAverage(),
  });
});
