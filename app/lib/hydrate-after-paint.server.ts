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
 * is not JSON). The module preloads become static imports of the bootstrap
 * module: the browser fetches them in parallel as soon as it runs, without a
 * <link> element per file. React tolerates the added script elements: they are
 * direct children of <body>, where hydration skips elements it does not expect.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
export const DEFERRED_TYPE = "text/x-deferred";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * Runs in the browser, as the inline script at the end of <body>; it is sent as
 * its own source text, so it must not refer to anything outside itself.
 *
 * It waits for the first contentful paint itself, not just the first frame: a
 * frame can come before the text is drawn (the web font's short block period),
 * and a script that has run by then counts, in Lighthouse's simulation of a
 * phone, as having held the first paint back.
 */
function runAfterFirstPaint(type: string, moduleType: string) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const queue = [
      ...document.querySelectorAll<HTMLScriptElement>(`script[type="${type}"],script[type="${moduleType}"]`),
    ];
    const next = () => {
      const deferred = queue.shift();
      if (!deferred) return;
      const preload = deferred.getAttribute("data-preload");
      if (preload) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = preload;
        document.head.appendChild(link);
      }
      const script = document.createElement("script");
      if (deferred.type === moduleType) script.type = "module";
      script.text = deferred.text;
      document.body.appendChild(script);
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  };
  if (!(PerformanceObserver.supportedEntryTypes ?? []).includes("paint")) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
  // A page that is not painted (opened in a background tab) still becomes interactive.
  setTimeout(start, 5000);
}

const BOOT = `(${runAfterFirstPaint.toString()})(${JSON.stringify(DEFERRED_TYPE)},${JSON.stringify(DEFERRED_MODULE_TYPE)})`;

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
      // Route modules the bootstrap imports keep their place. The entry it
      // imports last, on purpose (it hydrates when evaluated), is only
      // preloaded. The rest are fetched up front.
      const entry = preloads.find((href) => body.includes(`import(${JSON.stringify(href)})`));
      const imports = preloads
        .filter((href) => href !== entry && !body.includes(`from ${JSON.stringify(href)}`))
        .map((href) => `import ${JSON.stringify(href)};`)
        .join("");
      const preload = entry ? ` data-preload="${entry}"` : "";
      return `<script type="${DEFERRED_MODULE_TYPE}"${preload}>${imports}${body}</script>`;
    }
    if (/\btype\s*=/i.test(attributes)) return whole; // JSON-LD and other data blocks
    deferred++;
    return `<script type="${DEFERRED_TYPE}">${body}</script>`;
  });
  if (deferred === 0) return html;
  const end = withDeferred.lastIndexOf("</body>");
  return `${withDeferred.slice(0, end)}<script>${BOOT}</script>${withDeferred.slice(end)}`;
}
