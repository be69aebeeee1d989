import { describe, expect, it } from "vitest";
import { renderBody } from "./markdown.server";
import { sanitizeRenderedHtml } from "./sanitize.server";

const html = (body: string) =>
  renderBody(body)
    .map((segment) => (segment.kind === "html" ? segment.html : ""))
    .join("");

/** Whether a piece of HTML could run anything (inside real tags: escaped text is only text): a script element, an event handler, a script or data URL. */
function runnable(markup: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(markup)) found.push("script element");
  if (/<(iframe|object|embed|style|svg|math|form|input|base|meta|link)\b/i.test(markup)) found.push("active element");
  if (/<[^>]+\son[a-z]+\s*=/i.test(markup)) found.push("event handler");
  if (/<[^>]+\s(href|src|action)\s*=\s*["']?\s*(javascript|vbscript|data):/i.test(markup)) found.push("script URL");
  return found;
}

const NASTY = [
  `<script>alert(1)</script>`,
  `<img src=x onerror="alert(1)">`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg onload=alert(1)>`,
  `<iframe src="https://example.com"></iframe>`,
  `<p style="background:url(javascript:alert(1))" onclick="alert(1)">hi</p>`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<form action="javascript:alert(1)"><input type=submit></form>`,
  `<base href="javascript:alert(1)//">`,
  `<details open ontoggle=alert(1)>`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<style>@import 'https://evil.example/x.css';</style>`,
  `<!--<img src=x onerror=alert(1)>-->`,
];

describe("sanitising HTML made from Markdown", () => {
  it.each(NASTY)("lets nothing runnable through the sanitiser itself: %s", (input) => {
    expect(runnable(sanitizeRenderedHtml(input))).toEqual([]);
  });

  it.each(NASTY)("lets nothing runnable through a body that holds it: %s", (input) => {
    expect(runnable(html(`## Heading\n\nBefore ${input} after.\n\n${input}\n`))).toEqual([]);
  });

  it.each([
    "[click](javascript:alert(1))",
    "[click](JAVASCRIPT:alert(1))",
    "[click](javascript&#58;alert(1))",
    "[click](data:text/html,<script>alert(1)</script>)",
    "![x](javascript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "<javascript:alert(1)>",
    "[a](<javascript:alert(1)>)",
    "[ref]\n\n[ref]: javascript:alert(1)",
  ])("makes no script link from Markdown link syntax: %s", (input) => {
    expect(runnable(html(input))).toEqual([]);
  });

  it("keeps what posts are made of: headings, lists, emphasis, links, tables, code, quotes", () => {
    const out = html(
      [
        "## Sleep and mood",
        "",
        "Some **strong** and *gentle* words, a [page](/adhd), an [outside link](https://988lifeline.org) and a [call](tel:988).",
        "",
        "- one",
        "- two",
        "",
        "1. first",
        "",
        "> a quote",
        "",
        "| a | b |",
        "|:-|-:|",
        "| 1 | 2 |",
        "",
        "```ts",
        "const x = 1;",
        "```",
      ].join("\n"),
    );
    expect(out).toContain("<h2>Sleep and mood</h2>");
    expect(out).toContain("<strong>strong</strong>");
    expect(out).toContain('<a href="/adhd">page</a>');
    expect(out).toContain('<a href="https://988lifeline.org" rel="noopener noreferrer">outside link</a>');
    expect(out).toContain('<a href="tel:988">call</a>');
    expect(out).toContain("<li>one</li>");
    expect(out).toContain("<blockquote>");
    expect(out).toContain('<th style="text-align:left">a</th>');
    expect(out).toContain('<code class="language-ts">');
  });
});
