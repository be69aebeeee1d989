import { Parser } from "htmlparser2";

/**
 * What a search engine reads off one rendered page: the head's title,
 * description, robots, canonical, Open Graph and Twitter tags and JSON-LD;
 * the body's headings, links and images; and the words of its main content.
 * Read in one streaming pass (htmlparser2), so the audit and the page
 * settings judge exactly the HTML the site served, never a second copy of
 * the rules that made it.
 */
export interface PageFacts {
  /** `<html lang>`. */
  lang: string | null;
  /** Every `<title>` in the head (a page should have exactly one). */
  titles: string[];
  /** Every `<meta name="description">` content. */
  descriptions: string[];
  /** Every `<meta name="robots">` or `googlebot` content. */
  robots: string[];
  /** Every `<link rel="canonical">` href, resolved to an absolute URL. */
  canonicals: string[];
  /** h1–h6 in document order, with their text. */
  headings: PageHeading[];
  /** Words of the visible text in `<main>` (the whole body when there is none). */
  wordCount: number;
  /** That visible text itself, whitespace squashed (for keyphrase density). */
  mainText: string;
  /** The first paragraph of the main content after its h1 (Yoast's "introduction"). */
  firstParagraph: string | null;
  /** Each paragraph and list item of the main content, as text (for readability). */
  paragraphs: string[];
  /** Every link with an address, resolved to an absolute URL (fragments dropped). */
  links: PageLink[];
  images: PageImage[];
  /** Each JSON-LD block: parsed, or why it could not be. */
  jsonLd: JsonLdBlock[];
  /** `og:*` properties, the first value of each. */
  openGraph: Record<string, string>;
  /** `twitter:*` names, the first value of each. */
  twitter: Record<string, string>;
  /** Forms inside `<main>` (a page whose job is a form, such as a booking request). */
  formsInMain: number;
}

export interface PageHeading {
  level: number;
  text: string;
}

export interface PageLink {
  /** Absolute URL without its fragment; the original text for `tel:`, `mailto:` and the like. */
  href: string;
  text: string;
  /** Inside `<main>`, rather than the header, navigation or footer. */
  inMain: boolean;
  nofollow: boolean;
}

export interface PageImage {
  src: string;
  /** null when the attribute is missing; "" marks an image as decorative. */
  alt: string | null;
  /** Hidden from assistive technology (aria-hidden or role presentation/none). */
  hidden: boolean;
  inMain: boolean;
}

export type JsonLdBlock = { ok: true; value: unknown } | { ok: false; error: string; source: string };

