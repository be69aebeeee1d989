import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which feature may import which (app/features/<name>/). A feature imports
 * its own files, the layers below (app/lib, app/db, app/components,
 * app/document, the router context) and only the features listed here. The
 * list must stay a one-way graph: the check below refuses a circle, so a new
 * two-way need is a sign that a piece belongs lower down (docs/decisions/0021).
 */
const FEATURE_IMPORTS = {
  analytics: [],
  auth: [],
  content: [],
  newsletter: [],
  consent: ["analytics"],
  leads: ["analytics"],
  seo: ["content"],
  pages: ["content", "images", "seo"],
  // The featured image's markup, made on the server (images).
  blog: ["content", "images", "pages", "seo"],
  appointment: ["content", "leads", "seo"],
  home: ["content", "leads", "pages"],
  // The public frame: header, footer (with the newsletter box), consent choices.
  site: ["analytics", "consent", "content", "newsletter", "seo"],
  dashboard: ["leads"],
  // The lead settings page and the daily jobs (retention, the overdue digest).
  "lead-upkeep": ["auth", "leads"],
  // The analytics retention: the daily-job claims of lead-upkeep, the audit trail.
  "analytics-upkeep": ["auth", "lead-upkeep"],
  "lead-report": ["auth", "leads"],
  // The analytics dashboard: bot counts of the ingestion; its settings page saves the retention, audited.
  "web-analytics": ["analytics", "analytics-upkeep", "auth"],
  account: ["auth", "content"],
  audit: ["auth"],
  "staff-accounts": ["auth"],
  "staff-area": ["auth"],
  "lead-inbox": ["analytics", "auth", "leads"],
  "lead-record": ["auth", "leads"],
  // Search optimisation (issue 16). What a page says to a search engine, read off its HTML: widths in a
  // result, the facts of a rendered page. The section's frame (its views).
  "seo-text": [],
  "seo-staff": [],
  // Redirects and the 404 monitor: the analytics' bot check, the audit trail, the section's frame.
  "seo-redirects": ["analytics", "auth", "seo-staff"],
  // Search Console's exports, imported and reported: the audit trail, the staff guard, the section's frame.
  "search-console": ["auth", "seo-staff"],
  // Per-page search settings: the audit trail, the content version, the public metadata and sitemap (seo), the
  // section's frame, the SERP widths and the facts of a rendered page.
  "seo-page-settings": ["auth", "content", "seo", "seo-staff", "seo-text"],
  // The site audit: reads pages with seo-text, the speed figures of the analytics dashboard (in its time
  // zone), the daily-job claims of lead-upkeep, the audit trail, the section's frame.
  "seo-audit": ["analytics-upkeep", "auth", "lead-upkeep", "seo-staff", "seo-text", "web-analytics"],
  // Google Ads performance (issue 17): the audit trail, the staff guard; visits per campaign from the
  // analytics dashboard's daily figures, in the days of its time-zone setting.
  "ad-performance": ["analytics-upkeep", "auth", "web-analytics"],
  // The measurement set-up (issue 17): the section's frame, the audit trail, the consent feature's settings
  // and plan (the live check runs the browser's own), the content version, the sitemap's page list.
  "ads-setup": ["ad-performance", "auth", "consent", "content", "seo"],
  // The blog draft generator (issue 18): the clinic facts from content, the audit trail and the staff guard.
  "blog-generator": ["auth", "content"],
  // The checks on every blog draft (issue 18): the keyphrase and readability checks of seo-text, the
  // blog-approve permission for overrides and the audit action.
  "draft-checks": ["auth", "seo-text"],
  // Uploaded images (issues 18 and 19): the images permission, the audit trail.
  images: ["auth"],
  // The blog's staff side (issue 18): the public post's own rendering for the preview (blog, pages, content), the
  // audit trail and roles, the slug redirects, the search-result preview of the page settings.
  // The draft checks beside the editor and their gate on review (draft-checks); the draft generator's panel.
  "blog-editor": [
    "auth",
    "blog",
    "blog-generator",
    "content",
    "draft-checks",
    "images",
    "pages",
    "seo-page-settings",
    "seo-redirects",
  ],
  // Site content by staff (issue 19): the audit trail, the content model and its version, uploaded images (logos,
  // team photos), the public profile and pages for the editors' previews (pages), the home page's sections for the
  // lists' previews (home), slug redirects.
  "content-editing": ["auth", "content", "home", "images", "pages", "seo-redirects"],
};

