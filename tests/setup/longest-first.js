import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BaseSequencer } from "vitest/node";

/**
 * Runs the test files longest first, so the two workers finish together.
 * Vitest orders by the durations of the machine's last run when it has them,
 * and otherwise by file size; CI's clone never has them, and by size the
 * longest e2e file (axe over every page, a small file) ran last and alone
 * for five of the run's thirty minutes. The durations are a recent run's
 * (`node scripts/test-durations.js <vitest JSON report>` rewrites them); a
 * file not listed yet counts as long, so a new one never waits at the end.
 * Plain JavaScript: both vitest configs load it as it is.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const FILE = path.join(root, "tests", "setup", "test-durations.json");
const NOT_LISTED_SECONDS = 60;

export default class LongestFirst extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    /** @type {Record<string, number>} */
    const seconds = JSON.parse(fs.readFileSync(FILE, "utf8"));
    /** @param {import("vitest/node").TestSpecification} spec */
    const of = (spec) => seconds[path.relative(root, spec.moduleId).split(path.sep).join("/")] ?? NOT_LISTED_SECONDS;
    return [...files].sort((a, b) => of(b) - of(a));
  }
}
