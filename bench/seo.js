// The site audit (issue 16), against the production build, on PGlite and on
// PostgreSQL:
//  - the demo site's audit: a cold one (the server just started, the button pressed as the
//    overview opens, which starts the audit's child process), then BENCH_RUNS more, each with the
//    overview opened a second before the press, as a person does; timed from the press to the
//    results stored (what the person waits), with the child's memory;
//  - the audit of the demo site plus 1,000 generated pages (bench/seo-data.js),
//    with the progress the overview showed while it ran;
//  - public pages' latency at a steady rate (BENCH_RATE requests/s over the
//    demo's sitemap pages, page-cache hits as visitors get them) before, during
//    and after that audit (BENCH_LARGE_RUNS times, each with its own windows
//    before and after, as the machine is shared): median and 95th percentile,
//    and their ratio to the windows around it; sent and timed in a thread of
//    their own (bench/visitor-load.js), away from this one's log reading;
//  - opening /admin/seo with that finished audit (median of BENCH_OPENS loads, signed in).
// While an audit runs the benchmark asks /admin/seo/progress every BENCH_PROGRESS_MS, as the open overview
// does (its progress alone; its whole data once the check is over), and keeps the progress it shows.
// The audit's own times come from the server's log line "site audit finished"
// (its `ms`, from the claim to the results written) and "site audit: child process
// ready" (its pid and how long it took to get ready).
//
//   node bench/seo.js      BENCH_PAGES=1000 BENCH_RUNS=3 BENCH_LARGE_RUNS=3 BENCH_RATE=50 BENCH_BASELINE_SECONDS=10
//                          BENCH_OPENS=20 BENCH_PROGRESS_MS=2000 BENCH_LONG_STALL_MS=10 BENCH_ONLY=pglite|postgres
//                          BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
//
// Prints one JSON line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  cpuSeconds,
  envInt,
  loadAverage,
  log,
  makeDataDir,
  median,
  percentile,
  printResult,
  quiet,
  request,
  residentBytes,
  root,
  round,
  runMain,
  scryptHash,
  signIn,
  sleep,
  snapshotBuild,
  startServer,
  stopProcess,
  track,
  withPostgresDatabase,
} from "./lib.js";
import { seoFillExpected, seoFillSql } from "./seo-data.js";
import { startVisitorLoad, visitorLoad } from "./visitor-load.js";

const PAGES = envInt("BENCH_PAGES", 1000);
const RUNS = envInt("BENCH_RUNS", 3);
const LARGE_RUNS = envInt("BENCH_LARGE_RUNS", 3);
const RATE = envInt("BENCH_RATE", 50);
const BASELINE_SECONDS = envInt("BENCH_BASELINE_SECONDS", 10);
const OPENS = envInt("BENCH_OPENS", 20);
// How often the progress is read while an audit runs: the overview's own rate with JavaScript (it asks every 2 s).
const PROGRESS_MS = envInt("BENCH_PROGRESS_MS", 2000);
const ONLY = process.env.BENCH_ONLY;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const EMAIL = "bench.seo@example.test";
const PASSWORD = "Bench-heron-meadow-58";
/** The goals. */
const BUDGET = { demoSeconds: 2, largeSeconds: 30, slowdown: 1.1, overviewMs: 200 };
// The servers' event-loop stalls (bench/stall-probe.cjs), one file per process in this directory.
const STALL_DIR = makeDataDir("stalls");
const PROBE = ["--import", pathToFileURL(path.join(root, "bench", "stall-probe.js")).href];
// Info: the audit's own lines are what is read. Page-cache hits are answered before the request log.
const SERVER_ENV = { LOG_LEVEL: "info", BENCH_STALL_DIR: STALL_DIR };
const AUDIT_TIMEOUT_MS = 10 * 60_000;
/** How long a round waits for the server to fall quiet before it starts (see quiet() in lib.js). */
const SETTLE_MS = 240_000;

if (ONLY && ONLY !== "pglite" && ONLY !== "postgres")
  throw new Error(`BENCH_ONLY must be pglite or postgres, not ${ONLY}`);

const seconds = (ms) => round(ms / 1000, 2);
const addAdmin = `insert into users (name, email, roles, password_hash)
  values ('Bench SEO', '${EMAIL}', array['admin'], '${scryptHash(PASSWORD)}') on conflict do nothing`;

/** The server's JSON log lines with this message, parsed, in order. */
function logLines(server, message) {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${message}"`))
    .map((line) => JSON.parse(line));
}

