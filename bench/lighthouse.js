// Lighthouse benchmark: the home page of the production build against a
// "floor" — the same HTML with every <script> (and every modulepreload link)
// removed, served by a tiny static server with the same compression. The
// floor is what the page would cost with no JavaScript at all, so
// LCP(site) / LCP(floor) says how much the scripts cost the visitor. Then
// one page of each other kind (/services, /request-appointment, a clinician,
// the newest demo post, a post with a featured image, /insurance), with
// per-URL category scores.
//
//   node bench/lighthouse.js          (BENCH_RUNS=3 runs per preset and target)
//   BENCH_HOME=0 BENCH_PAGES=/services BENCH_PRESETS=mobile node bench/lighthouse.js   (one quick run)
//   BENCH_HOME=0 BENCH_PAGES=/blog/{imagePost} node bench/lighthouse.js   (the post with a featured image)
//
// Both presets use Lighthouse's default simulated throttling: "mobile" is the
// default config (Moto G Power, slow 4G, 4x CPU), "desktop" is
// lighthouse/core/config/desktop-config.js. Site and floor runs alternate so
// that a noisy neighbour affects both alike. Prints one JSON line of medians.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import {
  envInt,
  freePort,
  get200,
  loadAverage,
  log,
  makeDataDir,
  median,
  onExit,
  printResult,
  ratio,
  removeDir,
  request,
  root,
  round,
  runMain,
  signIn,
  snapshotBuild,
  startServer,
} from "./lib.js";
import { addBenchEditor, publishIllustratedPost, ILLUSTRATED_SLUG } from "./illustrated-post.js";

// Lighthouse and its dependencies must never write to our stdout.
console.log = (...args) => console.error(...args);
console.info = (...args) => console.error(...args);

const RUNS = envInt("BENCH_RUNS", 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const PRESETS = { mobile: undefined, desktop: desktopConfig };
// BENCH_PRESETS=mobile measures one preset only.
const PRESET_NAMES = (process.env.BENCH_PRESETS || "mobile,desktop").split(",").filter((p) => p in PRESETS);
// The home page against its floor; BENCH_HOME=0 skips it (to measure only the pages below).
const MEASURE_HOME = process.env.BENCH_HOME !== "0";
// The other page types, BENCH_PAGE_RUNS runs each (default 1). BENCH_PAGES="/a,/b" measures those
// instead, BENCH_PAGES=none none. {team}: the first clinician; {post}: the newest demo post; {imagePost}: a
// post with a featured image, published through the staff pages first (bench/illustrated-post.js).
const DEFAULT_PAGES = [
  "/services",
  "/request-appointment",
  "/team/{team}",
  "/blog/{post}",
  "/blog/{imagePost}",
  "/insurance",
];
const PAGES =
  process.env.BENCH_PAGES === "none"
    ? []
    : process.env.BENCH_PAGES
      ? process.env.BENCH_PAGES.split(",").map((p) => p.trim())
      : DEFAULT_PAGES;
const PAGE_RUNS = envInt("BENCH_PAGE_RUNS", 1);
// Not part of any category score, and slow: the full-page screenshot and the
// back/forward-cache test (which navigates away and back).
const SKIP_AUDITS = ["bf-cache", "full-page-screenshot"];
// BENCH_SAVE=1 keeps every Lighthouse report in bench/results/ (git-ignored).
const SAVE_DIR = process.env.BENCH_SAVE === "1" ? path.join(root, "bench", "results") : null;

// ---------------------------------------------------------------------------
// The floor page

/** The page without any script: inline, external, JSON-LD and modulepreload. */
export function stripScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, "");
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = /^(text\/|image\/svg|application\/(json|manifest))/;

function brotli(buffer) {
  return zlib.brotliCompressSync(buffer, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  });
}

function listFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/**
 * Serves `html` at / and every file of `clientDir` (fonts, images, assets)
 * elsewhere; text is brotli-compressed (quality 11) like the site's, and
 * everything is prepared before the first request so that the floor's
 * time to first byte is as short as the site's cache hit.
 */
async function startFloorServer(html, clientDir) {
  const files = new Map();
  const add = (pathname, type, body) => {
    const entry = { type, body };
    if (COMPRESSIBLE.test(type)) entry.br = brotli(body);
    files.set(pathname, entry);
  };
  add("/", TYPES[".html"], Buffer.from(html));
  for (const file of listFiles(clientDir)) {
    const pathname = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    if (pathname.startsWith("/.vite/")) continue;
    add(pathname, TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream", fs.readFileSync(file));
  }

  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://floor");
    const entry = files.get(pathname);
    if (!entry) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const useBr = entry.br && /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = useBr ? entry.br : entry.body;
    const headers = { "Content-Type": entry.type, "Content-Length": String(body.length), "Cache-Control": "no-cache" };
    if (useBr) headers["Content-Encoding"] = "br";
    if (entry.br) headers.Vary = "Accept-Encoding";
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------
// Lighthouse

function jsBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items;
  if (Array.isArray(items)) {
    return items.filter((i) => i.resourceType === "Script").reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  }
  const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
  return summary.find((i) => i.resourceType === "script")?.transferSize ?? null;
}

/** Requests that failed or answered >= 400 (e.g. assets deleted by a rebuild). */
function failedRequests(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items
    .filter((i) => !(i.statusCode >= 200 && i.statusCode < 400))
    .map((i) => `${i.statusCode} ${i.url.replace(/^https?:\/\/[^/]+/, "")}`);
}

/** Audits that count towards a category score and did not get full marks. */
function failedAudits(lhr) {
  const failed = {};
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === "number" && audit.score < 1) {
        failed[ref.id] = round(audit.score, 2);
      }
    }
  }
  return failed;
}

// The Chromium of the run in progress, killed (its whole process group:
// chrome-launcher starts it detached) if the benchmark exits in the middle,
// including while it is still starting.
let currentChrome;
onExit(() => {
  const pid = currentChrome?.chromeProcess?.pid;
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

// Chromium sometimes loses the start of a trace (NO_NAVSTART, NO_FCP); such a
// run measured nothing, so it is repeated (twice at most), never counted.
const RETRYABLE = /NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/;
async function runWithRetry(fn, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.test(String(error?.message))) throw error;
      process.stderr.write(`[bench] retrying after: ${error.message}\n`);
    }
  }
}

async function runLighthouse(url, config, saveAs) {
  // A fresh profile per run, in a directory of ours so it is removed even if we are interrupted.
  const userDataDir = makeDataDir("chrome");
  const chrome = new chromeLauncher.Launcher({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir,
    logLevel: "silent",
  });
  currentChrome = chrome;
  try {
    await chrome.launch();
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      disableFullPageScreenshot: true,
      skipAudits: SKIP_AUDITS,
    };
    const result = await lighthouse(url, flags, config);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (SAVE_DIR && saveAs) {
      fs.mkdirSync(SAVE_DIR, { recursive: true });
      fs.writeFileSync(path.join(SAVE_DIR, `lighthouse-${saveAs}.json`), result.report);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
      ]),
    );
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      scores,
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      jsBytes: jsBytes(lhr),
      failed: failedAudits(lhr),
      failedRequests: failedRequests(lhr),
      warnings: lhr.runWarnings ?? [],
      lcpElement:
        lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    };
  } finally {
    const proc = chrome.chromeProcess;
    const exited =
      proc && proc.exitCode === null && proc.signalCode === null
        ? new Promise((resolve) => {
            proc.once("exit", resolve);
            setTimeout(resolve, 5000).unref();
          })
        : undefined;
    chrome.kill();
    await exited;
    currentChrome = undefined;
    removeDir(userDataDir);
  }
}