// Elements whose contents are never visible text.
const HIDDEN_TEXT = new Set(["script", "style", "noscript", "template", "svg", "title"]);
const HEADING = /^h([1-6])$/;
// Elements that flow within a line; any other tag separates the words on either side of it.
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
]);
const WORD = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Words in a text, as a reader would count them ("don't" and "follow-up" are one each). */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Reads the facts of one page's HTML; `pageUrl` is the address relative links resolve against. */
export function readPageFacts(html: string, pageUrl: string): PageFacts {
  const facts: PageFacts = {
    lang: null,
    titles: [],
    descriptions: [],
    robots: [],
    canonicals: [],
    headings: [],
    wordCount: 0,
    mainText: "",
    firstParagraph: null,
    paragraphs: [],
    links: [],
    images: [],
    jsonLd: [],
    openGraph: {},
    twitter: {},
    formsInMain: 0,
  };
  const resolve = (href: string): string | null => {
    try {
      const url = new URL(href, pageUrl);
      url.hash = "";
      return url.href;
    } catch {
      return null;
    }
  };

  // Open elements, so text knows where it is.
  const stack: string[] = [];
  let inHead = false;
  let mainDepth = -1; // stack depth of <main>, or -1 outside it
  let hiddenDepth = -1; // stack depth of the outermost element whose text is not shown
  let sawMain = false;
  // The introduction: the first paragraph after the first h1, else the first of the main content.
  let firstAfterH1: string | null = null;
  let firstAtAll: string | null = null;
  let seenH1 = false;
  // The text being gathered for the element that wants it (title, heading, link, paragraph, JSON-LD).
  let title: string | null = null;
  let heading: { level: number; text: string; depth: number } | null = null;
  let link: { link: PageLink; depth: number } | null = null;
  let paragraph: { text: string; depth: number; tag: string } | null = null;
  let script: { text: string } | null = null;
  let mainText = "";
  let bodyText = "";

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const depth = stack.length;
        stack.push(name);
        if (!INLINE.has(name)) separate();
        if (name === "html") facts.lang = attrs.lang ?? null;
        else if (name === "head") inHead = true;
        else if (name === "main" && mainDepth < 0) {
          mainDepth = depth;
          sawMain = true;
        }
        if (hiddenDepth < 0 && HIDDEN_TEXT.has(name)) hiddenDepth = depth;

        if (name === "title" && inHead) title = "";
        else if (name === "meta") {
          const key = (attrs.name ?? attrs.property ?? "").toLowerCase();
          const content = attrs.content ?? "";
          if (key === "description") facts.descriptions.push(content);
          else if (key === "robots" || key === "googlebot") facts.robots.push(content);
          else if (key.startsWith("og:") && !(key in facts.openGraph)) facts.openGraph[key] = content;
          else if (key.startsWith("twitter:") && !(key in facts.twitter)) facts.twitter[key] = content;
        } else if (name === "link" && (attrs.rel ?? "").toLowerCase().split(/\s+/).includes("canonical")) {
          const href = attrs.href === undefined ? null : resolve(attrs.href);
          facts.canonicals.push(href ?? attrs.href ?? "");
        } else if (name === "script" && (attrs.type ?? "").toLowerCase() === "application/ld+json") {
          script = { text: "" };
        } else if (HEADING.test(name) && !heading) {
          heading = { level: Number(name[1]), text: "", depth };
        } else if (name === "a" && attrs.href !== undefined && !link) {
          const raw = attrs.href.trim();
          const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
          // A same-page fragment and javascript: are not addresses of anything.
          if (raw && !raw.startsWith("#") && scheme !== "javascript") {
            const href = scheme && !["http", "https"].includes(scheme) ? raw : resolve(raw);
            if (href) {
              const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
              link = { link: { href, text: "", inMain: mainDepth >= 0, nofollow: rel.includes("nofollow") }, depth };
            }
          }
        } else if (name === "img") {
          const role = (attrs.role ?? "").toLowerCase();
          facts.images.push({
            src: attrs.src ? (resolve(attrs.src) ?? attrs.src) : "",
            alt: attrs.alt ?? null,
            hidden: attrs["aria-hidden"] === "true" || role === "presentation" || role === "none",
            inMain: mainDepth >= 0,
          });
          // Alt text is read out where the image stands.
          if (attrs.alt) addText(` ${attrs.alt} `, false);
        } else if (name === "form" && mainDepth >= 0) {
          facts.formsInMain += 1;
        } else if ((name === "p" || name === "li") && mainDepth >= 0 && !paragraph) {
          paragraph = { text: "", depth, tag: name };
        }
      },
      ontext(text) {
        if (title !== null) title += text;
        if (script) script.text += text;
        if (hiddenDepth >= 0) return;
        addText(text, true);
      },
      onclosetag(name) {
        const depth = stack.length - 1;
        stack.pop();
        if (!INLINE.has(name)) separate();
        if (name === "head") inHead = false;
        if (name === "title" && title !== null) {
          facts.titles.push(squash(title));
          title = null;
        }
        if (name === "script" && script) {
          const source = script.text;
          script = null;
          try {
            facts.jsonLd.push({ ok: true, value: JSON.parse(source) });
          } catch (error) {
            facts.jsonLd.push({ ok: false, error: (error as Error).message, source: source.slice(0, 200) });
          }
        }
        if (heading && depth === heading.depth) {
          const text = squash(heading.text);
          facts.headings.push({ level: heading.level, text });
          if (heading.level === 1) seenH1 = true;
          heading = null;
        }
        if (link && depth === link.depth) {
          link.link.text = squash(link.link.text);
          facts.links.push(link.link);
          link = null;
        }
        if (paragraph && depth === paragraph.depth) {
          const text = squash(paragraph.text);
          if (text) {
            facts.paragraphs.push(text);
            if (paragraph.tag === "p") {
              firstAtAll ??= text;
              if (seenH1) firstAfterH1 ??= text;
            }
          }
          paragraph = null;
        }
        if (depth === hiddenDepth) hiddenDepth = -1;
        if (depth === mainDepth) mainDepth = -1;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  function separate() {
    mainText += " ";
    bodyText += " ";
  }

  function addText(text: string, visible: boolean) {
    if (heading) heading.text += text;
    if (link) link.link.text += text;
    if (!visible) return;
    if (paragraph) paragraph.text += text;
    if (mainDepth >= 0) mainText += text;
    if (!inHead) bodyText += text;
  }

  parser.write(html);
  parser.end();
  facts.mainText = squash(sawMain ? mainText : bodyText);
  facts.wordCount = countWords(facts.mainText);
  facts.firstParagraph = firstAfterH1 ?? firstAtAll;
  return facts;
}
