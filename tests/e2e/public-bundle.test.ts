import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { root } from "../setup/paths";

/**
 * The staff area grows page by page; the public pages must not pay for it
 * (ARCHITECTURE §8: staff code loads only on staff routes). Read from the
 * production build's own route manifest, the scripts each public route
 * loads (the entry, the root, the route and their static imports) hold
 * nothing of the staff area's libraries or words, the home page's script
 * stays within the budget of decision 0008, and no public route's script
 * grows past the figure recorded for it below.
 */
interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  parentId?: string;
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const clientDir = path.join(root, "build", "client");

function readManifest(): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no React Router manifest in build/client/assets");
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const manifest = readManifest();
const isStaffRoute = (id: string) => id.startsWith("routes/admin/");
const publicRoutes = Object.values(manifest.routes).filter((route) => !isStaffRoute(route.id) && route.id !== "root");

/** Every script a first visit to a route loads: the entry, the root, the route, and what each imports. */
function scriptsOf(route: ManifestRoute): string[] {
  const root = manifest.routes.root!;
  return [
    ...new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      root.module,
      ...(root.imports ?? []),
      route.module,
      ...(route.imports ?? []),
    ]),
  ];
}
const read = (url: string) => fs.readFileSync(path.join(clientDir, url), "utf8");

/** A route's first-load script as this file counts it: each of scriptsOf's files at gzip level 9, summed. */
const firstLoadGzipBytes = (route: ManifestRoute) =>
  scriptsOf(route).reduce((sum, url) => sum + zlib.gzipSync(read(url), { level: 9 }).length, 0);

/**
 * Every script a route may ever load: the above, and what each of them
 * imports, at once or later by import() (a section loaded when scrolled to,
 * say), followed through the files themselves.
 */
function everyScriptOf(route: ManifestRoute): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    const text = read(url);
    found.set(url, text);
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g))
      visit(`/assets/${match[1]}`);
  };
  scriptsOf(route).forEach(visit);
  return found;
}

/**
 * Strings that survive minification and belong to staff code only: the
 * chart library's class names, the table library's option names, the staff
 * pages' own words.
 */
const STAFF_MARKERS = [
  "recharts-wrapper",
  "recharts-surface",
  "getCoreRowModel",
  "manualPagination",
  "Lead insights",
  "Find a person",
  "Export leads as CSV",
  "Became a patient",
];

/**
 * The home page's compressed script before the staff area grew (143,788 bytes at gzip 9, measured
 * on the build of 4e0cc79, 2026-11-25), with 1 KB of room for the public site's own changes.
 */
const HOME_BUDGET_GZIP_BYTES = 144_800;

/**
 * Every public route's first-load script in bytes (firstLoadGzipBytes: gzip level 9, Node 20.20's zlib,
 * of the entry, the root, the route and their static imports, from the production build's manifest),
 * measured on the build of 90095e2, 2026-11-26. A route may not grow past its figure: the public pages'
 * JavaScript must not grow (ARCHITECTURE §8, decision 0008). Issue 16's page settings had grown every
 * route with a meta by 70 to 108 bytes over 6098c95 (home 143,875 -> 143,983); the savings logged in
 * decision 0008 (2026-11-26) brought each back under its 6098c95 size, to these figures (6098c95 in
 * brackets): home 143,872 (143,875), sign-in 142,178 (142,308), request-appointment 141,537 (141,673),
 * blog-page 140,233 (140,345), blog 140,229 (140,341), blog-post 140,143 (140,254), get-started
 * 139,947 (140,078), slug-page 136,997 (137,110), team-member 135,309 (135,422), location 135,229
 * (135,339), newsletter 134,046 (134,161), thank-you 132,850 (132,970), newsletter-unsubscribe 132,229
 * (132,348); the routes without a script of their own, the same as then.
 *
 * Lower a figure when a change makes a route smaller. Raise one only with a dated entry in decision
 * 0008's log saying why. Any change to a public chunk also changes its file name, which its importers
 * spell in their import statements: that alone can move a route by a byte or two either way.
 */
const FIRST_LOAD_GZIP_BYTES: Record<string, number> = {
  "routes/public/home": 143_872,
  "routes/auth/sign-in": 142_178,
  "routes/public/request-appointment": 141_537,
  "routes/public/blog-page": 140_233,
  "routes/public/blog": 140_229,
  "routes/public/blog-post": 140_143,
  "routes/public/get-started": 139_947,
  "routes/public/slug-page": 136_997,
  "routes/public/team-member": 135_309,
  "routes/public/location": 134_822,
  "routes/public/newsletter": 134_046,
  "routes/public/thank-you": 132_850,
  "routes/public/newsletter-unsubscribe": 132_229,
  "routes/public/not-found": 130_563,
  // No script of their own (resource routes): the entry and the root only.
  "routes/public/blog-rss": 130_403,
  "routes/public/media": 130_403,
  "routes/seo/robots-txt": 130_403,
  "routes/seo/sitemap-xml": 130_403,
  "routes/api/site-content": 130_403,
  "routes/api/treatments": 130_403,
  "routes/api/insurance-providers": 130_403,
  "routes/api/leads": 130_403,
  "routes/api/newsletter-subscribe": 130_403,
  "routes/api/login": 130_403,
  "routes/api/logout": 130_403,
  "routes/api/user": 130_403,
  "routes/api/not-found": 130_403,
};

describe("the public pages' JavaScript", () => {
  it("finds the public routes and the staff routes in the build's manifest", () => {
    expect(publicRoutes.map((route) => route.id)).toContain("routes/public/home");
    expect(Object.keys(manifest.routes).filter(isStaffRoute)).toContain("routes/admin/leads");
  });

  it.each(publicRoutes.map((route) => [route.id, route] as const))(
    "%s loads nothing of the staff area, at once or later",
    (_id, route) => {
      for (const [url, code] of everyScriptOf(route)) {
        for (const marker of STAFF_MARKERS) expect(code.includes(marker), `${url} holds "${marker}"`).toBe(false);
      }
    },
  );

  it("the staff pages do load them (so the markers above would catch a leak)", () => {
    const inbox = [...everyScriptOf(manifest.routes["routes/admin/leads"]!).values()].join("\n");
    expect(inbox).toContain("getCoreRowModel");
    expect(inbox).toContain("Find a person");
    const report = [...everyScriptOf(manifest.routes["routes/admin/lead-insights"]!).values()].join("\n");
    expect(report).toContain("recharts-surface");
    expect(report).toContain("Lead insights");
  });

  it("keeps the home page's script within its budget", () => {
    expect(firstLoadGzipBytes(manifest.routes["routes/public/home"]!)).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
  });

  it("has a recorded figure for every public route, and only for them", () => {
    expect(Object.keys(FIRST_LOAD_GZIP_BYTES).sort()).toEqual(publicRoutes.map((route) => route.id).sort());
  });

  it.each(publicRoutes.map((route) => [route.id, route] as const))(
    "%s loads no more script than its recorded figure",
    (id, route) => {
      const recorded = FIRST_LOAD_GZIP_BYTES[id];
      expect(recorded, `no recorded figure for ${id}`).toBeDefined();
      expect(firstLoadGzipBytes(route), `${id}: gzip bytes of its first-load scripts`).toBeLessThanOrEqual(recorded!);
    },
  );
});
