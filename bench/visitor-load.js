// Visitors' requests at a steady rate, from a thread of their own.
//
// A benchmark that times visitors' answers while it also does other work (reading the server's log
// every 20 ms, fetching a staff page, reading /proc) must not time them on the same event loop: an
// answer that arrives while that loop is busy is stamped late, and the visitors seem slower only in
// the window where the benchmark is busiest. Here the requests are sent and timed in a worker
// thread that does nothing else.
//
//   const load = startVisitorLoad(url, paths, { rate: 50 });   … const figures = await load.stop();
//   const figures = await visitorLoad(url, paths, { rate: 50, ms: 10_000 });
import http from "node:http";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

// bench/lib.js's own percentile (interpolated between ranks), so the figures compare with the others;
// lib.js itself is not imported here, as it installs the process's exit and signal handlers.
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const [low, high] = [Math.floor(rank), Math.ceil(rank)];
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
};
const round = (value, digits = 2) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/** Starts the load; `stop()` ends it and resolves with its figures. */
export function startVisitorLoad(url, paths, { rate, samples = false }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, paths, rate, samples } });
  const result = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const figures = await result;
      await worker.terminate();
      return figures;
    },
  };
}

/** The load for `ms` milliseconds. */
export async function visitorLoad(url, paths, { rate, ms }) {
  const load = startVisitorLoad(url, paths, { rate });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return load.stop();
}

/**
 * The worker: GET requests in an open loop (one every 1000/rate ms whatever the answers' speed) over
 * the paths in turn, each timed from sending to its last byte, until told to stop.
 */
async function run({ url, paths, rate, samples }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const times = [];
  // With `samples`: each answer's sending time (ms since the epoch) and duration, to split the window later.
  const timed = [];
  let errors = 0;
  let sent = 0;
  let done = false;
  parentPort.once("message", () => (done = true));
  const started = performance.now();
  const inFlight = new Set();
  const one = (target) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const sentAt = Date.now();
      const req = http.get(`${url}${target}`, { agent, headers: { "accept-encoding": "br" } }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) {
            times.push(performance.now() - t0);
            if (samples) timed.push([sentAt, round(performance.now() - t0, 3)]);
          } else errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  while (!done) {
    const wait = started + (sent * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done) break;
    const p = one(paths[sent % paths.length]);
    inFlight.add(p);
    p.then(() => inFlight.delete(p));
    sent++;
  }
  await Promise.all(inFlight);
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  parentPort.postMessage({
    requests: times.length,
    errors,
    seconds: round(seconds, 1),
    achievedRate: round(times.length / seconds, 1),
    medianMs: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    ...(samples ? { samples: timed } : {}),
  });
}

if (!isMainThread && workerData?.paths) void run(workerData);
