import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/setup/longest-first.js";

// HTTP and browser tests against the production build (`node server.js`),
// in Debian Chromium through playwright-core.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/setup/e2e-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Each file runs its own server and browser; two cores.
    maxWorkers: 2,
    fileParallelism: true,
    // Longest files first, from committed durations: the two workers end together (tests/setup/longest-first.js).
    sequence: { sequencer: LongestFirst },
  },
});
