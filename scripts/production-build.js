// The production build, shared by the entry points that import the server
// bundle (server.js and scripts/staff.js): read .env, and build when the
// bundle is missing or older than the sources.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverBuild = path.join(projectRoot, "build", "server", "index.js");

/** A .env file at the project root is read when present (variables already set win). */
export function loadDotEnv() {
  const file = path.join(projectRoot, ".env");
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

function newestMtime(target) {
  let newest = 0;
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function buildIsStale() {
  const built = fs.statSync(serverBuild, { throwIfNoEntry: false });
  if (!built) return true;
  const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
  return sources.some((source) => newestMtime(path.join(projectRoot, source)) > built.mtimeMs);
}

/**
 * A line from the launcher, before the server's logger exists, shaped like the
 * server's logs: plain for a person at a terminal, JSON for a log collector.
 */
export function say(message, { output = "stdout", level = 30 } = {}) {
  const stream = output === "stderr" ? process.stderr : process.stdout;
  const time = new Date().toISOString();
  stream.write(
    stream.isTTY ? `${time.slice(11, 19)} ${message}\n` : `${JSON.stringify({ level, time, msg: message })}\n`,
  );
}

/**
 * Builds when stale, quietly: one line before and one after, the build's own
 * ~150 lines (and the deprecation warnings of its tools) only with VERBOSE=1,
 * or when it fails. `output: "stderr"` sends our lines to stderr, for a command
 * whose stdout is its answer. Resolves false when the build failed (its
 * messages are already printed). A SIGINT or SIGTERM meanwhile stops the build
 * and then this process: nothing is left building on its own.
 */
export async function buildIfStale({ output = "stdout" } = {}) {
  if (!buildIsStale()) return true;
  const verbose = Boolean(process.env.VERBOSE) && process.env.VERBOSE !== "0";
  say(
    `building the site (the build is missing or older than the sources)…${verbose ? "" : " VERBOSE=1 shows its log"}`,
    {
      output,
    },
  );
  const startedAt = Date.now();
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, "node_modules", "@react-router", "dev", "bin.js"), "build"],
    {
      cwd: projectRoot,
      stdio: ["ignore", verbose ? (output === "stderr" ? 2 : "inherit") : "pipe", verbose ? "inherit" : "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  const chunks = [];
  child.stdout?.on("data", (chunk) => chunks.push(chunk));
  child.stderr?.on("data", (chunk) => chunks.push(chunk));
  let stoppedBy;
  const stop = (signal) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
  const code = await new Promise((resolve) => child.once("close", (status) => resolve(status)));
  process.off("SIGINT", stop).off("SIGTERM", stop);
  if (stoppedBy) process.kill(process.pid, stoppedBy);
  if (code !== 0) {
    process.stderr.write(Buffer.concat(chunks));
    say("the build failed; see the messages above.", { output: "stderr", level: 50 });
    return false;
  }
  say(`built in ${Math.round((Date.now() - startedAt) / 1000)} s`, { output });
  return true;
}
