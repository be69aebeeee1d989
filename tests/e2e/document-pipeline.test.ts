import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, DEFERRED_TYPE, PRELOADS_PER_TASK } from "~/document/hydrate-after-paint.server";
import { MOBILE, useBrowser } from "../setup/browser";
import { cspDirectives, hashSource, scriptElements, scriptKind, type ScriptElement } from "../setup/document-markup";
import { startTags } from "../setup/html";
import { hydrated } from "../setup/page-assertions";
import { root } from "../setup/paths";
import { startServer, type TestServer } from "../setup/server";
import { sitemapPaths } from "../setup/site-crawl";

/**
 * The invariants of app/document/ (its README), checked on what the production
 * build serves. The rewriter that defers React Router's scripts works on React
 * Router's markup, which a unit test can only imitate: if an upgrade changes
 * that markup, these tests fail instead of the optimisation quietly stopping.
 */

const PUBLIC_URL = "https://clinic.example";
const KINDS = [
  "home",
  "list page",
  "treatment",
  "appointment request",
  "blog post",
  "team member",
  "not found",
] as const;
type Kind = (typeof KINDS)[number];

interface Served {
  path: string;
  status: number;
  html: string;
  csp: string;
}

/** The arguments the runner is called with: what it runs and how many downloads it starts per task. */
const RUNNER_CALL = `(${JSON.stringify(DEFERRED_TYPE)},${JSON.stringify(DEFERRED_MODULE_TYPE)},${PRELOADS_PER_TASK})`;
const DEFERRED_TYPES = [DEFERRED_TYPE, DEFERRED_MODULE_TYPE];

/** How the test sees each non-data script element: anything but these two is a finding. */
function role(script: ScriptElement): string {
  if (script.attributes.src !== undefined) return `external ${script.attributes.src}`;
  if (DEFERRED_TYPES.includes(script.attributes.type ?? "")) return "deferred";
  if (scriptKind(script) === "runs" && script.text.endsWith(RUNNER_CALL)) return "runner";
  return `${scriptKind(script)} (type "${script.attributes.type ?? ""}"): ${script.text.slice(0, 80)}`;
}

