import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HERO_LEAD, postLead } from "../setup/leads";
import { startServer, type TestServer } from "../setup/server";

/**
 * 10,000+ random and malformed requests across every write endpoint: none may
 * answer 5xx, and the server must still work afterwards. The generator is
 * seeded; a failure prints the seed and the request that caused it.
 */

/**
 * Each endpoint with its share of the requests. A form endpoint's refusal is a
 * whole page rendered again with its messages (~10 times the work of a JSON
 * 400), so the JSON endpoints, which take any client's body, get four shares
 * each and the forms one: every form still gets about 470 random bodies, and
 * the run fits in CI's time on two cores (an even split took 190 s there and
 * over 300 s under load).
 */
const ENDPOINTS = [
  { path: "/api/leads", kind: "json", weight: 4 },
  { path: "/api/newsletter/subscribe", kind: "json", weight: 4 },
  { path: "/api/analytics/page-view", kind: "json", weight: 4 },
  { path: "/api/analytics/event", kind: "json", weight: 4 },
  { path: "/?index", kind: "form", weight: 1 },
  { path: "/request-appointment", kind: "form", weight: 1 },
  { path: "/get-started", kind: "form", weight: 1 },
  { path: "/newsletter", kind: "form", weight: 1 },
  { path: "/newsletter/unsubscribe?token=abc", kind: "form", weight: 1 },
  { path: "/auth", kind: "form", weight: 1 },
] as const;
const WEIGHTED = ENDPOINTS.flatMap((endpoint) => Array.from({ length: endpoint.weight }, () => endpoint));

const TOTAL = Number(process.env.FUZZ_TOTAL ?? 10_500);
const CONCURRENCY = 8;

