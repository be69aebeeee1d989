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

/** Decision 0008's figure for the home page's compressed script, with a little room for the public site's own changes. */
const HOME_BUDGET_GZIP_BYTES = 160_000;

describe("the public pages' JavaScript", () => {
  it("finds the public routes and the staff routes in the build's manifest", () => {
    expect(publicRoutes.map((route) => route.id)).toContain("routes/public/home");
    expect(Object.keys(manifest.routes).filter(isStaffRoute)).toContain("routes/admin/leads");
  });

  it.each(publicRoutes.map((route) => [route.id, route] as const))(
    "%s loads nothing of the staff area",
    (_id, route) => {
      for (const url of scriptsOf(route)) {
        const code = read(url);
        for (const marker of STAFF_MARKERS) expect(code.includes(marker), `${url} holds "${marker}"`).toBe(false);
      }
    },
  );

  it("a staff page does load them (so the markers above would catch a leak)", () => {
    const code = scriptsOf(manifest.routes["routes/admin/leads"]!).map(read).join("\n");
    expect(code).toContain("getCoreRowModel");
    expect(code).toContain("Find a person");
  });

  it("keeps the home page's script within its budget", () => {
    const bytes = scriptsOf(manifest.routes["routes/public/home"]!).reduce(
      (sum, url) => sum + zlib.gzipSync(read(url), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
  });
});
