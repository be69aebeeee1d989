import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { clonePostgresTemplate, copyPgliteTemplate, type DatabaseKind } from "./database";
import { root } from "./paths";

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (`node server.js`) on a free port with its own
 * copy of the seeded database, and waits until it answers. The last good copies
 * are off unless `env` sets `PAGE_COPIES: "on"`.
 */
export async function startServer(
  options: { database?: DatabaseKind; dataDir?: string; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? copyPgliteTemplate("server");
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    // The last good copies (decision 0039) redraw every public page after each start and content change: seconds
    // of CPU that a test of something else does not need. The outage and audit tests ask for them.
    PAGE_COPIES: "off",
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.database === "postgres") env.DATABASE_URL = await clonePostgresTemplate();
  if (options.env?.DATABASE_URL) env.DATABASE_URL = options.env.DATABASE_URL;

  const child = spawn(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs server.js expecting it to fail; resolves with its exit code and output. */
export async function runServerExpectingFailure(env: Record<string, string>, timeoutMs = 30_000) {
  const child = spawn(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), NODE_ENV: "test", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output };
}
