import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../setup/server";

const PUBLIC_URL = "https://clinic.example";

/** What an ad click adds to a landing page's address: a new click id every time, plus the campaign. */
const adClick = () =>
  `gclid=${crypto.randomBytes(24).toString("base64url")}&utm_source=google&utm_medium=cpc&utm_campaign=adhd-winter-park`;

// One page of every kind the cache keeps, and the cached resources.
const CACHEABLE = [
  "/",
  "/services",
  "/therapy",
  "/insurance",
  "/medication-management",
  "/aetna",
  "/new-patients",
  "/privacy",
  "/team",
  "/team/maya-ellison",
  "/locations",
  "/locations/winter-park",
  "/blog",
  "/blog/sleep-and-mood",
  "/request-appointment",
  "/get-started",
  "/thank-you",
  "/newsletter",
  "/sitemap.xml",
  "/robots.txt",
  "/blog/rss.xml",
  "/api/treatments",
  "/api/insurance-providers",
  "/api/site-content",
];

describe("page cache", () => {
  // Renders every request (the cache keeps nothing): the reference for what a page is.
  let uncached: TestServer;
  // A small cache, so that anything that made entries out of query strings would push pages out.
  let cached: TestServer;
  beforeAll(async () => {
    // Without the last good copies (decision 0039), whose pass would read and cache every page first:
    // what these tests find cached is theirs.
    [uncached, cached] = await Promise.all([
      startServer({ env: { PUBLIC_URL, PAGE_CACHE_ENTRIES: "0", PAGE_COPIES: "off" } }),
      startServer({ env: { PUBLIC_URL, PAGE_CACHE_ENTRIES: "12", PAGE_COPIES: "off" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([uncached?.stop(), cached?.stop()]);
  });

  const fetchFrom = async (server: TestServer, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + path, { headers: { "accept-encoding": "identity", ...headers } });
    return {
      status: res.status,
      cache: res.headers.get("x-cache"),
      etag: res.headers.get("etag"),
      encoding: res.headers.get("content-encoding"),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };
  // Compressed bodies as sent (fetch would decompress them).
  const rawFrom = async (server: TestServer, path: string, encoding: string) => {
    const { default: http } = await import("node:http");
    return new Promise<{ cache?: string; etag?: string; encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(server.url + path, { headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({
              cache: res.headers["x-cache"] as string | undefined,
              etag: res.headers.etag,
              encoding: res.headers["content-encoding"],
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    });
  };

  it("renders every cacheable page byte for byte the same with tracking parameters as without", async () => {
    for (const path of CACHEABLE) {
      const bare = await fetchFrom(uncached, path);
      expect(bare.status, path).toBe(200);
      expect(bare.cache, path).toBeNull();
      const landing = await fetchFrom(uncached, `${path}?${adClick()}&fbclid=x&msclkid=y&utm_term=psychiatrist`);
      expect(landing.body.equals(bare.body), path).toBe(true);
    }
    // React Router's index parameter does not change a document either.
    expect((await fetchFrom(uncached, "/?index")).body.equals((await fetchFrom(uncached, "/")).body)).toBe(true);
  });

  it("answers ad landings with unique click ids from the cache, with the page itself", async () => {
    for (const path of ["/", "/get-started", "/request-appointment", "/medication-management"]) {
      const first = await fetchFrom(cached, `${path}?${adClick()}`);
      expect(first.cache, path).toBe("MISS");
      const reference = await fetchFrom(uncached, path);
      expect(first.body.equals(reference.body), path).toBe(true);
      for (let i = 0; i < 5; i++) {
        const landing = await fetchFrom(cached, `${path}?${adClick()}`);
        expect(landing.cache, path).toBe("HIT");
        expect(landing.etag, path).toBe(first.etag);
        expect(landing.body.equals(reference.body), path).toBe(true);
      }
      expect((await fetchFrom(cached, path)).cache, path).toBe("HIT");
    }
  });

  it("lets no query string push a page out of the cache", async () => {
    const pages = ["/services", "/insurance", "/team"];
    const etags = new Map<string, string | null>();
    for (const path of pages) {
      await fetchFrom(cached, path);
      const hit = await fetchFrom(cached, path);
      expect(hit.cache, path).toBe("HIT");
      etags.set(path, hit.etag);
    }
    // Three times the cache's 12 entries, had any of these made one.
    for (let i = 0; i < 12; i++) {
      const random = crypto.randomBytes(6).toString("hex");
      expect((await fetchFrom(cached, `/services?${random}=${i}`)).status).toBe(200);
      expect((await fetchFrom(cached, `/insurance?utm_source=${random}&index=${random}`)).status).toBe(200);
      expect((await fetchFrom(cached, `/_.data?_routes=${random}`)).status).toBe(200);
    }
    for (const path of pages) {
      const after = await fetchFrom(cached, path);
      expect(after.cache, path).toBe("HIT");
      expect(after.etag, path).toBe(etags.get(path));
    }
  });

  it("answers only-if-cached from the cache alone: a hit, or 504 with nothing drawn or counted", async () => {
    // The site audit's child asks this way first (decision 0030): the page as visitors get it, or nothing.
    const onlyCached = { "cache-control": "only-if-cached" };
    const before = await fetchFrom(cached, "/newsletter", onlyCached);
    expect(before.status).toBe(504);
    expect(before.body.length).toBe(0);
    // Still not drawn: a visitor's request is the first render.
    expect((await fetchFrom(cached, "/newsletter")).cache).toBe("MISS");
    const hit = await fetchFrom(cached, "/newsletter", onlyCached);
    expect(hit).toMatchObject({ status: 200, cache: "HIT" });
    expect(hit.body.equals((await fetchFrom(uncached, "/newsletter")).body)).toBe(true);
    // A non-canonical address is never a hit, even of a cached page.
    expect((await fetchFrom(cached, "/newsletter/", onlyCached)).status).toBe(504);
    // Without a cache there is nothing to answer from.
    expect((await fetchFrom(uncached, "/newsletter", onlyCached)).status).toBe(504);
  });

  it("renders a page once for a burst of ad clicks that all miss", async () => {
    const path = "/couples-counseling";
    const answers = await Promise.all(Array.from({ length: 16 }, () => fetchFrom(cached, `${path}?${adClick()}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.cache === "MISS")).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "HIT")).toHaveLength(15);
    const reference = await fetchFrom(uncached, path);
    for (const answer of answers) expect(answer.body.equals(reference.body)).toBe(true);
  });

  it("answers a miss compressed at once, and has brotli 11 of the same page later", async () => {
    const path = "/depression";
    const miss = await rawFrom(cached, `${path}?${adClick()}`, "br");
    expect(miss.cache).toBe("MISS");
    expect(miss.encoding).toBe("br");
    const page = (await fetchFrom(uncached, path)).body;
    expect(zlib.brotliDecompressSync(miss.body).equals(page)).toBe(true);

    const best = zlib.brotliCompressSync(page, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length },
    });
    await expect
      .poll(async () => (await rawFrom(cached, path, "br")).body.equals(best), { timeout: 30_000, interval: 100 })
      .toBe(true);

    const gzip = await rawFrom(cached, path, "gzip");
    expect(gzip).toMatchObject({ cache: "HIT", encoding: "gzip", etag: miss.etag });
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    const plain = await fetchFrom(cached, path);
    expect(plain).toMatchObject({ cache: "HIT", encoding: null, etag: miss.etag });
    expect(plain.body.equals(page)).toBe(true);

    // Revalidation and HEAD as before.
    const revalidated = await fetch(`${cached.url}${path}?${adClick()}`, { headers: { "if-none-match": miss.etag! } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${cached.url}${path}`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.headers.get("content-length")).toBe(String(page.length));
    expect(head.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("keeps React Router's data requests apart by the routes they load, and only by those", async () => {
    const requests = [
      "/_.data",
      "/_.data?index",
      `/_.data?${adClick()}`,
      "/_.data?_routes=root",
      "/_.data?_routes=routes/public/home",
      "/_.data?_routes=root,routes/public/home",
      "/_.data?_routes=routes/public/home,root,routes/public/slug-page",
      "/_.data?_routes=bogus",
      "/services.data",
      "/services.data?_routes=routes/public/slug-page",
      `/services.data?_routes=routes/public/slug-page&${adClick()}`,
      "/services.data?_routes=root",
    ];
    const bodies = new Map<string, string>();
    for (const path of requests) {
      await fetchFrom(cached, path);
      const answer = await fetchFrom(cached, path);
      expect(answer.cache, path).toBe("HIT");
      const reference = await fetchFrom(uncached, path);
      expect(reference.status, path).toBe(200);
      expect(answer.body.toString(), path).toBe(reference.body.toString());
      bodies.set(path, answer.body.toString());
    }
    // The loaders picked do change the answer: these were not folded into one entry.
    expect(bodies.get("/_.data?_routes=root")).not.toBe(bodies.get("/_.data"));
    expect(bodies.get("/_.data?_routes=routes/public/home")).not.toBe(bodies.get("/_.data?_routes=root"));
    expect(bodies.get("/services.data?_routes=root")).not.toBe(bodies.get("/services.data"));
  });
});