/** How many of the server's log lines carry this message: a scan without splitting, cheap enough for every 20 ms. */
function logCount(server, message) {
  const output = server.output();
  const needle = `"msg":"${message}"`;
  let count = 0;
  for (let at = output.indexOf(needle); at !== -1; at = output.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The demo sitemap's paths (the pages the latency is measured on). */
async function sitemapPaths(url) {
  const xml = (await request(`${url}/sitemap.xml`)).body.toString();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * Presses the re-check button and waits for the run's results to be visible
 * (its log line is written once they are stored), checking every 20 ms, and
 * asking for the progress every PROGRESS_MS meanwhile, as the open overview
 * does (use-run-progress.ts).
 * Returns the run's log line and the wall-clock time from the press to the
 * result: what the person who pressed it waits.
 */
async function audit(server, cookie, label) {
  const finishedBefore = logCount(server, "site audit finished");
  const failedBefore = logCount(server, "site audit failed");
  const started = performance.now();
  const res = await fetch(`${server.url}/admin/seo`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=recheck",
  });
  const answerMs = performance.now() - started;
  const body = await res.text();
  if (res.status !== 200 || !body.includes("The check has started"))
    throw new Error(`${label}: re-check answered ${res.status}`);
  const progress = [];
  let lastLook = performance.now();
  for (;;) {
    if (logCount(server, "site audit failed") > failedBefore)
      throw new Error(`${label}: the audit failed: ${JSON.stringify(logLines(server, "site audit failed").at(-1))}`);
    if (logCount(server, "site audit finished") > finishedBefore) {
      const finished = logLines(server, "site audit finished");
      const phases = logLines(server, "site audit: the child's run").at(-1) ?? null;
      return { line: finished.at(-1), phases, wallMs: performance.now() - started, answerMs, progress };
    }
    if (performance.now() - started > AUDIT_TIMEOUT_MS) throw new Error(`${label}: the audit did not end`);
    if (performance.now() - lastLook >= PROGRESS_MS) {
      lastLook = performance.now();
      // What the open overview asks every 2 s while a check runs: its progress (its whole data once, at the end).
      const asked = performance.now();
      const data = await request(`${server.url}/admin/seo/progress`, { headers: { cookie } });
      const answerMs = round(performance.now() - asked, 1);
      const running = JSON.parse(data.body.toString()).running;
      if (running)
        progress.push({
          atMs: Math.round(performance.now() - started),
          done: running.done,
          found: running.found,
          answerMs,
        });
    }
    await sleep(20);
  }
}

/** The visitors' answers sent in [from, to) (ms since the epoch): how many, median and 95th percentile. */
function answersIn(samples, from, to) {
  const ms = samples.filter(([at]) => at >= from && at < to).map(([, took]) => took);
  return { requests: ms.length, medianMs: round(median(ms) ?? 0, 2), p95Ms: round(percentile(ms, 95) ?? 0, 2) };
}

/**
 * Waits for the server's first pass over its last good copies (decision 0039): 1 s after the start it
 * renders every sitemap page at nice 0, which would starve the nice-19 audit child and weigh on the
 * visitors' "before" window. Returns the pass's own log line (`pages`, `ms`).
 */
async function copiesDrawn(server) {
  for (let i = 0; i < 6000; i++) {
    const line = logLines(server, "refreshed the last good copies of public pages").at(-1);
    if (line) return { pages: line.pages, ms: line.ms };
    await sleep(50);
  }
  throw new Error("the server's pass over its last good copies did not end in 5 minutes");
}

/** The audit's child process (its pid from the server's log), once it is ready. */
async function childPid(server) {
  for (let i = 0; i < 600; i++) {
    const line = logLines(server, "site audit: child process ready").at(-1);
    if (line) return line.pid;
    await sleep(50);
  }
  // What the server said of its audit, so a failed run says why.
  const said = server
    .output()
    .split("\n")
    .filter((line) => /audit|child|error/i.test(line))
    .slice(-15)
    .join("\n");
  throw new Error(`the audit's child process did not get ready in 30 s; the server's last words on it:\n${said}`);
}

const residentMB = (pid) => round((residentBytes(pid) ?? 0) / 1e6, 0);

/**
 * The server's event-loop stalls between two wall-clock times (ms since the epoch), from its probe's file:
 * the share of the window it spent more than 3 ms late to a 1 ms timer, how many stalls passed 10 ms,
 * and the longest. A visitor's request that arrives in a stall waits for its end.
 */
function stallsIn(pid, from, to) {
  const file = path.join(STALL_DIR, `stalls-${pid}.log`);
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
  const lates = lines
    .map((line) => line.split(" ").map(Number))
    .filter(([at]) => at >= from && at < to)
    .map(([, late]) => late);
  const total = lates.reduce((sum, late) => sum + late, 0);
  return {
    sharePct: round((total / (to - from)) * 100, 2),
    stalls: lates.length,
    over10ms: lates.filter((late) => late > 10).length,
    maxMs: round(Math.max(0, ...lates), 1),
  };
}

const LONG_STALL_MS = envInt("BENCH_LONG_STALL_MS", 10);
/** What a round keeps that the output gives once for the whole (or not at all). */
const ROUND_FIGURES_LEFT_OUT = new Set(["run", "rssBeforeMB", "rssPeakMB", "childRssPeakMB"]);
/** The stalls over LONG_STALL_MS (10 ms) between two wall-clock times, each as [ms since `from`, ms late]: where the long ones fall. */
function longStallsIn(pid, from, to) {
  const file = path.join(STALL_DIR, `stalls-${pid}.log`);
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
  return lines
    .map((line) => line.split(" ").map(Number))
    .filter(([at, late]) => at >= from && at < to && late > LONG_STALL_MS)
    .map(([at, late]) => [at - from, round(late, 1)]);
}

// A process that only burns CPU, at the duty cycle given (0–1), allocating as rendering does.
const BURNER = `const duty = Number(process.argv[1]);
let kept = [];
const spell = () => {
  const started = performance.now();
  while (performance.now() - started < duty * 10) {
    kept.push(JSON.stringify({ at: Math.random(), text: "<p>page</p>".repeat(40) }));
    if (kept.length > 5000) kept = [];
  }
  setTimeout(spell, (1 - duty) * 10);
};
spell();`;

/**
 * The same windows as a round, with the audit replaced by processes that only burn CPU, as much as the
 * audit's child used (its cores, from the rounds), at the child's own nice 19, SCHED_IDLE and on its core: what any
 * work beside the server costs the visitors on this machine, to read the audit's own cost against.
 */
async function burnerFloor(server, demoPaths, rounds, label) {
  const cores = median(rounds.map((r) => r.childCores).filter((c) => c !== null)) ?? 1;
  const ms = Math.round(median(rounds.map((r) => r.run.wallMs)));
  await quiet([server.pid], { share: 0.1, forMs: 2000, maxMs: SETTLE_MS });
  log(`${label}: the floor: ${ms} ms of CPU burners (${cores} cores at nice 19, SCHED_IDLE) instead of the audit…`);
  const before = await visitorLoad(server.url, demoPaths, { rate: RATE, ms: BASELINE_SECONDS * 1000 });
  const burners = [];
  for (let left = cores; left > 0.05; left -= 1) {
    const burner = track(spawn(process.execPath, ["-e", BURNER, String(Math.min(1, left))], { stdio: "ignore" }));
    os.setPriority(burner.pid, 19);
    // The child's own scheduling policy (server/audit-child.ts idleScheduling).
    spawnSync("chrt", ["--idle", "-a", "-p", "0", String(burner.pid)]);
    // Where the child keeps (server/audit-child.ts keepToLastCore): the last core, when there are several.
    if (os.availableParallelism() > 1)
      spawnSync("taskset", ["-a", "-p", "-c", String(os.availableParallelism() - 1), String(burner.pid)]);
    burners.push(burner);
  }
  const during = await visitorLoad(server.url, demoPaths, { rate: RATE, ms });
  await Promise.all(burners.map((burner) => stopProcess(burner)));
  const after = await visitorLoad(server.url, demoPaths, { rate: RATE, ms: BASELINE_SECONDS * 1000 });
  const around = { medianMs: (before.medianMs + after.medianMs) / 2, p95Ms: (before.p95Ms + after.p95Ms) / 2 };
  return {
    cores,
    seconds: seconds(ms),
    before,
    during,
    after,
    medianRatio: round(during.medianMs / around.medianMs, 3),
    p95Ratio: round(during.p95Ms / around.p95Ms, 3),
  };
}

/** Median and p90 of OPENS signed-in loads of a staff page (after three unrecorded ones). */
async function openTimes(url, target, cookie) {
  const times = [];
  for (let i = 0; i < OPENS + 3; i++) {
    const started = performance.now();
    const res = await request(`${url}${target}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${target} answered ${res.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return { medianMs: round(median(times), 1), p90Ms: round(percentile(times, 90), 1) };
}

/** Every sitemap page once then again, so the latency runs meet the page cache as visitors do. */
async function warm(url, paths) {
  for (let round = 0; round < 2; round++) for (const target of paths) await request(`${url}${target}`);
}

/** What the audit log line says, in the benchmark's terms. */
const runFigures = (run) => ({
  runSeconds: seconds(run.line.ms),
  readSeconds: seconds(run.line.readMs),
  wallSeconds: seconds(run.wallMs),
  recheckAnswerMs: round(run.answerMs, 1),
  // The progress requests' answers (the overview asks every 2 s while a check runs), median.
  progressAnswerMs: run.progress.length ? round(median(run.progress.map((p) => p.answerMs)), 1) : null,
  addresses: run.line.addresses,
  problems: run.line.problems,
  siteScore: run.line.siteScore,
  // In the child: waiting for its set-up or warm-up, the content into its copy, its site brought up, the audit.
  ...(run.phases
    ? {
        childMs: {
          queued: run.phases.queuedMs,
          load: run.phases.loadMs,
          setup: run.phases.setupMs,
          audit: run.phases.auditMs,
        },
        // Of the addresses, how many the server answered from its page cache (the child drew the rest).
        cachedPages: run.phases.cachedPages,
        // How often the child was stopped while the server answered requests, and for how long in all.
        yielded: { stops: run.phases.stops ?? null, stoppedMs: run.phases.stoppedMs ?? null },
      }
    : {}),
});

/**
 * One database: the demo audit (RUNS times), then the large site's audit
 * under a steady load, then opening the overview. `prepare(sql)` runs SQL
 * against the database while no server is using it (PGlite's one process).
 */
async function measure(label, { start, prepare }) {
  // The demo site.
  let server = await start();
  let demo;
  try {
    const demoCopies = await copiesDrawn(server);
    const cookie = await signIn(server.url, EMAIL, PASSWORD);
    const paths = await sitemapPaths(server.url);
    await warm(server.url, paths);
    // A cold run: the server just started; the staff member opens the overview (which starts the audit's child
    // process) and presses the button at once, before the child is ready.
    const open = async () => {
      const page = await request(`${server.url}/admin/seo`, { headers: { cookie } });
      if (page.status !== 200) throw new Error(`GET /admin/seo answered ${page.status}`);
    };
    log(`${label}: demo audit, cold (pressed as the overview opens)…`);
    await open();
    const cold = runFigures(await audit(server, cookie, label));
    log(`${label}:   ${JSON.stringify(cold)}`);
    const pid = await childPid(server);
    const childReadyMs = logLines(server, "site audit: child process ready").at(-1).sinceStartMs;
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      log(`${label}: demo audit ${i + 1}/${RUNS} (the overview opened, then the button)…`);
      await open();
      await sleep(1000);
      runs.push(runFigures(await audit(server, cookie, label)));
      log(`${label}:   ${JSON.stringify(runs.at(-1))}`);
    }
    const med = (key) => round(median(runs.map((r) => r[key])), 2);
    demo = {
      pages: paths.length,
      wallSeconds: med("wallSeconds"),
      runSeconds: med("runSeconds"),
      readSeconds: med("readSeconds"),
      withinBudget: med("wallSeconds") <= BUDGET.demoSeconds,
      cold: { ...cold, childReadyMs },
      copiesPass: demoCopies,
      childRssMB: residentMB(pid),
      serverRssMB: residentMB(server.pid),
      runs,
    };
  } finally {
    await server.stop();
  }

  // The large site: the same database and PAGES guides more.
  log(`${label}: adding ${PAGES} generated pages…`);
  const fillStarted = performance.now();
  await prepare(seoFillSql(PAGES));
  const fillSeconds = seconds(performance.now() - fillStarted);
  let largeCopies;
  server = await start();
  try {
    log(`${label}: waiting for the server's pass over its last good copies…`);
    largeCopies = await copiesDrawn(server);
    log(`${label}:   ${JSON.stringify(largeCopies)}`);
    const cookie = await signIn(server.url, EMAIL, PASSWORD);
    const demoPaths = (await sitemapPaths(server.url)).filter((p) => !p.startsWith("/guide-"));
    await warm(server.url, demoPaths);
    const rounds = [];
    for (let i = 0; i < LARGE_RUNS; i++) {
      // Each round on a server at rest: after its start it compresses every page its copies pass stored
      // (brotli 11, one at a time, a core for a minute or two), which would weigh on some windows and not others.
      const settling = performance.now();
      const settled = await quiet([server.pid], { share: 0.1, forMs: 2000, maxMs: SETTLE_MS });
      const settleMs = Math.round(performance.now() - settling);
      log(`${label}: the server ${settled ? "fell quiet" : "was still busy"} after ${settleMs} ms`);
      log(
        `${label}: round ${i + 1}/${LARGE_RUNS}: public pages at ${RATE}/s for ${BASELINE_SECONDS} s, no audit running…`,
      );
      const beforeAt = Date.now();
      const before = await visitorLoad(server.url, demoPaths, { rate: RATE, ms: BASELINE_SECONDS * 1000 });
      const duringAt = Date.now();
      const rssBeforeMB = residentMB(server.pid);
      log(`${label}: the ${PAGES}-page audit, with public pages at ${RATE}/s meanwhile…`);
      let rssPeakMB = rssBeforeMB;
      let childRssPeakMB = 0;
      // The child's CPU over the round (from when it is first seen): how much of the machine the audit took.
      let childCpu = { first: null, last: null };
      let pid;
      void childPid(server).then((found) => (pid = found));
      const rssWatch = setInterval(() => {
        rssPeakMB = Math.max(rssPeakMB, residentMB(server.pid));
        if (pid) childRssPeakMB = Math.max(childRssPeakMB, residentMB(pid));
        const cpu = pid ? cpuSeconds(pid) : null;
        if (cpu !== null)
          childCpu = { first: childCpu.first ?? { cpu, at: performance.now() }, last: { cpu, at: performance.now() } };
      }, 250);
      // The visitors' requests are timed in a thread of their own (bench/visitor-load.js): this thread reads
      // the server's log every 20 ms meanwhile, which would stamp their answers late.
      const load = startVisitorLoad(server.url, demoPaths, { rate: RATE, samples: true });
      const running = audit(server, cookie, label);
      await running.catch(() => {});
      const { samples, ...during } = await load.stop();
      const run = await running;
      clearInterval(rssWatch);
      log(`${label}:   ${JSON.stringify(runFigures(run))}`);
      log(`${label}: public pages at ${RATE}/s for ${BASELINE_SECONDS} s, after the audit…`);
      const afterAt = Date.now();
      const after = await visitorLoad(server.url, demoPaths, { rate: RATE, ms: BASELINE_SECONDS * 1000 });
      const endAt = Date.now();
      await sleep(1200); // the probe writes its file once a second
      const stalls = {
        before: stallsIn(server.pid, beforeAt, duringAt),
        during: stallsIn(server.pid, duringAt, afterAt),
        after: stallsIn(server.pid, afterAt, endAt),
      };
      // The run's two stretches: the child reading and judging, then the server taking in and storing the results.
      const doneAt = run.phases?.time ? Date.parse(run.phases.time) : null;
      if (doneAt) {
        stalls.duringCrawl = stallsIn(server.pid, duringAt, doneAt);
        stalls.duringResults = { ...stallsIn(server.pid, doneAt, afterAt), ms: afterAt - doneAt };
      }
      stalls.long = longStallsIn(server.pid, duringAt, afterAt);
      // The visitors' answers in the same two stretches, and the slowest by their offset from the press.
      const visitors = doneAt
        ? { crawl: answersIn(samples, duringAt, doneAt), results: answersIn(samples, doneAt, afterAt) }
        : {};
      visitors.slowest = samples
        .toSorted((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([at, ms]) => [at - duringAt, round(ms, 1)]);
      const around = {
        medianMs: (before.medianMs + after.medianMs) / 2,
        p95Ms: (before.p95Ms + after.p95Ms) / 2,
      };
      // When the progress was asked, from the press: the stalls can be read against them.
      visitors.progressAt = run.progress.map((p) => p.atMs - p.answerMs);
      rounds.push({
        run,
        stalls,
        visitors,
        rssBeforeMB,
        rssPeakMB,
        childRssPeakMB,
        before,
        during,
        after,
        medianRatio: round(during.medianMs / around.medianMs, 3),
        p95Ratio: round(during.p95Ms / around.p95Ms, 3),
        load1m: loadAverage(),
        settled,
        settleMs,
        childCores:
          childCpu.first && childCpu.last.at > childCpu.first.at
            ? round((childCpu.last.cpu - childCpu.first.cpu) / ((childCpu.last.at - childCpu.first.at) / 1000), 2)
            : null,
      });
      log(`${label}:   latency ${JSON.stringify({ before, during, after }).slice(0, 400)}`);
    }
    const floor = await burnerFloor(server, demoPaths, rounds, label);
    const snapshot = logLines(server, "site audit: the child reads a copy of the content").at(-1) ?? null;
    log(`${label}: opening /admin/seo and /admin/seo/pages with the finished audit…`);
    const overview = await openTimes(server.url, "/admin/seo", cookie);
    const pageList = await openTimes(server.url, "/admin/seo/pages?sort=score", cookie);
    const middle = (values) => round(median(values), 3);
    const run = rounds.map((r) => r.run).sort((a, b) => a.line.ms - b.line.ms)[Math.floor(rounds.length / 2)];
    const large = runFigures(run);
    const medianRatio = middle(rounds.map((r) => r.medianRatio));
    const p95Ratio = middle(rounds.map((r) => r.p95Ratio));
    return {
      demo,
      large: {
        generatedPages: PAGES,
        expected: seoFillExpected(PAGES),
        fillSeconds,
        copiesPass: largeCopies,
        ...large,
        withinBudget: large.runSeconds <= BUDGET.largeSeconds,
        runSecondsEach: rounds.map((r) => seconds(r.run.line.ms)),
        snapshotMs: snapshot?.snapshotMs ?? null,
        snapshotBytes: snapshot?.bytes ?? null,
        progressSamples: run.progress.length,
        progress: run.progress.filter(
          (_, i, all) => i % Math.max(1, Math.ceil(all.length / 6)) === 0 || i === all.length - 1,
        ),
        rssBeforeMB: rounds[0].rssBeforeMB,
        rssPeakMB: Math.max(...rounds.map((r) => r.rssPeakMB)),
        childRssPeakMB: Math.max(...rounds.map((r) => r.childRssPeakMB)),
      },
      publicPages: {
        rate: RATE,
        medianRatio,
        p95Ratio,
        withinBudget: medianRatio <= BUDGET.slowdown && p95Ratio <= BUDGET.slowdown,
        floor,
        // The server's own event-loop stalls in the same windows: what the visitors' tail is made of.
        stallSharePct: {
          during: middle(rounds.map((r) => r.stalls.during.sharePct)),
          around: middle(rounds.map((r) => (r.stalls.before.sharePct + r.stalls.after.sharePct) / 2)),
        },
        // Each round's figures but the run itself and the memory (given above for the whole).
        rounds: rounds.map((r) =>
          Object.fromEntries(Object.entries(r).filter(([key]) => !ROUND_FIGURES_LEFT_OUT.has(key))),
        ),
      },
      overview: { ...overview, withinBudget: overview.medianMs <= BUDGET.overviewMs },
      pageList,
    };
  } finally {
    await server.stop();
  }
}

async function onPglite(appDir) {
  const dataDir = makeDataDir("seo");
  // The server makes, migrates and seeds the database; the rest goes in with it stopped (one process at a time).
  const making = await startServer({ appDir, dataDir });
  await making.stop();
  const prepare = async (sql) => {
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      await db.exec(sql);
    } finally {
      await db.close();
    }
  };
  await prepare(addAdmin);
  return measure("pglite", {
    prepare,
    start: () => startServer({ appDir, dataDir, env: SERVER_ENV, nodeFlags: PROBE }),
  });
}

async function onPostgres(appDir) {
  try {
    return await withPostgresDatabase(PG_SERVER, "seo", async (databaseUrl) => {
      const env = { ...SERVER_ENV, DATABASE_URL: databaseUrl };
      const making = await startServer({ appDir, env });
      await making.stop();
      const prepare = async (sql) => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      };
      await prepare(addAdmin);
      return measure("postgres", {
        prepare,
        start: () => startServer({ appDir, env: { ...env, BENCH_STALL_DIR: STALL_DIR }, nodeFlags: PROBE }),
      });
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
  const result = { bench: "seo", budget: BUDGET, pages: PAGES, runs: RUNS, rate: RATE };
  if (ONLY !== "postgres") result.pglite = await onPglite(appDir);
  if (ONLY !== "pglite") result.postgres = await onPostgres(appDir);
  printResult({ ...result, loadAtStart, loadAtEnd: loadAverage() });
});