/** Medians over the runs of one preset and target. */
function summarise(runs) {
  const med = (pick, digits) => round(median(runs.map(pick)), digits);
  const failedAuditsAll = {};
  const failedRequestsAll = new Set(runs.flatMap((r) => r.failedRequests));
  for (const run of runs) {
    for (const [id, score] of Object.entries(run.failed)) {
      failedAuditsAll[id] = Math.min(failedAuditsAll[id] ?? 1, score);
    }
  }
  return {
    performance: med((r) => r.scores.performance, 0),
    accessibility: med((r) => r.scores.accessibility, 0),
    "best-practices": med((r) => r.scores["best-practices"], 0),
    seo: med((r) => r.scores.seo, 0),
    fcpMs: med((r) => r.fcpMs, 0),
    lcpMs: med((r) => r.lcpMs, 0),
    tbtMs: med((r) => r.tbtMs, 0),
    cls: med((r) => r.cls, 4),
    jsBytes: med((r) => r.jsBytes, 0),
    // Every run's LCP, in run order: the simulated value can jump between two modes (see docs/benchmarks.md).
    lcpMsRuns: runs.map((r) => round(r.lcpMs, 0)),
    // Lowest score each audit got in any run (only audits below 1).
    failedAudits: failedAuditsAll,
    ...(failedRequestsAll.size ? { failedRequests: [...failedRequestsAll] } : {}),
  };
}

/** One Lighthouse run of `url` with the preset's config, logged as a line. */
async function measure(label, url, config, saveAs, warnings) {
  const started = performance.now();
  const run = await runWithRetry(() => runLighthouse(url, config, saveAs));
  run.warnings.forEach((w) => warnings.add(w));
  log(
    `${label} (${Math.round((performance.now() - started) / 1000)} s): ` +
      `${JSON.stringify(run.scores)} FCP ${Math.round(run.fcpMs)} LCP ${Math.round(run.lcpMs)} ` +
      `TBT ${Math.round(run.tbtMs)} CLS ${round(run.cls, 3)} JS ${run.jsBytes} B` +
      (Object.keys(run.failed).length ? ` below 1: ${JSON.stringify(run.failed)}` : "") +
      (run.failedRequests.length ? ` FAILED REQUESTS: ${run.failedRequests.join(", ")}` : ""),
  );
  return run;
}

/** The other pages' paths, "{team}" and "{post}" filled from the sitemap (which lists clinicians in site order and posts newest first; the illustrated post is not a demo post). */
async function otherPages(baseUrl) {
  if (PAGES.length === 0) return [];
  const xml = (await get200(`${baseUrl}/sitemap.xml`)).body.toString("utf8");
  const paths = [...xml.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, p]) => p.replaceAll("&amp;", "&"));
  const first = (prefix) => paths.find((p) => p.startsWith(prefix) && !p.endsWith(`/${ILLUSTRATED_SLUG}`));
  const fill = { "{team}": first("/team/"), "{post}": first("/blog/"), "{imagePost}": `/${ILLUSTRATED_SLUG}` };
  return PAGES.map((page) =>
    page.replace(/\{team\}|\{post\}|\{imagePost\}/, (key) => fill[key]?.split("/").pop() ?? key),
  );
}

