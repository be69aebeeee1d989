/**
 * Every page arrives fully rendered, so its scripts only add interactivity.
 * React Router's bootstrap (a module script plus module preloads) would start
 * downloading at once and, on a phone, compete with the first paint. Instead
 * the browser paints first: a small inline script waits for the first frame,
 * then adds the preloads and runs the unchanged bootstrap (kept in a
 * non-executing script element so its hash stays in the CSP).
 *
 * React tolerates the changed nodes: they are direct children of <body>, where
 * hydration skips elements it does not expect.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;
export const DEFERRED_TYPE = "text/x-deferred-module";

export function hydrateAfterFirstPaint(html: string): string {
  if (!BOOTSTRAP.test(html)) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const boot =
    "requestAnimationFrame(function(){setTimeout(function(){" +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    'var s=document.createElement("script");s.type="module";s.text=document.getElementById("rr-bootstrap").text;document.body.appendChild(s)' +
    "},0)})";
  return withoutPreloads.replace(
    BOOTSTRAP,
    (_, body: string) => `<script type="${DEFERRED_TYPE}" id="rr-bootstrap">${body}</script><script>${boot}</script>`,
  );
}
