import { wordsOf } from "~/features/seo-text/keyphrase-checks";

/**
 * A Markdown body read the way the checks need it: paragraphs and list
 * items as plain text, headings, links and images. Line by line, without a
 * Markdown parser, so it is fast and runs wherever the checks do; it follows
 * what content/ and the editor's bodies use (ATX headings, lists, quotes,
 * inline links and images, `{{block}}` lines).
 */
export interface DraftHeading {
  level: number;
  text: string;
}

export interface DraftLink {
  text: string;
  href: string;
}

export interface DraftText {
  /** Each paragraph and list item, inline markup removed. */
  paragraphs: string[];
  headings: DraftHeading[];
  links: DraftLink[];
  /** Alt text of each image in the body (empty string: none written). */
  imageAlts: string[];
  /** `{{name}}` block lines ("crisis-help"). */
  blocks: string[];
  /** The first paragraph (not a list item) before or after the first heading. */
  firstParagraph: string | null;
  /** All the words of the body's text, headings included, squashed to one line. */
  text: string;
  /** Words in each part of the body between headings (the part before the first heading too). */
  sectionWords: number[];
}

const IMAGE = /!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g;
const LINK = /\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g;

/** Inline Markdown to the words a reader sees. */
function inlineText(line: string, links: DraftLink[], imageAlts: string[]): string {
  return line
    .replace(IMAGE, (_, alt: string) => {
      imageAlts.push(alt.trim());
      return " ";
    })
    .replace(LINK, (_, text: string, href: string) => {
      links.push({ text, href });
      return text;
    })
    .replace(/<(https?:\/\/[^>]+)>/g, (_, href: string) => {
      links.push({ text: href, href });
      return href;
    })
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]*?\S)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}

export function readDraftText(body: string): DraftText {
  const paragraphs: string[] = [];
  const headings: DraftHeading[] = [];
  const links: DraftLink[] = [];
  const imageAlts: string[] = [];
  const blocks: string[] = [];
  const sectionWords: number[] = [0];
  const all: string[] = [];
  let firstParagraph: string | null = null;
  let open: string[] = [];
  let inFence = false;

  const close = (isListItem = false) => {
    if (open.length === 0) return;
    const text = inlineText(open.join(" "), links, imageAlts);
    open = [];
    if (!text) return;
    paragraphs.push(text);
    all.push(text);
    sectionWords[sectionWords.length - 1] += wordsOf(text).length;
    if (firstParagraph === null && !isListItem) firstParagraph = text;
  };
  let openIsListItem = false;

  for (const raw of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(raw)) {
      close(openIsListItem);
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const line = raw.replace(/^\s*>\s?/, "");
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const block = /^\s*\{\{\s*([\w-]+)\s*\}\}\s*$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (heading) {
      close(openIsListItem);
      const text = inlineText(heading[2], links, imageAlts);
      headings.push({ level: heading[1].length, text });
      all.push(text);
      sectionWords.push(0);
    } else if (block) {
      close(openIsListItem);
      blocks.push(block[1]);
    } else if (item) {
      close(openIsListItem);
      open = [item[1]];
      openIsListItem = true;
    } else if (!line.trim() || /^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      close(openIsListItem);
    } else {
      if (open.length === 0) openIsListItem = false;
      open.push(line.trim());
    }
  }
  close(openIsListItem);
  return {
    paragraphs,
    headings,
    links,
    imageAlts,
    blocks,
    firstParagraph,
    text: all.join(" "),
    sectionWords,
  };
}

/** A passage quoted back to staff: the sentence, cut to a readable length. */
export function quote(text: string, max = 140): string {
  const squashed = text.replace(/\s+/g, " ").trim();
  return `“${squashed.length > max ? `${squashed.slice(0, max - 1).trimEnd()}…` : squashed}”`;
}
