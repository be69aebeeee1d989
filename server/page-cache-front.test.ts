import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publicCacheHeadersReading } from "~/lib/page-cache-marker";
import { PageCache, sendEntry } from "./page-cache";
import { createPageCacheFront } from "./page-cache-front";
import { storeAndSend } from "./page-cache-miss";

/**
 * The front's cache step over real HTTP, with a small stand-in for React
 * Router behind it: /list reads the query parameter `page` and declares it,
 * /plain reads none, anything else is a 404. Renders can be held open, so a
 * burst of requests provably arrives while the first one is still rendering.
 */
describe("the page-cache front", () => {
  let server: http.Server;
  let base = "";
  let cache: PageCache;
  let renders: string[];
  let arrived: number;
  let held: Promise<void> | undefined;
  let release: () => void = () => {};

  const HIT_HEADERS: readonly [string, string][] = Object.freeze([["X-Cache", "HIT"]] as [string, string][]);

  const render = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    renders.push(req.url!);
    await held;
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/list" || url.pathname === "/plain") {
      const reads = url.pathname === "/list" ? ["page"] : [];
      const page = url.pathname === "/list" ? `page ${url.searchParams.get("page") ?? 1}` : "plain";
      const response = new Response(`<html>${page}</html>`, {
        headers: { "content-type": "text/html", ...publicCacheHeadersReading(reads) },
      });
      await storeAndSend(cache, req, res, response);
      return;
    }
    res.writeHead(404).end("not here");
  };

  beforeAll(async () => {
    const front = createPageCacheFront({
      cache: (cache = new PageCache(3)),
      sendHit: (req, res, entry) => sendEntry(req, res, entry, HIT_HEADERS),
      render: (req, res) => void render(req, res),
    });
    server = http.createServer((req, res) => {
      arrived++;
      front(req, res);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    cache.clear();
    renders = [];
    arrived = 0;
    held = undefined;
  });

  const get = async (path: string) => {
    const res = await fetch(base + path);
    return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
  };
  const hold = () => (held = new Promise<void>((r) => (release = r)));
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((r) => setImmediate(r));
  };

  it("serves ad landings with unique click ids from the entry of the bare path", async () => {
    expect((await get("/plain?gclid=first&utm_source=google")).cache).toBe("MISS");
    for (let i = 0; i < 20; i++) {
      const answer = await get(`/plain?gclid=${i}-${Math.random()}&utm_source=google&utm_campaign=c${i}`);
      expect(answer).toEqual({ status: 200, cache: "HIT", body: "<html>plain</html>" });
    }
    expect((await get("/plain")).cache).toBe("HIT");
    expect(renders).toHaveLength(1);
  });

  it("keeps one entry per value of a declared parameter", async () => {
    expect(await get("/list?page=2&gclid=a")).toMatchObject({ cache: "MISS", body: "<html>page 2</html>" });
    expect(await get("/list?utm_source=x&page=2")).toMatchObject({ cache: "HIT", body: "<html>page 2</html>" });
    expect(await get("/list?page=3&gclid=b")).toMatchObject({ cache: "MISS", body: "<html>page 3</html>" });
    expect(await get("/list?fbclid=c")).toMatchObject({ cache: "MISS", body: "<html>page 1</html>" });
    expect(await get("/list")).toMatchObject({ cache: "HIT", body: "<html>page 1</html>" });
    expect(renders).toHaveLength(3);
  });

  it("never lets random query strings push a page out", async () => {
    await get("/plain");
    await get("/list?page=2");
    for (let i = 0; i < 30; i++) {
      expect((await get(`/plain?${Math.random().toString(36).slice(2)}=${i}`)).cache).toBe("HIT");
      expect((await get(`/list?page=2&r=${Math.random()}`)).cache).toBe("HIT");
    }
    expect(cache.size).toBe(2);
    expect(renders).toHaveLength(2);
  });

  it("renders once for a burst of misses on a page it has never seen", async () => {
    hold();
    const burst = Array.from({ length: 12 }, (_, i) => get(`/plain?gclid=burst-${i}`));
    await until(() => arrived === 12);
    release();
    const answers = await Promise.all(burst);
    expect(renders).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "MISS")).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "HIT")).toHaveLength(11);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(["<html>plain</html>"]));
  });

  it("renders once per entry when the parameters are known, and each value separately", async () => {
    await get("/list?page=1");
    cache.clear(); // as a content change does: the rule stays, the entries go
    renders = [];
    arrived = 0;
    hold();
    const burst = [2, 2, 3, 2, 3, 2].map((page, i) => get(`/list?page=${page}&gclid=${i}`));
    await until(() => arrived === 6);
    release();
    const answers = await Promise.all(burst);
    expect(renders.sort()).toEqual(["/list?page=2&gclid=0", "/list?page=3&gclid=2"]);
    expect(answers.map((a) => a.body)).toEqual([2, 2, 3, 2, 3, 2].map((p) => `<html>page ${p}</html>`));
  });

  it("does not hold back requests for what it cannot keep", async () => {
    hold();
    const burst = Array.from({ length: 5 }, (_, i) => get(`/missing?i=${i}`));
    await until(() => arrived === 5);
    release();
    const answers = await Promise.all(burst);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect(renders).toHaveLength(5);
    // Known as uncacheable now: the next ones render straight away.
    expect((await get("/missing")).status).toBe(404);
    expect(renders).toHaveLength(6);
  });
});
