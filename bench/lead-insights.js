// Lead insights at scale (issue 14): 100,000 leads over three years, on PGlite
// and on PostgreSQL, against the production build. One request at a time
// after a warm-up, timed from a client on loopback (the server's time plus a
// fraction of a millisecond), for:
//  - the inbox's first page, a filtered page and a later page (keyset),
//  - one lead's page,
//  - the lead insights report for the last 12 months,
//  - a CSV export of about 10,000 leads and one of every lead, streamed, with
//    the server's resident memory sampled while it is written.
// Documents are what a person waits for; `.data` is the loader alone.
//
//   node bench/lead-insights.js   (BENCH_LEADS=100000, BENCH_RUNS=30, BENCH_DATABASE_URL)
//
// Prints one JSON line.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { leadFillSql } from "./lead-data.js";
import {
  envInt,
  loadAverage,
  log,
  median,
  percentile,
  printResult,
  request,
  residentBytes,
  round,
  runMain,
  scryptHash,
  signIn,
  sleep,
  snapshotBuild,
  startServer,
  makeDataDir,
  withPostgresDatabase,
} from "./lib.js";

const LEADS = envInt("BENCH_LEADS", 100_000);
const RUNS = envInt("BENCH_RUNS", 30);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const EMAIL = "bench.intake@example.test";
const PASSWORD = "Bench-lantern-orchard-41";
const INBOX = "/admin/lead-insights/leads";
const REPORT = "/admin/lead-insights?range=12m";
/** The issue's budgets, in ms. */
const BUDGET = { inbox: 50, lead: 30, report: 300, csv10k: 2000 };

/** The data, an administrator who works the leads, and settings that keep three years (retention off the table). */
function fillSql(endIso) {
  return `
${leadFillSql({ count: LEADS, endIso })}
insert into users (name, email, roles, password_hash) values ('Bench Intake', '${EMAIL}', array['admin','intake'], '${scryptHash(PASSWORD)}');
insert into app_meta (key, value) values ('leads_retention_months', '120'), ('leads_digest_hour', 'off')
  on conflict (key) do update set value = excluded.value;
`;
}

const FACTS = `
select
  (select id from leads where form_type = 'appointment' order by created_at desc limit 1) as lead_id,
  (select to_char(created_at at time zone 'America/New_York', 'YYYY-MM-DD') from leads order by created_at desc offset 9999 limit 1) as from_day
`;

async function time(url, cookie, runs = RUNS) {
  const times = [];
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const res = await request(url, { headers: { cookie } });
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    if (i >= 5) times.push(ms);
  }
  return { medianMs: round(median(times), 1), p90Ms: round(percentile(times, 90), 1) };
}

/** A page's document and its loader alone (`.data`). */
async function page(server, path, cookie) {
  const [pathname, query] = path.split("?");
  return {
    document: await time(`${server.url}${path}`, cookie),
    data: await time(`${server.url}${pathname}.data${query ? `?${query}` : ""}`, cookie),
  };
}

/** Downloads a CSV to the end, counting bytes and rows, sampling the server's memory as it goes. */
async function download(server, path, cookie) {
  const before = residentBytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(server.pid) ?? 0);
  }, 10);
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let rows = -1;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) rows++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  return {
    rows,
    ms: round(ms, 0),
    megabytes: round(bytes / 1e6, 2),
    rssBeforeMB: round(before / 1e6, 0),
    rssPeakMB: round(peak / 1e6, 0),
  };
}

async function measure(server, facts) {
  const cookie = await signIn(server.url, EMAIL, PASSWORD);
  log("inbox…");
  const first = await page(server, INBOX, cookie);
  const filtered = await page(server, `${INBOX}?channel=Paid+Search&status=open`, cookie);
  const html = (await request(`${server.url}${INBOX}?sort=status`, { headers: { cookie } })).body.toString();
  const next = /href="([^"]*after=[^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  if (!next) throw new Error("the inbox has no next page");
  const later = await page(server, next, cookie);
  log("one lead…");
  const lead = await page(server, `${INBOX}/${facts.lead_id}`, cookie);
  log("report, 12 months…");
  const report = await page(server, REPORT, cookie);
  log("CSV exports…");
  const columns = "received,form,status,firstName,lastName,email,phone,service,preferredContact,channel,campaign";
  const csv10k = await download(server, `${INBOX}/export.csv?from=${facts.from_day}&columns=${columns}`, cookie);
  const csvAll = await download(server, `${INBOX}/export.csv?columns=${columns}`, cookie);
  await sleep(200);
  return {
    inboxFirstPage: first,
    inboxFiltered: filtered,
    inboxLaterPage: later,
    lead,
    report12Months: report,
    csvAbout10k: csv10k,
    csvEveryLead: csvAll,
    rssMB: round(residentBytes(server.pid) / 1e6, 0),
    withinBudget: {
      inbox: Math.max(first.document.medianMs, filtered.document.medianMs) <= BUDGET.inbox,
      lead: lead.document.medianMs <= BUDGET.lead,
      report: report.document.medianMs <= BUDGET.report,
      csv10k: csv10k.ms <= BUDGET.csv10k,
    },
  };
}

async function onPglite(appDir) {
  const dataDir = makeDataDir("leads");
  // The server makes and migrates the database; then, with it stopped (PGlite admits one process), the data goes in.
  const making = await startServer({ appDir, dataDir });
  await making.stop();
  log(`filling PGlite with ${LEADS} leads…`);
  const started = performance.now();
  const db = new PGlite(path.join(dataDir, "pglite"));
  await db.exec(fillSql(new Date().toISOString()));
  const facts = (await db.query(FACTS)).rows[0];
  await db.close();
  log(`filled in ${Math.round(performance.now() - started)} ms`);
  const server = await startServer({ appDir, dataDir });
  try {
    return await measure(server, facts);
  } finally {
    await server.stop();
  }
}

async function onPostgres(appDir) {
  return withPostgresDatabase(PG_SERVER, "leads", async (databaseUrl) => {
    const server = await startServer({ appDir, env: { NODE_ENV: "test", DATABASE_URL: databaseUrl } });
    try {
      log(`filling PostgreSQL with ${LEADS} leads…`);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(fillSql(new Date().toISOString()));
      const facts = (await client.query(FACTS)).rows[0];
      await client.end();
      return await measure(server, facts);
    } finally {
      await server.stop();
    }
  });
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const pglite = await onPglite(appDir);
  const postgres = await onPostgres(appDir);
  printResult({
    bench: "lead-insights",
    leads: LEADS,
    runs: RUNS,
    budgetMs: BUDGET,
    pglite,
    postgres,
    loadAtStart,
    loadAtEnd: loadAverage(),
  });
});
