// Rewrites tests/setup/test-durations.json, the order the test files start in
// (tests/setup/longest-first.ts), from one or more vitest JSON reports:
//   npx vitest run --reporter=json --outputFile.json=/tmp/unit.json
//   node scripts/test-durations.js /tmp/unit.json /tmp/e2e.json
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "tests", "setup", "test-durations.json");
const seconds = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, "utf8")) : {};
for (const report of process.argv.slice(2)) {
  for (const file of JSON.parse(fs.readFileSync(report, "utf8")).testResults ?? []) {
    // The report may come from another clone: the path from its app/, server/ or tests/ on.
    const name = file.name
      .split(path.sep)
      .join("/")
      .match(/\/((?:app|server|tests)\/.*)$/)?.[1];
    if (!name) continue;
    seconds[name] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
}
// Files that no longer exist are dropped.
const kept = Object.entries(seconds)
  .filter(([name]) => fs.existsSync(path.join(root, name)))
  .sort(([a], [b]) => a.localeCompare(b));
fs.writeFileSync(target, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
console.log(`${kept.length} files in ${path.relative(root, target)}`);
