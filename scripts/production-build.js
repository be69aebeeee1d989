// The production build, shared by the entry points that import the server
// bundle (server.js and scripts/staff.js): read .env, and build when the
// bundle is missing or older than the sources.
import { spawnSync } from "node:child_process";
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
 * Builds when stale. `output: "stderr"` sends the build's messages to stderr,
 * for a command whose stdout is its answer. Returns false when the build failed
 * (its messages are already printed).
 */
export function buildIfStale({ output = "stdout" } = {}) {
  if (!buildIsStale()) return true;
  const log = output === "stderr" ? console.error : console.log;
  log("Building the site (the build is missing or older than the sources)…");
  const fd = output === "stderr" ? 2 : "inherit";
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules", "@react-router", "dev", "bin.js"), "build"],
    {
      cwd: projectRoot,
      stdio: ["ignore", fd, "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    return false;
  }
  return true;
}
