// Lighthouse benchmark: the home page of the production build against a
// "floor" — the same HTML with every <script> (and every modulepreload link)
// removed, served by a tiny static server with the same compression. The
// floor is what the page would cost with no JavaScript at all, so
// LCP(site) / LCP(floor) says how much the scripts cost the visitor.
//
//   node bench/lighthouse.js          (BENCH_RUNS=3 runs per preset and target)
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
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import {
  clientDir,
  ensureBuild,
  envInt,
  freePort,
  get200,
  log,
  makeDataDir,
  median,
  printResult,
  ratio,
  removeDir,
  round,
  runMain,
  startServer,
} from "./lib.js";

// Lighthouse and its dependencies must never write to our stdout.
console.log = (...args) => console.error(...args);
console.info = (...args) => console.error(...args);

const RUNS = envInt("BENCH_RUNS", 3);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const PRESETS = { mobile: undefined, desktop: desktopConfig };

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

/**
 * Serves `html` at / and the files of build/client (fonts, images, assets)
 * elsewhere, brotli-compressed like the site when the client accepts it.
 */
async function startFloorServer(html) {
  const cache = new Map();
  const load = (pathname) => {
    if (cache.has(pathname)) return cache.get(pathname);
    let entry = null;
    if (pathname === "/") {
      entry = { type: TYPES[".html"], body: Buffer.from(html) };
    } else {
      const file = path.resolve(clientDir, `.${decodeURIComponent(pathname)}`);
      if (file.startsWith(clientDir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
        entry = { type: TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream", body: fs.readFileSync(file) };
      }
    }
    if (entry && COMPRESSIBLE.test(entry.type)) entry.br = brotli(entry.body);
    cache.set(pathname, entry);
    return entry;
  };

  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://floor");
    const entry = load(pathname);
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

async function runLighthouse(url, config) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, config);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
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
      warnings: lhr.runWarnings ?? [],
      lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    };
  } finally {
    await chrome.kill();
  }
}

/** Medians over the runs of one preset and target. */
function summarise(runs) {
  const med = (pick, digits) => round(median(runs.map(pick)), digits);
  const failedAuditsAll = {};
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
    // Lowest score each audit got in any run (only audits below 1).
    failedAudits: failedAuditsAll,
  };
}

runMain(async () => {
  ensureBuild();
  const server = await startServer({ dataDir: makeDataDir("lighthouse") });
  let floor;
  try {
    // Fill the page cache (both encodings) so Lighthouse gets what a visitor gets.
    const home = await get200(`${server.url}/`);
    await get200(`${server.url}/`, { headers: { "Accept-Encoding": "br" } });
    const floorHtml = stripScripts(home.body.toString("utf8"));
    floor = await startFloorServer(floorHtml);
    log(`site ${server.url}/ (${home.body.length} bytes), floor ${floor.url} (${Buffer.byteLength(floorHtml)} bytes)`);

    const siteUrl = `${server.url}/`;
    const result = { bench: "lighthouse", url: "/", runs: RUNS };
    const warnings = new Set();
    const lcpElements = {};
    for (const [preset, config] of Object.entries(PRESETS)) {
      const runs = { site: [], floor: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const [target, url] of [
          ["site", siteUrl],
          ["floor", floor.url],
        ]) {
          const started = performance.now();
          const run = await runLighthouse(url, config);
          runs[target].push(run);
          run.warnings.forEach((w) => warnings.add(w));
          lcpElements[`${preset}.${target}`] = run.lcpElement;
          log(
            `${preset} ${target} ${i + 1}/${RUNS} (${Math.round((performance.now() - started) / 1000)} s): ` +
              `${JSON.stringify(run.scores)} FCP ${Math.round(run.fcpMs)} LCP ${Math.round(run.lcpMs)} ` +
              `TBT ${Math.round(run.tbtMs)} CLS ${round(run.cls, 3)} JS ${run.jsBytes} B` +
              (Object.keys(run.failed).length ? ` below 1: ${JSON.stringify(run.failed)}` : ""),
          );
        }
      }
      const site = summarise(runs.site);
      const floorSummary = summarise(runs.floor);
      result[preset] = { site, floor: floorSummary, lcpRatio: ratio(site.lcpMs, floorSummary.lcpMs) };
    }
    for (const [key, snippet] of Object.entries(lcpElements)) log(`LCP element ${key}: ${snippet}`);
    for (const warning of warnings) log(`Lighthouse warning: ${warning}`);
    printResult(result);
  } finally {
    await floor?.close();
    await server.stop();
    removeDir(server.dataDir);
  }
});
