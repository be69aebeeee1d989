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
 * nothing of the staff area's libraries or words, and the home page's
 * script stays within the budget of decision 0008.
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
    const bytes = scriptsOf(manifest.routes["routes/public/home"]!).reduce(
      (sum, url) => sum + zlib.gzipSync(read(url), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
  });
});
