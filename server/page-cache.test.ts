import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_QUERY, PageCache, sendEntry, type CacheEntry } from "./page-cache";

describe("page cache", () => {
  const body = Buffer.from("<html>" + "hello ".repeat(500) + "</html>");
  const headers = new Headers({ "content-type": "text/html", "x-page-cache": "public", "set-cookie": "a=b" });

  it("stores compressed variants and never keeps the marker or cookies", async () => {
    const cache = new PageCache(10);
    const entry = await cache.store("/", NO_QUERY, 200, headers, body);
    expect(zlib.gunzipSync(entry.gzip).equals(body)).toBe(true);
    expect(zlib.brotliDecompressSync(entry.br).equals(body)).toBe(true);
    const names = entry.headers.map(([n]) => n);
    expect(names).not.toContain("x-page-cache");
    expect(names).not.toContain("set-cookie");
    expect(cache.get("/")).toBe(entry);
  });

  it("forgets everything when the content version changes", async () => {
    const cache = new PageCache(10);
    cache.setVersion("1");
    await cache.store("/", NO_QUERY, 200, headers, body);
    cache.setVersion("2");
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not keep a page rendered under an older version", async () => {
    const cache = new PageCache(10);
    cache.setVersion("1");
    const storing = cache.store("/", NO_QUERY, 200, headers, body);
    cache.setVersion("2");
    await storing;
    expect(cache.get("/")).toBeUndefined();
  });

  it("names the pages it holds for the current content: documents under no query, nothing else", async () => {
    const cache = new PageCache(10);
    cache.setVersion("1");
    await cache.store("/services", NO_QUERY, 200, headers, body);
    await cache.store("/blog?page=2", { query: ["page"] }, 200, headers, body);
    await cache.store("/services.data", NO_QUERY, 200, new Headers({ "content-type": "text/x-script" }), body);
    await cache.store("/feed.xml", NO_QUERY, 200, new Headers({ "content-type": "application/rss+xml" }), body);
    expect(cache.storedPages()).toEqual(["/services"]);
    cache.setVersion("2");
    expect(cache.storedPages()).toEqual([]);
  });

  it("says when it keeps nothing", () => {
    expect(new PageCache(0).enabled).toBe(false);
    expect(new PageCache(1).enabled).toBe(true);
  });

  it("holds at most its limit, dropping the oldest entry", async () => {
    const cache = new PageCache(2);
    await cache.store("/a", NO_QUERY, 200, headers, body);
    await cache.store("/b", NO_QUERY, 200, headers, body);
    await cache.store("/c", NO_QUERY, 200, headers, body);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/b")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });
});

describe("page cache keys and background compression", () => {
  const body = Buffer.from("<html>" + "hello, world ".repeat(2000) + "</html>");
  const headers = new Headers({ "content-type": "text/html", "x-page-cache": "public; query=page" });
  const PAGE = { query: ["page"] };
  const brotli11 = (bytes: Buffer) =>
    zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });

  it("finds an entry under the parameters its route declared, whatever else the query holds", async () => {
    const cache = new PageCache(10);
    const two = await cache.store("/list?page=2&gclid=abc", PAGE, 200, headers, body);
    expect(cache.lookup("/list?page=2")).toBe(two);
    expect(cache.lookup("/list?utm_source=google&page=2&utm_campaign=x&gclid=zzz")).toBe(two);
    expect(cache.lookup("/list?page=3")).toBeUndefined();
    expect(cache.lookup("/list")).toBeUndefined();
    expect(cache.size).toBe(1);
    const first = await cache.store("/list?fbclid=1", PAGE, 200, headers, body);
    expect(cache.lookup("/list?msclkid=9")).toBe(first);
    expect(cache.size).toBe(2);
  });

  it("knows nothing of a query on a path it never stored", async () => {
    const cache = new PageCache(10);
    await cache.store("/", NO_QUERY, 200, headers, body);
    expect(cache.keyOf("/other?gclid=1")).toBeUndefined();
    expect(cache.keyOf("/other")).toBe("/other");
    expect(cache.lookup("/?gclid=1")).toBeDefined();
  });

  it("answers with a quick brotli, then replaces it with brotli 11 of the same page", async () => {
    const cache = new PageCache(10);
    const stored = await cache.store("/", NO_QUERY, 200, headers, body);
    expect(zlib.brotliDecompressSync(stored.br).equals(body)).toBe(true);
    expect(zlib.gunzipSync(stored.gzip).equals(body)).toBe(true);
    await cache.idle();
    const refined = cache.get("/")!;
    expect(refined).not.toBe(stored);
    expect(refined.br.equals(brotli11(body))).toBe(true);
    expect(zlib.brotliDecompressSync(refined.br).equals(body)).toBe(true);
    expect(refined.gzip).toBe(stored.gzip);
    expect(refined.etag).toBe(stored.etag);
    expect(refined.headers).toEqual(stored.headers);
  });

  it("does not bring back an entry the content version or the limit took away while it was compressed", async () => {
    const cache = new PageCache(1);
    cache.setVersion("1");
    await cache.store("/", NO_QUERY, 200, headers, body);
    cache.setVersion("2");
    await cache.idle();
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);

    await cache.store("/a", NO_QUERY, 200, headers, body);
    await cache.store("/b", NO_QUERY, 200, headers, body);
    await cache.idle();
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/b")!.br.equals(brotli11(body))).toBe(true);
    expect(cache.size).toBe(1);
  });
});

describe("sending a cached entry", () => {
  let server: http.Server;
  let url = "";
  let entry: CacheEntry;
  beforeAll(async () => {
    entry = await new PageCache(1).store(
      "/",
      NO_QUERY,
      200,
      new Headers({ "content-type": "text/html" }),
      Buffer.from("x".repeat(2000)),
    );
    const extra: [string, string][] = [["X-Test", "1"]];
    server = http.createServer((req, res) => sendEntry(req, res, entry, extra));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const raw = (reqHeaders: Record<string, string>, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(url, { method, headers: reqHeaders }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject)
        .end();
    });

  it("prefers brotli, then gzip, then plain bytes", async () => {
    expect((await raw({ "accept-encoding": "gzip, deflate, br" })).headers["content-encoding"]).toBe("br");
    expect((await raw({ "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await raw({ "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    const plain = await raw({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBe(2000);
    expect(plain.headers["x-test"]).toBe("1");
    expect(plain.headers.vary).toBe("Accept-Encoding");
  });

  it("answers 304 to a matching If-None-Match and sends no body to HEAD", async () => {
    expect((await raw({ "if-none-match": entry.etag })).status).toBe(304);
    const head = await raw({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe("2000");
  });
});
