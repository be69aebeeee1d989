// `npm test`: typecheck, lint, unit/integration tests, then HTTP and browser
// tests against a fresh production build. Ends with one summary line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-test-"));
let passed = 0;
let failed = 0;
/** Names of the failed tests, printed again at the end: a long run's failure is otherwise far up the log. */
const failures = [];

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  return result.status === 0;
}

function vitest(title, args, report) {
  const file = path.join(reportDir, report);
  const ok = step(title, bin("vitest"), [
    "run",
    ...args,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
  ]);
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

const results = [
  step("typecheck", bin("react-router"), ["typegen"]) && step("typecheck", bin("tsc"), []),
  step("lint", bin("eslint"), ["."]),
  vitest("unit and integration tests", [], "unit.json"),
  vitest("HTTP and browser tests (production build)", ["--config", "vitest.e2e.config.ts"], "e2e.json"),
];
fs.rmSync(reportDir, { recursive: true, force: true });
if (!results[0]) failed += 1;
if (!results[1]) failed += 1;

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((name) => `  ✗ ${name}`).join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(results.every(Boolean) && failed === 0 ? 0 : 1);
