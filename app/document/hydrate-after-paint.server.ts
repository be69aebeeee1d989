import { INLINE_SCRIPT } from "./csp.server";

/**
 * Every page arrives fully rendered, so its scripts only add interactivity.
 * Run as React Router emits them, they would compete with the first paint on a
 * phone: its inline scripts run while the HTML is parsed (the scroll
 * restoration one reads sessionStorage, the context one builds streams), and
 * its module preloads start downloading at once. Instead the browser paints
 * first: each inline script is kept in a non-executing element, and a small
 * script at the end of the body waits for the first contentful paint, then
 * runs them in document order, one per task, so none makes a long task.
 *
 * The deferred elements keep their exact text, so the Content-Security-Policy
 * still allows each one by hash (csp.server.ts hashes every inline script that
 * is not JSON). The module preloads go with the bootstrap module, in its
 * `data-preload` list: starting a module's download costs the main thread
 * about a millisecond on a fast machine (four on the phone Lighthouse
 * simulates), so ~38 of them at once, as <link>s or as the bootstrap's own
 * imports, made one long task. The runner starts them a few per task, then
 * runs the bootstrap, whose imports are by then already on their way. React
 * tolerates the added elements: scripts are direct children of <body>, where
 * hydration skips elements it does not expect, and the preloads are added to
 * <head> only once React Router's own <Scripts> has rendered on the server.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
export const DEFERRED_TYPE = "text/x-deferred";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
/** Module downloads started per task: each costs the main thread ~1 ms (×4 on a simulated phone). */
export const PRELOADS_PER_TASK = 6;

/**
 * Runs in the browser, as the inline script at the end of <body>; it is sent as
 * its own source text, so it must not refer to anything outside itself.
 *
 * It waits for the first contentful paint itself, not just the first frame: a
 * frame can come before the text is drawn (the web font's short block period),
 * and a script that has run by then counts, in Lighthouse's simulation of a
 * phone, as having held the first paint back.
 */
function runAfterFirstPaint(type: string, moduleType: string, preloadsPerTask: number) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const queue = [
      ...document.querySelectorAll<HTMLScriptElement>(`script[type="${type}"],script[type="${moduleType}"]`),
    ];
    const run = (deferred: HTMLScriptElement) => {
      const script = document.createElement("script");
      if (deferred.type === moduleType) script.type = "module";
      script.text = deferred.text;
      document.body.appendChild(script);
    };
    const next = () => {
      const deferred = queue.shift();
      if (!deferred) return;
      const preloads = (deferred.getAttribute("data-preload") ?? "").split(" ").filter(Boolean);
      const preloadSome = () => {
        for (const href of preloads.splice(0, preloadsPerTask)) {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          document.head.appendChild(link);
        }
        if (preloads.length > 0) return setTimeout(preloadSome, 0);
        run(deferred);
        setTimeout(next, 0);
      };
      preloadSome();
    };
    setTimeout(next, 0);
  };
  if (!(PerformanceObserver.supportedEntryTypes ?? []).includes("paint")) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  // The first screen's text is final once the web font is in (or given up
  // on): scripts from the next frame on are after the largest paint too.
  const afterFontPaint = () =>
    (document.fonts ? document.fonts.ready : Promise.resolve()).then(() =>
      requestAnimationFrame(() => setTimeout(start, 0)),
    );
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    void afterFontPaint();
  });
  observer.observe({ type: "paint", buffered: true });
  // A page that is not painted (opened in a background tab) still becomes interactive.
  setTimeout(start, 5000);
}

const BOOT = `(${runAfterFirstPaint.toString()})(${[DEFERRED_TYPE, DEFERRED_MODULE_TYPE, PRELOADS_PER_TASK].map((arg) => JSON.stringify(arg)).join(",")})`;

export function hydrateAfterFirstPaint(html: string): string {
  if (!html.includes("</body>")) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  let deferred = 0;
  const withDeferred = withoutPreloads.replace(INLINE_SCRIPT, (whole, attributes: string, body: string) => {
    if (!body.trim() || /\bsrc\s*=/i.test(attributes)) return whole;
    if (/\btype\s*=\s*"module"/i.test(attributes)) {
      deferred++;
      // The bootstrap's text stays as React Router wrote it; the files it
      // needs are preloaded, a few per task, before it runs.
      const preload = preloads.length > 0 ? ` data-preload="${preloads.join(" ")}"` : "";
      return `<script type="${DEFERRED_MODULE_TYPE}"${preload}>${body}</script>`;
    }
    if (/\btype\s*=/i.test(attributes)) return whole; // JSON-LD and other data blocks
    deferred++;
    return `<script type="${DEFERRED_TYPE}">${body}</script>`;
  });
  if (deferred === 0) return html;
  const end = withDeferred.lastIndexOf("</body>");
  return `${withDeferred.slice(0, end)}<script>${BOOT}</script>${withDeferred.slice(end)}`;
}
