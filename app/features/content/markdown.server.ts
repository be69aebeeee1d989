import MarkdownIt from "markdown-it";
import { isContentBlock, type ContentBlock } from "./blocks";
import { sanitizeRenderedHtml } from "./sanitize.server";

/**
 * Markdown for page bodies. Raw HTML is off, so whatever a body holds (ours
 * today, staff-written articles later) renders as text, never as markup or
 * script; markdown-it also refuses javascript: and data: links. Its output
 * then passes an allow-list sanitiser (sanitize.server.ts), whatever a draft holds.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: true });

// External links open safely; internal ones stay plain links.
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
md.renderer.rules.link_open = (tokens, i, options, env, self) => {
  const href = tokens[i]!.attrGet("href") ?? "";
  if (/^https?:\/\//.test(href)) tokens[i]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, i, options, env, self);
};

export type BodySegment = { kind: "html"; html: string } | { kind: "block"; name: ContentBlock };

const BLOCK_LINE = /^\{\{\s*([a-z-]+)\s*\}\}[ \t]*$/gm;

/** A body as rendered HTML pieces with the live blocks between them. Unknown blocks are dropped. */
export function renderBody(body: string): BodySegment[] {
  const segments: BodySegment[] = [];
  let last = 0;
  const pushHtml = (text: string) => {
    if (text.trim()) segments.push({ kind: "html", html: sanitizeRenderedHtml(md.render(text)) });
  };
  for (const match of body.matchAll(BLOCK_LINE)) {
    pushHtml(body.slice(last, match.index));
    const name = match[1]!;
    if (isContentBlock(name)) segments.push({ kind: "block", name });
    last = match.index + match[0].length;
  }
  pushHtml(body.slice(last));
  return segments;
}

/** The blocks a body places, so a loader fetches only what they need. */
export function blocksIn(body: string): Set<ContentBlock> {
  const names = new Set<ContentBlock>();
  for (const match of body.matchAll(BLOCK_LINE)) if (isContentBlock(match[1]!)) names.add(match[1]!);
  return names;
}

/** What breaks the rules of docs/content.md in a body; empty when it is fine. */
export function bodyProblems(body: string): string[] {
  const problems: string[] = [];
  for (const match of body.matchAll(BLOCK_LINE)) {
    if (!isContentBlock(match[1]!)) problems.push(`unknown block {{${match[1]}}}`);
  }
  const tokens = md.parse(body.replace(BLOCK_LINE, ""), {});
  if (tokens.some((t) => t.type === "heading_open" && t.tag === "h1")) {
    problems.push("a '#' heading (the page's title is its only h1; start at '##')");
  }
  if (/<\/?[a-z][^>]*>/i.test(body)) problems.push("raw HTML (it would show as text)");
  return problems;
}

/** Plain words of a body, for reading time and feeds. */
export function plainText(body: string): string {
  return body
    .replace(BLOCK_LINE, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes at an unhurried 200 words a minute, never less than one. */
export function readingMinutes(body: string): number {
  const words = plainText(body).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