/** "/path  mobile 86 100 100 100  desktop 99 100 100 100" lines (performance, accessibility, best practices, SEO). */
function logScoreTable(rows) {
  log("scores (performance accessibility best-practices seo):");
  const width = Math.max(...rows.map(([path]) => path.length));
  for (const [path, byPreset] of rows) {
    const cells = PRESET_NAMES.map((preset) => {
      const s = byPreset[preset];
      return `${preset} ${s ? CATEGORIES.map((c) => String(s[c] ?? "-").padStart(3)).join(" ") : "  -"}`;
    });
    log(`  ${path.padEnd(width)}  ${byPreset.status ? `answered ${byPreset.status}` : cells.join("   ")}`);
  }
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const dataDir = makeDataDir("lighthouse");
  const withImagePost = PAGES.some((page) => page.includes("{imagePost}"));
  const editor = withImagePost ? await addBenchEditor(appDir, dataDir) : null;
  const server = await startServer({ appDir, dataDir });
  let floor;
  try {
    if (editor) {
      const published = await publishIllustratedPost(
        server.url,
        await signIn(server.url, editor.email, editor.password),
      );
      log(`published ${published} with a featured image`);
    }
    const result = { bench: "lighthouse", ...(MEASURE_HOME ? { url: "/", runs: RUNS } : {}), pageRuns: PAGE_RUNS };
    const warnings = new Set();
    const table = [];

    if (MEASURE_HOME) {
      // Fill the page cache (both encodings) so Lighthouse gets what a visitor gets.
      const home = await get200(`${server.url}/`);
      await get200(`${server.url}/`, { headers: { "Accept-Encoding": "br" } });
      const floorHtml = stripScripts(home.body.toString("utf8"));
      floor = await startFloorServer(floorHtml, path.join(appDir, "build", "client"));
      await get200(floor.url);
      log(
        `site ${server.url}/ (${home.body.length} bytes), floor ${floor.url} (${Buffer.byteLength(floorHtml)} bytes)`,
      );

      const siteUrl = `${server.url}/`;
      const lcpElements = {};
      for (const preset of PRESET_NAMES) {
        const runs = { site: [], floor: [] };
        for (let i = 0; i < RUNS; i++) {
          for (const [target, url] of [
            ["site", siteUrl],
            ["floor", floor.url],
          ]) {
            const label = `${preset} ${target} ${i + 1}/${RUNS}`;
            const run = await measure(label, url, PRESETS[preset], `${preset}-${target}-${i + 1}`, warnings);
            runs[target].push(run);
            lcpElements[`${preset}.${target}`] = run.lcpElement;
          }
        }
        const site = summarise(runs.site);
        const floorSummary = summarise(runs.floor);
        result[preset] = { site, floor: floorSummary, lcpRatio: ratio(site.lcpMs, floorSummary.lcpMs) };
      }
      for (const [key, snippet] of Object.entries(lcpElements)) log(`LCP element ${key}: ${snippet}`);
      table.push(["/", Object.fromEntries(PRESET_NAMES.map((preset) => [preset, result[preset].site]))]);
    }

    // The other page types, fewer runs each: what a visitor meets after the home page.
    result.pages = {};
    for (const pagePath of await otherPages(server.url)) {
      const url = `${server.url}${pagePath}`;
      const first = await request(url);
      if (first.status !== 200) {
        // A page not built yet (or gone): noted, not fatal.
        log(`${pagePath} answered ${first.status}: skipped`);
        result.pages[pagePath] = { status: first.status };
        table.push([pagePath, { status: first.status }]);
        continue;
      }
      await get200(url, { headers: { "Accept-Encoding": "br" } });
      const byPreset = {};
      for (const preset of PRESET_NAMES) {
        const runs = [];
        for (let i = 0; i < PAGE_RUNS; i++) {
          const saveAs = `${preset}${pagePath.replaceAll("/", "-")}-${i + 1}`;
          runs.push(
            await measure(`${preset} ${pagePath} ${i + 1}/${PAGE_RUNS}`, url, PRESETS[preset], saveAs, warnings),
          );
        }
        byPreset[preset] = summarise(runs);
      }
      result.pages[pagePath] = byPreset;
      table.push([pagePath, byPreset]);
    }

    logScoreTable(table);
    for (const warning of warnings) log(`Lighthouse warning: ${warning}`);
    result.load1m = [loadAtStart, loadAverage()];
    printResult(result);
  } finally {
    await floor?.close();
    await server.stop();
    removeDir(server.dataDir);
  }
});
