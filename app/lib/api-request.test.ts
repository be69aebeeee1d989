import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiRequest } from "./api-request";
import { createQueryClient, getQueryFn } from "./query-client";

/** A real loopback server standing in for the site's API. */
let server: http.Server;
let base = "";
const hits: { method: string; url: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hits.push({ method: req.method!, url: req.url!, type: req.headers["content-type"], body });
      const path = req.url!;
      if (path === "/ok") return res.writeHead(200, { "content-type": "application/json" }).end('{"value":1}');
      if (path === "/unauthorized") return res.writeHead(401).end("Not signed in");
      if (path === "/empty-error") return res.writeHead(503).end();
      if (path === "/text-error") return res.writeHead(400).end('{"error":"Bad email"}');
      res.writeHead(404).end("nope");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits.length = 0;
});

describe("apiRequest (spec §7, §8)", () => {
  it("sends JSON bodies with a JSON content type", async () => {
    const res = await apiRequest("POST", `${base}/ok`, { email: "a@example.com" });
    expect(await res.json()).toEqual({ value: 1 });
    expect(hits[0]).toMatchObject({ method: "POST", type: "application/json", body: '{"email":"a@example.com"}' });
  });

  it("sends no body or content type without data", async () => {
    await apiRequest("GET", `${base}/ok`);
    expect(hits[0].type).toBeUndefined();
    expect(hits[0].body).toBe("");
  });

  it("throws '{status}: {body}' for any non-success response", async () => {
    await expect(apiRequest("POST", `${base}/text-error`, {})).rejects.toThrow('400: {"error":"Bad email"}');
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/empty-error`)).rejects.toThrow("503: Service Unavailable");
  });
});

describe("query defaults (spec §9)", () => {
  it("treats 401 as null where asked, and as an error otherwise", async () => {
    const client = createQueryClient();
    const user = await client.fetchQuery({
      queryKey: [`${base}/unauthorized`],
      queryFn: getQueryFn({ on401: "returnNull" }),
    });
    expect(user).toBeNull();
    await expect(createQueryClient().fetchQuery({ queryKey: [`${base}/unauthorized`] })).rejects.toThrow(
      "401: Not signed in",
    );
  });

  it("never retries a failed query or mutation", async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [`${base}/empty-error`] })).rejects.toThrow("503");
    expect(hits.filter((h) => h.url === "/empty-error")).toHaveLength(1);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest("POST", `${base}/empty-error`, {}),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow("503");
    expect(hits.filter((h) => h.url === "/empty-error")).toHaveLength(2);
  });

  it("keeps results fresh forever: a second read makes no request", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: [`${base}/ok`] });
    await client.fetchQuery({ queryKey: [`${base}/ok`] });
    expect(hits.filter((h) => h.url === "/ok")).toHaveLength(1);
  });

  it("never refetches on focus or on an interval", () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.refetchInterval).toBe(false);
    expect(defaults.staleTime).toBe(Infinity);
  });
});