function refuseCircles(graph) {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") throw new Error(`FEATURE_IMPORTS has a circle: ${[...path, name].join(" → ")}`);
    state.set(name, "open");
    for (const next of graph[name] ?? []) visit(next, [...path, name]);
    state.set(name, "done");
  };
  for (const name of Object.keys(graph)) visit(name, []);
}
refuseCircles(FEATURE_IMPORTS);

const LOWER_LAYERS = ["lib", "db", "components", "document"];

/** An entity selector for an element of `type` (its captured values, if given, must match too). */
const element = (type, captured) => ({ element: captured ? { type, captured } : { type } });
const elements = (...types) => types.map((type) => element(type));
const TYPES_ONLY = { kind: "type" };
/** root.tsx, entry.server.tsx and routes.ts; and the router context (app/context.ts). */
const SHELL = { file: { categories: "shell" } };
const CONTEXT = { file: { categories: "context" } };

/** The import direction: routes → features → components/lib/db/document; nothing in app/ reaches server/. */
const importDirection = {
  files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
  // Tests may reach across (a test of the blog reads a team page, say); the app may not.
  ignores: ["**/*.test.{ts,tsx}"],
  plugins: { boundaries },
  settings: {
    "import/resolver": { typescript: { project: "./tsconfig.json" } },
    "boundaries/elements": [
      { type: "route", pattern: "app/routes" },
      { type: "feature", pattern: "app/features/*", capture: ["name"] },
      { type: "components", pattern: "app/components" },
      { type: "document", pattern: "app/document" },
      { type: "lib", pattern: "app/lib" },
      { type: "db", pattern: "app/db" },
      { type: "server", pattern: "server" },
    ],
    // The files in app/ itself are no element: they are told apart by category.
    "boundaries/files": [
      { category: "shell", pattern: "app/{root.tsx,entry.server.tsx,routes.ts}" },
      { category: "context", pattern: "app/context.ts" },
    ],
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "disallow",
        // Files in app/ itself (the shell, the router context) are no element: imports of them are checked too.
        checkUnknownLocals: true,
        policies: [
          { from: SHELL, allow: { to: [...elements("route", "feature", ...LOWER_LAYERS), SHELL, CONTEXT] } },
          // The site's stylesheet and the root's generated types.
          { from: SHELL, allow: { dependency: { source: ["./app.css?inline", "./app.css?url", "./+types/root"] } } },
          { from: CONTEXT, allow: { to: elements("db", "lib") } },
          // The router context names the services it carries by their types only.
          { from: CONTEXT, allow: { to: element("feature"), dependency: TYPES_ONLY } },
          { from: element("route"), allow: { to: [...elements("feature", ...LOWER_LAYERS), SHELL, CONTEXT] } },
          // A route's own generated types (./+types/<route>).
          { from: element("route"), allow: { to: element("route"), dependency: TYPES_ONLY } },
          { from: element("feature"), allow: { to: [...elements(...LOWER_LAYERS), CONTEXT] } },
          ...Object.entries(FEATURE_IMPORTS)
            .filter(([, uses]) => uses.length > 0)
            .map(([name, uses]) => ({
              from: element("feature", { name }),
              allow: { to: uses.map((used) => element("feature", { name: used })) },
            })),
          { from: element("components"), allow: { to: elements("lib", "document") } },
          { from: element("document"), allow: { to: element("lib") } },
          { from: element("db"), allow: { to: element("lib") } },
          { from: element("lib"), allow: { to: element("db") } },
          // The Node entry wires the app together; nothing in app/ imports it back.
          { from: element("server"), allow: { to: [...elements("feature", ...LOWER_LAYERS), SHELL, CONTEXT] } },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", ".test-tmp/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  importDirection,
  {
    // Code that may run in the browser takes values from the schema's plain files (lead-values.ts,
    // staff-roles.ts, search-console-values.ts), never from its index: the tables' files would bring
    // every table and drizzle's column builders into the staff pages' JavaScript (63 KB until 2026-11-28).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/db/**", "**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~/db/schema",
              allowTypeImports: true,
              message:
                "Code that may run in the browser takes values from the schema's plain files (see eslint.config.js).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
);
