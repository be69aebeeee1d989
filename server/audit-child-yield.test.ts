import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LONGEST_STOP_MS, yieldToRequests } from "./audit-child-yield";
import { RequestsInFlight } from "./requests-in-flight";

/** A process's state letter from /proc (T: stopped; S or R: sleeping or running). */
const stateOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
};

/**
 * The audit's child stops while the server answers requests: a real process
 * (a busy loop, as a renderer is), a real HTTP server counting its requests,
 * the process's state read from /proc.
 */
describe("the audit's child yields to requests", () => {
  const requests = new RequestsInFlight();
  let server: http.Server;
  let url: string;
  let child: ChildProcess;

  beforeAll(async () => {
    // Each request is answered after the milliseconds its address asks for.
    server = http.createServer((req, res) => {
      requests.track(res);
      setTimeout(() => res.end("ok"), Number(req.url!.slice(1)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  });
  afterAll(async () => {
    child.kill("SIGKILL");
    await new Promise((resolve) => server.close(resolve));
  });

  it("is stopped while a request is answered, and goes on once it is", async () => {
    const release = yieldToRequests(child.pid!, requests);
    try {
      expect(stateOf(child.pid!)).not.toBe("T");
      const answered = fetch(`${url}/40`);
      await expect.poll(() => stateOf(child.pid!), { interval: 2, timeout: 1000 }).toBe("T");
      await answered;
      await expect.poll(() => stateOf(child.pid!), { interval: 2, timeout: 1000 }).not.toBe("T");
    } finally {
      const figures = release();
      expect(figures.stops).toBeGreaterThanOrEqual(1);
      expect(figures.stoppedMs).toBeGreaterThan(0);
    }
  });

  it(`is never stopped longer than ${LONGEST_STOP_MS} ms, however long the server stays busy`, async () => {
    const release = yieldToRequests(child.pid!, requests);
    try {
      const answered = fetch(`${url}/600`);
      await expect.poll(() => stateOf(child.pid!), { interval: 2, timeout: 1000 }).toBe("T");
      const stoppedAt = performance.now();
      await expect.poll(() => stateOf(child.pid!), { interval: 2, timeout: 1000 }).not.toBe("T");
      // Let go well before the request's end (at 600 ms).
      expect(performance.now() - stoppedAt).toBeLessThan(400);
      await answered;
    } finally {
      release();
    }
  });

  it("goes on when released, even mid-request, and is not stopped again", async () => {
    const release = yieldToRequests(child.pid!, requests);
    const answered = fetch(`${url}/300`);
    await expect.poll(() => stateOf(child.pid!), { interval: 2, timeout: 1000 }).toBe("T");
    release();
    expect(stateOf(child.pid!)).not.toBe("T");
    await fetch(`${url}/30`);
    expect(stateOf(child.pid!)).not.toBe("T");
    await answered;
  });

  it("asks nothing of a process that has gone", async () => {
    const gone = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => gone.once("exit", resolve));
    const release = yieldToRequests(gone.pid!, requests);
    await fetch(`${url}/5`);
    expect(release()).toEqual({ stops: 0, stoppedMs: 0 });
  });
});
