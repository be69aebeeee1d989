import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../setup/database";
import { startServer, type TestServer } from "../setup/server";

const PUBLIC_URL = "https://clinic.example";

describe.each(databaseKinds())("HTTP on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ database: kind, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

  it("answers /healthz and /readyz", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe(kind);
  });

  it("serves the spec's JSON API with its field names", async () => {
    const treatments = await (await get("/api/treatments")).json();
    expect(treatments.length).toBeGreaterThan(8);
    expect(Object.keys(treatments[0]).sort()).toEqual(["icon", "id", "shortDescription", "slug", "title"]);
    const providers = await (await get("/api/insurance-providers")).json();
    expect(Object.keys(providers[0]).sort()).toEqual(["id", "logo", "name", "slug"]);
    const site = await (await get("/api/site-content")).json();
    for (const field of [
      "heroTitle",
      "heroSubtitle",
      "reviewCount",
      "reviewRating",
      "aboutText",
      "footerPhone",
      "footerEmail",
      "footerAddress",
    ]) {
      expect(site).toHaveProperty(field);
    }
    expect(site.footerPhone).toBe("(407) 555-0142");
  });

  it("answers unknown API paths with JSON 404, for reads and writes", async () => {
    const res = await get("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
    const post = await get("/api/nope", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(post.status).toBe(404);
  });

  it.each(["/no-such-page", "/a/b/c", "/services/extra/deep"])(
    "renders the not-found page with 404 for %s",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toMatch(/We couldn(&#x27;|')t find that page/);
      expect(html).toContain('<meta name="robots" content="noindex"');
    },
  );

  it("renders /{slug} for a treatment and an insurance provider, 404 otherwise", async () => {
    const treatment = await get("/medication-management");
    expect(treatment.status).toBe(200);
    expect(await treatment.text()).toContain("<h1");
    expect((await get("/aetna")).status).toBe(200);
    expect((await get("/not-a-treatment")).status).toBe(404);
  });

  it("sends the security headers", async () => {
    const res = await get("/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(res.headers.get("x-page-cache")).toBeNull();
  });

  it("serves the map panel's own page: framed by ours only, no script, nothing fetched before the visitor asks", async () => {
    // Pages may frame it (and the map service it becomes); nothing else.
    const page = (await get("/locations/orlando")).headers.get("content-security-policy")!;
    expect(page.split("; ").find((d) => d.startsWith("frame-src"))).toBe(
      "frame-src 'self' https://www.openstreetmap.org",
    );

    const res = await get("/map-frame?lat=28.54210&lng=-81.37920");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    const html = await res.text();
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/<(img|iframe|link)\b/);
    const link = html.match(/<a href="([^"]+)" rel="noreferrer">Show map<\/a>/);
    expect(link?.[1].replace(/&amp;/g, "&")).toBe(
      "https://www.openstreetmap.org/export/embed.html?bbox=-81.38720,28.53810,-81.37120,28.54610&layer=mapnik&marker=28.5421,-81.3792",
    );

    for (const query of ["", "?lat=28.5", "?lat=91&lng=0", "?lat=28.5&lng=-181", "?lat=abc&lng=1", "?lat=1e2&lng=1"]) {
      const bad = await get(`/map-frame${query}`);
      expect(bad.status, query).toBe(400);
      expect(await bad.text(), query).toMatch(/lat and lng must be decimal degrees/);
    }
  });

  it("isolates the staff area and its sign-in from the pages that open them, and only them", async () => {
    for (const path of ["/auth", "/admin", "/admin/staff"]) {
      const res = await get(path, { redirect: "manual" });
      expect(res.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
    // Public pages are the same for everyone: no new browsing context group (and renderer) on arrival.
    for (const path of ["/", "/services", "/request-appointment"]) {
      expect((await get(path)).headers.get("cross-origin-opener-policy"), path).toBeNull();
    }
  });

  it("adds HSTS when a trusted proxy says the request came over https", async () => {
    const res = await get("/", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    const api = await get("/api/treatments", { headers: { "x-forwarded-proto": "https" } });
    expect(api.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("allows every inline script of the page by its hash", async () => {
    const res = await get("/");
    const csp = res.headers.get("content-security-policy")!;
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs, body]) => body && !/src=|ld\+json/.test(attrs),
    );
    expect(inline.length).toBeGreaterThan(2);
    for (const [, , body] of inline) {
      const hash = crypto.createHash("sha256").update(body).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
  });

  it("compresses with brotli or gzip as the client accepts", async () => {
    const raw = async (encoding: string) => {
      const res = await get("/", { headers: { "accept-encoding": encoding } });
      return { encoding: res.headers.get("content-encoding"), vary: res.headers.get("vary") };
    };
    expect(await raw("br, gzip")).toMatchObject({ encoding: "br", vary: expect.stringContaining("Accept-Encoding") });
    expect(await raw("gzip")).toMatchObject({ encoding: "gzip" });
    expect((await raw("identity")).encoding).toBeNull();
    const api = await get("/api/treatments", { headers: { "accept-encoding": "gzip" } });
    expect(api.headers.get("content-encoding")).toBe("gzip");
  });

  it("serves anonymous pages from the page cache, with a 304 for a known ETag", async () => {
    await get("/");
    const hit = await get("/");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const etag = hit.headers.get("etag")!;
    const again = await get("/", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    // Cached JSON keeps its security headers too.
    await get("/api/treatments");
    const api = await get("/api/treatments");
    expect(api.headers.get("x-cache")).toBe("HIT");
    expect(api.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    // A visitor with a session is never served cached bytes.
    const withSession = await get("/", { headers: { cookie: "__session=abc" } });
    expect(withSession.headers.get("x-cache")).toBeNull();
  });

  it("caches build assets for a year and other static files briefly", async () => {
    const html = await (await get("/")).text();
    const asset = html.match(/\/assets\/[^"\s]+\.js/)![0];
    const res = await get(asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    const favicon = await get("/favicon.ico");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).not.toContain("immutable");
  });

  it("puts the page metadata and the clinic's structured data in the server HTML", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<link rel="canonical" href="https://clinic.example/"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('<meta property="og:image" content="https://clinic.example/og-default.png"');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]);
    expect(ld["@type"]).toContain("MedicalClinic");
    expect(ld).toMatchObject({ priceRange: "$$", currenciesAccepted: "USD", telephone: "(407) 555-0142" });
    expect(ld.paymentAccepted).toMatch(/Insurance/);
    expect(ld.paymentAccepted).toMatch(/Credit Card/);
    expect(ld.areaServed.name).toBe("Florida");
    expect(ld.address.postalCode).toBe("32810");
    expect(ld.openingHoursSpecification[0]).toMatchObject({ opens: "09:00", closes: "17:00" });
  });

  it("drops a trailing slash and doubled slashes in canonical links", async () => {
    const html = await (await get("/medication-management/")).text();
    expect(html).toContain('<link rel="canonical" href="https://clinic.example/medication-management"');
  });

  it("loads nothing from any other origin in the page's own markup", async () => {
    const html = await (await get("/")).text();
    const external = [...html.matchAll(/<(?:script|link|img)\b[^>]*(?:src|href)="(https?:[^"]+)"/g)].map((m) => m[1]);
    expect(external.filter((u) => !u.startsWith(PUBLIC_URL))).toEqual([]);
    expect(html).not.toMatch(/<iframe/);
  });

  it("inlines the stylesheet so the first paint waits for no CSS request", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(/<style id="site-css">[\s\S]{1000,}<\/style>/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
  });
});
