import crypto from "node:crypto";
import { MAP_FRAME_ORIGIN } from "./csp";

/**
 * The Content-Security-Policy of a rendered document. Instead of a nonce, every
 * inline script React Router emitted is allowed by its SHA-256 hash: the policy
 * is as strict (no 'unsafe-inline' for scripts) and the same bytes can be
 * served from the page cache to many visitors (docs/decisions/0003).
 */
/** An inline or external <script> element: its attributes and its text. */
export const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // JSON-LD and other data blocks are never executed.
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    if (!body) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Origins a page may use beyond its own, e.g. third-party measurement the clinic switched on. */
export interface ExtraSources {
  script?: readonly string[];
  connect?: readonly string[];
  img?: readonly string[];
  frame?: readonly string[];
}

const withExtra = (directive: string, extra: readonly string[] | undefined) =>
  extra?.length ? `${directive} ${extra.join(" ")}` : directive;

export function documentCsp(html: string, extra: ExtraSources = {}): string {
  return [
    "default-src 'self'",
    withExtra(`script-src 'self' ${inlineScriptHashes(html).join(" ")}`.trim(), extra.script),
    // React renders some style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    withExtra("img-src 'self' data:", extra.img),
    "font-src 'self'",
    withExtra("connect-src 'self'", extra.connect),
    withExtra(`frame-src 'self' ${MAP_FRAME_ORIGIN}`, extra.frame),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
