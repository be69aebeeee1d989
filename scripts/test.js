// `npm test`: typecheck, lint and the production build side by side, then
// unit/integration tests, then HTTP and browser tests against that build.
// Ends with one summary line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-test-"));
let passed = 0;
let failed = 0;
/** Names of the failed tests, printed again at the end: a long run's failure is otherwise far up the log. */
const failures = [];

const since = (started) => `${Math.round((performance.now() - started) / 1000)} s`;

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  console.log(`◀ ${title}: ${since(started)}`);
  return result.status === 0;
}

/**
 * A step run beside others: its output is held and printed whole when it
 * ends, so parallel steps never interleave. tsc, ESLint and the build are each
 * mostly one thread; on two cores, side by side they take about half as long.
 */
function background(title, command, args, env = process.env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`◀ ${title}: ${since(started)}`);
      resolve(code === 0);
    });
  });
}

function vitest(title, args, report, env = process.env) {
  const file = path.join(reportDir, report);
  const ok = step(
    title,
    bin("vitest"),
    ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
    env,
  );
  try {
    const summary = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    for (const file of summary.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed") failures.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
        failures.push(`${path.relative(process.cwd(), file.name)}: ${file.message?.split("\n")[0] ?? "failed"}`);
      }
    }
    if (!ok && summary.numFailedTests === 0) failed += 1; // a failed setup counts
  } catch {
    if (!ok) failed += 1;
  }
  return ok;
}

// Route types first: tsc and ESLint both read them.
const typegen = step("route types", bin("react-router"), ["typegen"]);
const [typecheck, lint, build] = await Promise.all([
  typegen ? background("typecheck", bin("tsc"), []) : false,
  background("lint", bin("eslint"), ["."]),
  background("production build", bin("react-router"), ["build"], { ...process.env, NODE_ENV: "production" }),
]);
const results = [
  typecheck,
  lint,
  vitest("unit and integration tests", [], "unit.json"),
  build
    ? vitest("HTTP and browser tests (production build)", ["--config", "vitest.e2e.config.ts"], "e2e.json", {
        ...process.env,
        SKIP_BUILD: "1",
      })
    : false,
];
fs.rmSync(reportDir, { recursive: true, force: true });
if (!results[0]) failed += 1;
if (!results[1]) failed += 1;
if (!build) failed += 1;

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((name) => `  ✗ ${name}`).join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(results.every(Boolean) && failed === 0 ? 0 : 1);
