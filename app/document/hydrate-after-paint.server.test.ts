import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./csp.server";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_TYPE,
  hydrateAfterFirstPaint,
  PRELOADS_PER_TASK,
} from "./hydrate-after-paint.server";

// The shape of what React Router renders: preloads in <head>, then the scroll,
// context and module scripts, the JSON-LD and the streamed data in <body>.
// Only a sample: tests/e2e/document-pipeline.test.ts checks the rewriter on
// the markup React Router really writes, so an upgrade that changes it fails there.
const scroll = `((k) => { sessionStorage.getItem(k) })("react-router-scroll-positions")`;
const context = `window.__reactRouterContext = {"ssr":true};window.__reactRouterContext.stream = 1;`;
const bootstrap = `import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js","imports":["/assets/react-D.js"]}};
window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client-C.js");`;
const data = `window.__reactRouterContext.streamController.enqueue("[1]");`;
const jsonLd = `{"@context":"https://schema.org","@type":"MedicalClinic"}`;
const preloads = ["/assets/entry.client-C.js", "/assets/react-D.js", "/assets/root-A.js", "/assets/home-B.js"];
const page = [
  "<!DOCTYPE html><html><head>",
  ...preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`),
  "</head><body><main><h1>Hello</h1></main>",
  `<script type="application/ld+json">${jsonLd}</script>`,
  `<script>${scroll}</script>`,
  `<script>${context}</script>`,
  `<script type="module" async="">${bootstrap}</script>`,
  `<script>${data}</script>`,
  "</body></html>",
].join("");

const scripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({ attributes, body }));

describe("hydrateAfterFirstPaint", () => {
  const html = hydrateAfterFirstPaint(page);

  it("keeps every inline script, in order and with its text, but none runs while the page is parsed", () => {
    const found = scripts(html);
    expect(found.map((s) => s.attributes.trim())).toEqual([
      'type="application/ld+json"',
      `type="${DEFERRED_TYPE}"`,
      `type="${DEFERRED_TYPE}"`,
      `type="${DEFERRED_MODULE_TYPE}" data-preload="${preloads.join(" ")}"`,
      `type="${DEFERRED_TYPE}"`,
      "", // the one that runs them, after the first frame
    ]);
    expect(found[0].body).toBe(jsonLd);
    expect(found[1].body).toBe(scroll);
    expect(found[2].body).toBe(context);
    expect(found[4].body).toBe(data);
    expect(html).toMatch(/<script>\(function runAfterFirstPaint[^<]*<\/script><\/body><\/html>$/);
  });

  it("hands every preload to the bootstrap, whose own text is kept, to start a few per task before it runs", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(scripts(html)[3].body).toBe(bootstrap);
    expect(html).toContain(`,${PRELOADS_PER_TASK})</script></body>`);
  });

  it("leaves the run-order script and every deferred one to the hash-based CSP", () => {
    const hashes = inlineScriptHashes(html);
    // scroll, context, module, data and the runner; JSON-LD is never executed.
    expect(hashes).toHaveLength(5);
  });

  it("leaves documents without executable inline scripts as they are", () => {
    const plain = `<html><head></head><body><script type="application/ld+json">${jsonLd}</script></body></html>`;
    expect(hydrateAfterFirstPaint(plain)).toBe(plain);
  });
});
