import crypto from "node:crypto";
import { startTags } from "./html";

/**
 * Reading a served document the way a browser decides what runs: every
 * <script> element with its attributes (parsed, so `type=module` unquoted
 * counts as much as `type="module"`) and its raw text.
 */
export interface ScriptElement {
  attributes: Record<string, string>;
  text: string;
  /** Where the element starts in the document. */
  index: number;
}

export function scriptElements(html: string): ScriptElement[] {
  return [...html.matchAll(/<script\b((?:"[^"]*"|'[^']*'|[^'">])*)>([\s\S]*?)<\/script\s*>/gi)].map((match) => ({
    attributes: startTags(`<script${match[1]}>`, "script")[0] ?? {},
    text: match[2]!,
    index: match.index,
  }));
}

const DATA_TYPES = new Set(["application/ld+json", "application/json"]);
const SCRIPT_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** What a browser does with the element as it parses the page. */
export function scriptKind(script: ScriptElement): "runs" | "data" | "inert" {
  const type = (script.attributes.type ?? "").trim().toLowerCase();
  if (DATA_TYPES.has(type)) return "data";
  return SCRIPT_TYPES.has(type) ? "runs" : "inert";
}

/** The CSP source that allows an inline script with this text. */
export const hashSource = (text: string) =>
  `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A Content-Security-Policy header as directive name → its sources. */
export function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}
