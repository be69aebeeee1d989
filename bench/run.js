// Runs the benchmarks one after another, each in its own process, and passes
// their one-line JSON results through to stdout (progress goes to stderr).
//
//   npm run bench                        startup, throughput, lead-latency, analytics-ingestion, staff-sign-in,
//                                        lead-insights, analytics-dashboard, search-console, page-settings, seo,
//                                        neighbour, ads, blog, content-publish, lighthouse
//   npm run bench -- throughput          just one (or several, in the order given)
//
// Exits non-zero if any benchmark failed; the others still run.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const ALL = [
  "startup",
  "throughput",
  "lead-latency",
  "analytics-ingestion",
  "staff-sign-in",
  "lead-insights",
  "analytics-dashboard",
  "search-console",
  "page-settings",
  "seo",
  "neighbour",
  "ads",
  "blog",
  "content-publish",
  "lighthouse",
];

const requested = process.argv.slice(2).map((a) => a.replace(/\.js$/, ""));
const unknown = requested.filter((name) => !ALL.includes(name));
if (unknown.length) {
  process.stderr.write(`Unknown benchmark: ${unknown.join(", ")}. Choose from: ${ALL.join(", ")}.\n`);
  process.exit(2);
}
const selected = requested.length ? requested : ALL;

let current;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

let failures = 0;
for (const name of selected) {
  process.stderr.write(`\n[bench] ── ${name} ──\n`);
  const started = performance.now();
  const code = await new Promise((resolve) => {
    current = spawn(process.execPath, [path.join(dir, `${name}.js`)], { stdio: ["ignore", "pipe", "inherit"] });
    let pending = "";
    current.stdout.on("data", (chunk) => {
      pending += chunk;
      let newline;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        // Only result lines reach our stdout; anything else is progress.
        if (line.startsWith("{")) process.stdout.write(`${line}\n`);
        else if (line.trim()) process.stderr.write(`${line}\n`);
      }
    });
    current.once("exit", (exitCode, signal) => resolve(exitCode ?? signal));
  });
  current = undefined;
  const seconds = Math.round((performance.now() - started) / 1000);
  process.stderr.write(`[bench] ${name} ${code === 0 ? "done" : `FAILED (${code})`} in ${seconds} s\n`);
  if (code !== 0) failures++;
}
process.exit(failures ? 1 : 0);
