/**
 * Just enough HTML reading for tests over server-rendered pages (React's
 * output: double-quoted attributes, escaped text), without a DOM.
 */

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

/** The markup without script and style contents (their text is not the page's). */
export function withoutScripts(html: string): string {
  return html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");
}

/** The attributes of every start tag `<name …>`, names lower-cased, values decoded. */
export function startTags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const [, attrs] of html.matchAll(new RegExp(`<${name}\\b((?:"[^"]*"|'[^']*'|[^'">])*)>`, "gi"))) {
    const map: Record<string, string> = {};
    for (const [, key, dq, sq, bare] of attrs.matchAll(
      /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
    )) {
      map[key.toLowerCase()] = decodeEntities(dq ?? sq ?? bare ?? "");
    }
    found.push(map);
  }
  return found;
}

/** The text of every `<name>…</name>` element (tags inside removed, entities decoded). */
export function elementTexts(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}\\s*>`, "gi"))].map(([, inner]) =>
    decodeEntities(inner.replace(/<[^>]*>/g, "")).trim(),
  );
}

/** The bodies of the page's JSON-LD blocks, as written. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script\s*>/gi)].map(
    ([, body]) => body,
  );
}

/** The `content` of `<meta name|property="key">` tags. */
export function metaContents(html: string, key: string): string[] {
  return startTags(html, "meta")
    .filter((m) => m.name === key || m.property === key)
    .map((m) => m.content ?? "");
}
