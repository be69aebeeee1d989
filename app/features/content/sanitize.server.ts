import sanitizeHtml from "sanitize-html";

/**
 * The last word on HTML made from Markdown (a body staff typed, or a draft a
 * model wrote): markdown-it already refuses raw HTML and javascript: links,
 * and this allow-list makes that hold whatever changes above it. Only the
 * elements markdown-it makes, only the attributes they need, links only to
 * http(s), mailto, tel or this site; no script, style, event handler or
 * frame can come through.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "s",
    "del",
    "a",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    th: ["style"],
    td: ["style"],
    code: ["class"],
  },
  allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizeRenderedHtml(html: string): string {
  return sanitizeHtml(html, options);
}