/** mulberry32: small, fast, seedable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "service",
  "formType",
  "source",
  "smsOptIn",
  "attribution",
  "website",
  "path",
  "userAgent",
  "referrer",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "gclid",
  "eventType",
  "eventCategory",
  "eventLabel",
  "value",
  "name",
  "details",
  "visitType",
  "telehealthInFlorida",
  "insurance",
  "insuranceOther",
  "location",
  "note",
  "contactConsent",
  "token",
  "List-Unsubscribe",
  "__proto__",
  "constructor",
  "prototype",
];

const STRINGS = [
  "",
  " ",
  "hero",
  "phone_click",
  "appointment",
  "get_started",
  "telehealth",
  "on",
  "web_vital",
  "LCP",
  "/",
  "/thank-you",
  "//evil.example",
  "/?q=1",
  "a@b.co",
  "not-an-email",
  "(407) 555-0100",
  "+1 407 555 0100",
  "true",
  "false",
  "null",
  "0",
  "-1",
  "NaN",
  "Infinity",
  "\u0000",
  "\ud800",
  "🙂".repeat(50),
  "<script>alert(1)</script>",
  "'; drop table leads; --",
  "%00%ff",
  "x".repeat(5000),
  "\r\nSet-Cookie: a=b",
  "ä".repeat(300),
];

function generator(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const value = (depth: number): unknown => {
    const r = random();
    if (r < 0.35) return pick(STRINGS);
    if (r < 0.45) return Math.floor(random() * 2 ** 40) * (random() < 0.5 ? -1 : 1) * (random() < 0.2 ? 0.5 : 1);
    if (r < 0.5) return random() < 0.5;
    if (r < 0.55) return null;
    if (depth > 3) return pick(STRINGS);
    if (r < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    return object(depth + 1);
  };
  const object = (depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const n = Math.floor(random() * 10);
    for (let i = 0; i < n; i++) {
      const key = random() < 0.85 ? pick(FIELDS) : pick(STRINGS).slice(0, 40);
      out[key] = value(depth);
    }
    return out;
  };
  const validLead = () => ({ ...HERO_LEAD, firstName: "Fuzz", lastName: "Case", email: "fuzz@example.com" });
  const validAppointment = () => ({
    ...validLead(),
    formType: "appointment",
    source: "/request-appointment",
    details: {
      preferredContact: "phone",
      preferredTime: "any",
      patientStatus: "new",
      visitType: "in_person",
      location: "winter-park",
      insurance: "aetna",
      contactConsent: true,
    } as Record<string, unknown>,
  });

  return function next(): { path: string; headers: Record<string, string>; body: Buffer } {
    const endpoint = pick(WEIGHTED);
    const r = random();
    let body: string | Buffer;
    let type: string | undefined = endpoint.kind === "json" ? "application/json" : "application/x-www-form-urlencoded";
    if (r < 0.3) {
      // A near-valid body with one field (or one of an appointment's details) broken.
      const base: Record<string, unknown> = random() < 0.7 ? validLead() : validAppointment();
      const target = base.details && random() < 0.5 ? (base.details as Record<string, unknown>) : base;
      target[pick(FIELDS)] = value(0);
      body = JSON.stringify(base);
    } else if (r < 0.55) {
      body = JSON.stringify(random() < 0.8 ? object(0) : value(0));
    } else if (r < 0.7) {
      // Broken JSON: a valid document cut short or with bytes flipped.
      const whole = Buffer.from(JSON.stringify(object(0)));
      const cut = whole.subarray(0, Math.floor(random() * whole.length));
      if (cut.length && random() < 0.5) cut[Math.floor(random() * cut.length)] = Math.floor(random() * 256);
      body = cut;
    } else if (r < 0.82) {
      // Form encodings, right and wrong.
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(object(0))) params.append(k, typeof v === "string" ? v : JSON.stringify(v));
      body = params.toString();
      type = random() < 0.7 ? "application/x-www-form-urlencoded" : "application/json";
    } else if (r < 0.88) {
      body = `--x\r\nContent-Disposition: form-data; name="${pick(FIELDS)}"\r\n\r\n${pick(STRINGS)}\r\n${random() < 0.5 ? "--x--" : ""}`;
      type = pick(["multipart/form-data; boundary=x", "multipart/form-data", "multipart/form-data; boundary="]);
    } else if (r < 0.93) {
      body = Buffer.from(Array.from({ length: Math.floor(random() * 2000) }, () => Math.floor(random() * 256)));
      type = pick([
        undefined,
        "text/plain",
        "application/octet-stream",
        "application/json; charset=latin1",
        "image/png",
      ]);
    } else if (r < 0.97) {
      // Far past every limit.
      body = JSON.stringify({ ...validLead(), lastName: "y".repeat(33_000 + Math.floor(random() * 30_000)) });
    } else {
      body = "";
      type = pick([undefined, "application/json"]);
    }
    const headers: Record<string, string> = {};
    if (type) headers["content-type"] = type;
    if (random() < 0.05) headers["content-encoding"] = pick(["gzip", "br", "identity", "bogus"]);
    if (random() < 0.05) headers["sec-fetch-site"] = pick(["cross-site", "same-site", "same-origin", "none", "junk"]);
    return {
      path: endpoint.path,
      headers,
      body: Buffer.isBuffer(body) ? body : Buffer.from(body),
    };
  };
}

function send(
  server: TestServer,
  agent: http.Agent,
  req: { path: string; headers: Record<string, string>; body: Buffer },
) {
  return new Promise<number>((resolve, reject) => {
    const r = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: req.path,
        agent,
        headers: { ...req.headers, "content-length": String(req.body.length) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    r.on("error", reject);
    // An endpoint that never answers is as bad as a 500.
    r.setTimeout(10_000, () => r.destroy(new Error("no answer within 10 s")));
    r.end(req.body);
  });
}

describe("fuzzing every write endpoint", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      env: { RATE_LIMIT_FORMS: "100000000", RATE_LIMIT_ANALYTICS: "100000000", LOG_LEVEL: "warn" },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`answers ${TOTAL} random and malformed bodies without a single 5xx, and keeps working`, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    const next = generator(rng(seed));
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    const worker = async () => {
      while (sent < TOTAL) {
        sent++;
        const req = next();
        let status: number;
        try {
          status = await send(server, agent, req);
        } catch (error) {
          // The server may close a connection after refusing an oversized body mid-upload.
          if (req.body.length > 32 * 1024) continue;
          failures.push(
            `${req.path} ${JSON.stringify(req.headers)} ${req.body.subarray(0, 200).toString("latin1")}: ${error}`,
          );
          continue;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          failures.push(
            `${status} ${req.path} ${JSON.stringify(req.headers)} ${req.body.subarray(0, 300).toString("latin1")}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();

    // The server's own account of a 5xx (its error lines) beside the request that caused it.
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line))
      .slice(0, 5);
    expect(
      failures.slice(0, 10),
      `seed ${seed}; statuses ${JSON.stringify([...statuses])}; the server said:\n${errors.join("\n")}`,
    ).toEqual([]);
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(answered).toBeGreaterThanOrEqual(TOTAL - 500);
    // The fuzz reached real handlers, not only the front door.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(1000);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const lead = await postLead(server.url, {
      ...HERO_LEAD,
      firstName: "After",
      lastName: "Fuzz",
      email: "after.fuzz@example.com",
    });
    expect(lead.status).toBe(201);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 300_000);
});
