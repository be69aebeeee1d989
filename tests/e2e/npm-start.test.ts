import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyPgliteTemplate } from "../setup/database";
import { root, tmpRoot } from "../setup/paths";
import { freePort } from "../setup/server";

/**
 * A newcomer's `npm start` (issue 20): a few short lines, not the build's log,
 * before "ready at"; and stopping npm, by a signal or killed outright, stops
 * the server it started and leaves the data directory unlocked. npm itself is
 * the parent here, as in a terminal (the build is fresh, as after a first start).
 */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function npmStart(dataDir: string) {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const npm = spawn("npm", ["start"], {
    cwd: root,
    env: { ...env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(npm);
  let output = "";
  npm.stdout!.on("data", (chunk) => (output += chunk));
  npm.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
  await expect
    .poll(() => output, { timeout: 90_000, interval: 200 })
    .toContain(`"msg":"ready at http://localhost:${port}"`);
  const lock = path.join(dataDir, ".server.lock");
  const serverPid = JSON.parse(fs.readFileSync(lock, "utf8")).pid as number;
  return { npm, port, lock, serverPid, exited, output: () => output };
}

describe("npm start", () => {
  it("says what it does in a few lines, answers, and stops with npm on SIGTERM, unlocking the data directory", async () => {
    const dataDir = path.join(tmpRoot(), `npm-start-${process.pid}-${Date.now()}`);
    const run = await npmStart(dataDir);
    expect(run.serverPid).not.toBe(run.npm.pid);
    expect(isRunning(run.serverPid)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${run.port}/healthz`)).status).toBe(200);

    // npm's own two-line banner, then our log lines: JSON, as stdout is not a terminal here.
    const lines = run.output().split("\n");
    const before = lines.slice(
      0,
      lines.findIndex((line) => line.includes('"msg":"ready at')),
    );
    const ours = before.filter((line) => line.startsWith("{"));
    expect(ours.map((line) => JSON.parse(line).msg)).toEqual([
      "creating the database…",
      "SESSION_SECRET not set: generated one and stored it in the data directory",
      "loaded the demo content into a new database",
    ]);
    expect(before.filter((line) => line.trim() && !line.startsWith("{")).length).toBeLessThanOrEqual(2);
    expect(run.output()).not.toMatch(/deprecat/i);

    run.npm.kill("SIGTERM");
    await run.exited;
    await expect.poll(() => isRunning(run.serverPid), { timeout: 20_000, interval: 100 }).toBe(false);
    expect(fs.existsSync(run.lock)).toBe(false);
  });

  it("stops the server too when npm is killed outright (SIGKILL passes nothing on)", async () => {
    const run = await npmStart(copyPgliteTemplate("npm-start-kill"));
    run.npm.kill("SIGKILL");
    await run.exited;
    await expect.poll(() => isRunning(run.serverPid), { timeout: 20_000, interval: 100 }).toBe(false);
    expect(fs.existsSync(run.lock)).toBe(false);
    // The directory is free: the next start takes it.
    const again = await npmStart(run.lock.slice(0, -"/.server.lock".length));
    expect((await fetch(`http://127.0.0.1:${again.port}/healthz`)).status).toBe(200);
    again.npm.kill("SIGTERM");
    await again.exited;
    await expect.poll(() => isRunning(again.serverPid), { timeout: 20_000, interval: 100 }).toBe(false);
  });
});
