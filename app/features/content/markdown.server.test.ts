import { describe, expect, it } from "vitest";
import { blocksIn, bodyProblems, readingMinutes, renderBody } from "./markdown.server";

describe("page bodies in Markdown", () => {
  it("renders Markdown with the live blocks between the pieces", () => {
    const segments = renderBody("## Help\n\nCall us.\n\n{{crisis-help}}\n\nMore *words*.\n{{get-started}}");
    expect(segments).toEqual([
      { kind: "html", html: "<h2>Help</h2>\n<p>Call us.</p>\n" },
      { kind: "block", name: "crisis-help" },
      { kind: "html", html: "<p>More <em>words</em>.</p>\n" },
      { kind: "block", name: "get-started" },
    ]);
    expect([...blocksIn("{{team}}\ntext\n{{team}}\n{{nope}}")]).toEqual(["team"]);
  });

  it("shows raw HTML and script links as harmless text", () => {
    const [segment] = renderBody("<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://988lifeline.org)");
    expect(segment).toMatchObject({ kind: "html" });
    const html = segment!.kind === "html" ? segment!.html : "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="https://988lifeline.org" rel="noopener noreferrer">y</a>');
  });

  it("names what breaks the writing rules", () => {
    expect(bodyProblems("## Fine\n\n{{treatments}}")).toEqual([]);
    expect(bodyProblems("# Title\n\n{{carousel}}\n\n<b>x</b>")).toEqual([
      "unknown block {{carousel}}",
      "a '#' heading (the page's title is its only h1; start at '##')",
      "raw HTML (it would show as text)",
    ]);
  });

  it("estimates reading time at 200 words a minute", () => {
    expect(readingMinutes("word ".repeat(50))).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
});
