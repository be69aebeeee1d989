import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiApp, type ApiApp } from "../setup/api-app";

// The redirect is answered by the node:http front, before the page cache and Express.
describe("redirects to canonical paths", () => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp("pglite");
  });
  afterAll(async () => {
    await app?.stop();
  });
  const send = (path: string, init: RequestInit = {}) => fetch(`${app.url}${path}`, { redirect: "manual", ...init });

  it.each([
    ["/api/treatments/", "/api/treatments"],
    ["//api//treatments", "/api/treatments"],
    ["/services/?utm_source=newsletter&a=%2F", "/services?utm_source=newsletter&a=%2F"],
    ["/team//maya-ellison/", "/team/maya-ellison"],
  ])("GET %s answers 301 to %s", async (path, target) => {
    const res = await send(path);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(target);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("");
  });

  it("answers HEAD the same way", async () => {
    const res = await send("/api/treatments/", { method: "HEAD" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/api/treatments");
  });

  it("follows through to the canonical answer", async () => {
    const res = await fetch(`${app.url}/healthz/`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${app.url}/healthz`);
  });

  it("never redirects a POST (its body would be lost)", async () => {
    const res = await app.postJson("/api/newsletter/subscribe/", { email: "a@example.com" });
    expect(res.status).not.toBe(301);
    expect(res.headers.get("location")).toBeNull();
  });

  it("leaves canonical paths and the root alone", async () => {
    // (This in-process app serves no pages: /healthz stands for any canonical path.)
    expect((await send("/healthz")).status).toBe(200);
    expect((await send("/healthz?x=/a/")).status).toBe(200);
    expect((await send("/")).headers.get("location")).toBeNull();
  });
});