/** The modules a bootstrap imports, statically or with import(). */
const importsOf = (text: string) => [...text.matchAll(/\bimport\b[^";]*"([^"]+)"/g)].map(([, href]) => href!);

/** The home page's below-the-fold sections whose code is split off (features/home/components/lazy/). */
const LAZY_SECTIONS = fs
  .readdirSync(path.join(root, "app/features/home/components/lazy"))
  .map((file) => file.replace(/\.tsx$/, ""));

describe("the document pipeline on the production build", () => {
  let server: TestServer;
  const browser = useBrowser();
  const served = new Map<Kind, Served>();

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
    const { paths } = await sitemapPaths(server.url, PUBLIC_URL);
    const treatments = (await (await fetch(`${server.url}/api/treatments`)).json()) as { slug: string }[];
    const first = (pattern: RegExp) => {
      const found = paths.find((p) => pattern.test(p));
      if (!found) throw new Error(`no ${pattern} in /sitemap.xml`);
      return found;
    };
    const pathOf: Record<Kind, string> = {
      home: "/",
      "list page": "/therapy",
      treatment: `/${treatments[0]!.slug}`,
      "appointment request": "/request-appointment",
      "blog post": first(/^\/blog\/(?!page\/)[^/.]+$/),
      "team member": first(/^\/team\/[^/]+$/),
      "not found": "/no-such-page",
    };
    for (const kind of KINDS) {
      const res = await fetch(`${server.url}${pathOf[kind]}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      served.set(kind, { path: pathOf[kind], status: res.status, html: await res.text(), csp });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each(KINDS)("%s", (kind) => {
    const page = () => served.get(kind)!;
    const scripts = () => scriptElements(page().html);
    const bootstrap = () => scripts().filter((s) => s.attributes.type === DEFERRED_MODULE_TYPE);

    it("runs no script while the page is parsed but the runner, the last element of <body>", () => {
      expect(page().status).toBe(kind === "not found" ? 404 : 200);
      const roles = scripts()
        .filter((s) => scriptKind(s) !== "data")
        .map(role);
      expect(roles.length).toBeGreaterThan(3);
      expect(roles).toEqual([...roles.slice(0, -1).map(() => "deferred"), "runner"]);
      const runner = scripts().at(-1)!;
      expect(page().html.slice(runner.index)).toBe(`<script>${runner.text}</script></body></html>`);
    });

    it("keeps React Router's scroll, context, bootstrap and data scripts, deferred in their order", () => {
      const texts = scripts()
        .filter((s) => DEFERRED_TYPES.includes(s.attributes.type ?? ""))
        .map((s) => s.text);
      const at = (pattern: RegExp) => texts.findIndex((text) => pattern.test(text));
      const found = {
        scrollRestoration: at(/"react-router-scroll-positions"/),
        context: at(/^window\.__reactRouterContext = \{/),
        moduleBootstrap: at(/window\.__reactRouterRouteModules = /),
        loaderData: at(/window\.__reactRouterContext\.streamController\.enqueue\(/),
        endOfData: at(/window\.__reactRouterContext\.streamController\.close\(\)/),
      };
      // Each is there, in the order React Router wrote them (the runner keeps document order).
      const missing = Object.entries(found).filter(([, index]) => index < 0);
      expect(missing.map(([name]) => name)).toEqual([]);
      const order = Object.values(found);
      expect(order).toEqual([...order].sort((x, y) => x - y));
      expect(bootstrap()).toHaveLength(1);
      expect(bootstrap()[0]!.text).toMatch(/\bimport\("\/assets\/entry\.client-[^"]+\.js"\)/);
    });

    it("leaves every module download to the runner: none in the markup, each the bootstrap needs in its list", () => {
      expect(startTags(page().html, "link").filter((link) => /\bmodulepreload\b/i.test(link.rel ?? ""))).toEqual([]);
      expect(bootstrap()).toHaveLength(1);
      const [module] = bootstrap();
      const listed = (module!.attributes["data-preload"] ?? "").split(" ").filter(Boolean);
      const imports = importsOf(module!.text);
      expect(imports.length).toBeGreaterThan(2);
      expect(listed).toEqual(expect.arrayContaining(imports));
      expect(new Set(listed).size).toBe(listed.length);
      for (const href of listed) expect(href).toMatch(/^\/assets\/[^/]+\.js$/);
      // More than one task's worth, or the batching would never be exercised.
      expect(listed.length).toBeGreaterThan(PRELOADS_PER_TASK);
    });

    it("allows exactly its inline scripts by hash, and needs 'unsafe-inline' for nothing but styles", () => {
      const directives = cspDirectives(page().csp);
      const scriptSrc = directives.get("script-src") ?? [];
      const inline = scripts().filter((s) => scriptKind(s) !== "data" && s.attributes.src === undefined && s.text);
      expect(scriptSrc.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
      expect(new Set(scriptSrc.filter((source) => source.startsWith("'sha256-")))).toEqual(
        new Set(inline.map((s) => hashSource(s.text))),
      );
      for (const [name, sources] of directives) {
        expect(sources, name).not.toContain("'unsafe-eval'");
        if (name !== "style-src") expect(sources, name).not.toContain("'unsafe-inline'");
      }
      // Event-handler attributes and javascript: URLs would need 'unsafe-inline' to run.
      const tags = startTags(page().html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ""), "[a-z][a-z0-9-]*");
      const handlers = tags.flatMap((attributes) => Object.keys(attributes).filter((name) => name.startsWith("on")));
      expect(handlers).toEqual([]);
      const urls = tags.flatMap((a) => [a.href, a.src, a.action, a.formaction].filter(Boolean));
      expect(urls.filter((url) => /^\s*javascript:/i.test(url!))).toEqual([]);
    });

    it("carries its CSS inline and links no stylesheet", () => {
      const { html } = page();
      expect(startTags(html, "link").filter((link) => /\bstylesheet\b/i.test(link.rel ?? ""))).toEqual([]);
      const css = html.match(/<style id="site-css">([\s\S]*?)<\/style>/)?.[1] ?? "";
      expect(css.length).toBeGreaterThan(10_000);
      expect(css).toContain(".below-fold{content-visibility:auto");
      expect(css).not.toContain("@import");
      expect(html.indexOf('<style id="site-css">')).toBeLessThan(html.indexOf("</head>"));
      // Without script nothing lays skipped sections out on a key press, so they are not skipped.
      expect(html.slice(0, html.indexOf("</head>"))).toContain(
        "<noscript><style>.below-fold{content-visibility:visible}</style></noscript>",
      );
    });

    it("has every section in place in the HTML, and its Static sections marked", () => {
      const { html } = page();
      // React's out-of-order rendering: a boundary left pending or to the client, a
      // hidden segment and the script that would reveal it.
      expect(html).not.toMatch(/<!--\$[?!]-->|<template id="B:|\bid="S:/);
      expect(startTags(html, "div").filter((div) => "data-static" in div).length).toBeGreaterThan(0);
    });

    it("in Chromium: runs every deferred script after the first paint and hydrates, with no CSP violation", async () => {
      const { page: tab, errors, close } = await browser.open({ viewport: MOBILE });
      try {
        const url = `${server.url}${page().path}`;
        const consoleErrors: string[] = [];
        tab.on("console", (message) => {
          // (The not-found page's own 404 is reported as a failed load of the document.)
          if (message.type() === "error" && message.location().url !== url) consoleErrors.push(message.text());
        });
        await recordCspViolations(tab);
        await tab.goto(url);
        // A blocked script would leave the page unhydrated: stop at the first violation.
        await tab.waitForFunction(
          () =>
            document.documentElement.dataset.hydrated === "true" ||
            (window as unknown as Recorded).__cspViolations.length > 0,
          undefined,
          { polling: 100 },
        );
        expect(await cspViolations(tab)).toEqual([]);
        await hydrated(tab);

        // Each deferred element has been run: the runner added a live copy of it.
        await expect
          .poll(() =>
            tab.evaluate((types) => {
              const live = [...document.querySelectorAll<HTMLScriptElement>("script:not([type]),script[type=module]")];
              const waiting = [
                ...document.querySelectorAll<HTMLScriptElement>(types.map((t) => `script[type="${t}"]`).join()),
              ];
              return waiting.filter((d) => !live.some((s) => s.text === d.text)).map((d) => d.text.slice(0, 80));
            }, DEFERRED_TYPES),
          )
          .toEqual([]);
        const effects = await tab.evaluate(() => {
          const w = window as unknown as Record<string, unknown>;
          const listed = document.querySelector(`script[data-preload]`)?.getAttribute("data-preload")?.split(" ") ?? [];
          const links = [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")];
          return {
            context: typeof w.__reactRouterContext,
            routeModules: typeof w.__reactRouterRouteModules,
            scrollKey: typeof (history.state as { key?: unknown } | null)?.key,
            preloadsNotStartedOnce: listed.filter(
              (href) => links.filter((l) => l.getAttribute("href") === href).length !== 1,
            ),
            css: document.getElementById("site-css")?.textContent?.length ?? 0,
          };
        });
        expect(effects).toEqual({
          context: "object",
          routeModules: "object",
          scrollKey: "string",
          preloadsNotStartedOnce: [],
          css: expect.any(Number),
        });
        // Hydration kept the server's CSS (the browser renders it empty).
        expect(effects.css).toBeGreaterThan(10_000);
        expect(await cspViolations(tab)).toEqual([]);
        expect(consoleErrors).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it("in Chromium: keeps the server HTML of Static sections and hydrates nothing inside them", async () => {
      const [withScript, withoutScript] = await Promise.all([
        browser.open({ viewport: MOBILE }),
        browser.open({ viewport: MOBILE, javaScriptEnabled: false }),
      ]);
      try {
        const url = `${server.url}${page().path}`;
        await Promise.all([withScript.page.goto(url), withoutScript.page.goto(url)]);
        await hydrated(withScript.page);
        const asServed = await withoutScript.page.$$eval("[data-static]", (els) => els.map((el) => el.innerHTML));
        const islands = await withScript.page.$$eval("[data-static]", (els) => {
          // React marks every node it hydrated with properties of its own.
          const react = (el: Element) => Object.keys(el).some((key) => key.startsWith("__react"));
          return els.map((el) => ({
            html: el.innerHTML,
            delegates: react(el),
            hydratedInside: [...el.querySelectorAll("*")].some(react),
          }));
        });
        expect(asServed.length).toBeGreaterThan(0);
        for (const html of asServed) expect(html.length).toBeGreaterThan(0);
        expect(islands.map((island) => island.html)).toEqual(asServed);
        // The element itself is React's (its click handler routes links); nothing inside is.
        expect(islands.map(({ delegates, hydratedInside }) => ({ delegates, hydratedInside }))).toEqual(
          asServed.map(() => ({ delegates: true, hydratedInside: false })),
        );
        expect(withScript.errors).toEqual([]);
      } finally {
        await Promise.all([withScript.close(), withoutScript.close()]);
      }
    });
  });

  describe("home page", () => {
    it("skips the sections from About on until needed, and none on the first screen", () => {
      const main = served.get("home")!.html.split("<main")[1]!.split("</main>")[0]!;
      const sections = startTags(main, "section").map((s) => ({
        section: s["aria-labelledby"],
        belowFold: /\bbelow-fold\b/.test(s.class ?? ""),
      }));
      const about = sections.findIndex((s) => s.section === "about-title");
      expect(about).toBeGreaterThan(0);
      expect(sections.map((s, i) => ({ ...s, belowFold: i >= about }))).toEqual(sections);
    });

    it("in Chromium: lays them all out on the first key press; without script they are never skipped", async () => {
      const [withScript, withoutScript] = await Promise.all([
        browser.open({ viewport: MOBILE }),
        browser.open({ viewport: MOBILE, javaScriptEnabled: false }),
      ]);
      try {
        await Promise.all([withScript.page.goto(`${server.url}/`), withoutScript.page.goto(`${server.url}/`)]);
        await hydrated(withScript.page);
        const visibility = (tab: Page) =>
          tab.$$eval(".below-fold", (els) => els.map((el) => getComputedStyle(el).contentVisibility));
        const before = await visibility(withScript.page);
        expect(before.length).toBeGreaterThan(4);
        expect(new Set(before)).toEqual(new Set(["auto"]));
        await withScript.page.keyboard.press("Tab");
        await expect.poll(() => visibility(withScript.page)).toEqual(before.map(() => "visible"));
        expect(await visibility(withoutScript.page)).toEqual(before.map(() => "visible"));
      } finally {
        await Promise.all([withScript.close(), withoutScript.close()]);
      }
    });

    it("in Chromium: does not download the code of the sections kept as server HTML", async () => {
      const built = fs.readdirSync(path.join(root, "build/client/assets"));
      for (const name of LAZY_SECTIONS)
        expect(
          built.some((file) => file.startsWith(`${name}-`)),
          name,
        ).toBe(true);
      const { page: tab, errors, close } = await browser.open({ viewport: MOBILE });
      try {
        const scripts: string[] = [];
        tab.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        await tab.goto(`${server.url}/`);
        await hydrated(tab);
        await tab.waitForLoadState("networkidle");
        expect(scripts.length).toBeGreaterThan(PRELOADS_PER_TASK);
        expect(scripts.filter((p) => LAZY_SECTIONS.some((name) => p.startsWith(`/assets/${name}-`)))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});

interface Recorded {
  __cspViolations: string[];
}

/** Collects the page's Content-Security-Policy violations, from before its first script on. */
async function recordCspViolations(tab: Page) {
  await tab.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as Recorded).__cspViolations = found;
    document.addEventListener("securitypolicyviolation", (event) =>
      found.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`),
    );
  });
}

const cspViolations = (tab: Page) => tab.evaluate(() => (window as unknown as Recorded).__cspViolations);
