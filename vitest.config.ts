import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/setup/longest-first.js";

// Unit and integration tests (Node). Browser and HTTP tests against the
// production build live in vitest.e2e.config.ts.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global-setup.ts"],
    // PGlite opens in ~0.4 s and each database test file gets its own copy.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // Longest files first, from committed durations: the two workers end together (tests/setup/longest-first.js).
    sequence: { sequencer: LongestFirst },
  },
});
