// Waiting for the analytics to settle, for the benchmarks that read it: the server rolls up a year of
// closed days after its start (decision 0027), and keeps PGlite's one connection busy meanwhile.
import { log, request, round, signIn, sleep } from "./lib.js";

const OVERVIEW = "/admin/analytics";
const ROLLUP_TIMEOUT_MS = 15 * 60_000;
const seconds = (ms) => round(ms / 1000, 1);

/**
 * A number under `key` in a loader's answer: React Router's single fetch
 * (turbo-stream: one flat JSON array whose objects map "_<key index>" to
 * "<value index>"), preferably inside the object under `parent`; plain JSON
 * ("key": 3) as a fallback. Null when absent.
 */
function findNumber(body, key, parent) {
  try {
    const flat = JSON.parse(body.split("\n")[0]);
    if (Array.isArray(flat)) {
      const objects = flat.filter((e) => e && typeof e === "object" && !Array.isArray(e));
      const valueOf = (object, name) => {
        const ref = object[`_${flat.indexOf(name)}`];
        return typeof ref === "number" && ref >= 0 ? flat[ref] : undefined;
      };
      const holders = parent ? objects.map((o) => valueOf(o, parent)).filter((v) => v && typeof v === "object") : [];
      for (const object of [...holders, ...objects]) {
        const value = flat.indexOf(key) >= 0 ? valueOf(object, key) : undefined;
        if (typeof value === "number") return value;
      }
    }
  } catch {
    // not turbo-stream: try plain JSON below
  }
  const match = new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(body);
  return match ? Number(match[1]) : null;
}

/** Waits until the overview's loader says every closed day is rolled up; null with a note if it cannot say. */
export async function waitForRollups(server, cookie, label) {
  const url = `${server.url}${OVERVIEW}.data?range=12m`;
  const started = performance.now();
  let last;
  let lastLog = 0;
  for (;;) {
    // Generous: a dashboard that rolls up on request may take minutes to answer the first time.
    const res = await request(url, { headers: { cookie }, timeoutMs: ROLLUP_TIMEOUT_MS });
    if (res.status === 404) return { rollupSeconds: null, missing: `${OVERVIEW}.data answered 404` };
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    const pending = findNumber(res.body.toString(), "daysPending", "rollup");
    if (pending === null)
      return { rollupSeconds: null, missing: "no rollup.daysPending in the overview's loader data" };
    const elapsed = performance.now() - started;
    if (pending !== last || elapsed - lastLog > 30_000) {
      log(`${label}: ${pending} days waiting for their rollup, ${seconds(elapsed)} s`);
      last = pending;
      lastLog = elapsed;
    }
    if (pending === 0) return { rollupSeconds: seconds(elapsed) };
    if (elapsed > ROLLUP_TIMEOUT_MS) {
      throw new Error(`${label}: rollups still had ${pending} days pending after ${ROLLUP_TIMEOUT_MS / 60_000} min`);
    }
    await sleep(5000);
  }
}

/**
 * Signs in, trying again while the answer is 503: just after start the server rolls up a year of
 * days, and a sign-in that waits more than 5 s behind a rollup transaction on PGlite's one
 * connection says "try again in a moment".
 */
export async function signInPatiently(url, email, password, label) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signIn(url, email, password);
    } catch (error) {
      if (attempt >= 24 || !String(error).includes("503")) throw error;
      log(`${label}: sign-in answered 503 (the rollups are busy), again in 5 s`);
      await sleep(5000);
    }
  }
}
