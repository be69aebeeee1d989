import { describe, expect, it } from "vitest";
import { countWords, readPageFacts } from "./page-facts.server";

const PAGE = `<!DOCTYPE html><html lang="en"><head>
<meta charset="utf-8"><title>ADHD care &amp; evaluation | Example Clinic</title>
<meta name="description" content="Careful ADHD evaluation for adults.">
<meta name="robots" content="index, follow">
<link rel="canonical" href="/adhd">
<meta property="og:title" content="ADHD care"><meta property="og:image" content="https://clinic.example/og.png">
<meta name="twitter:card" content="summary_large_image">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"MedicalWebPage","name":"ADHD"}</script>
<script type="application/ld+json">{"@context": broken</script>
<script>var notText = "never counted";</script>
</head><body>
<header><a href="/">Home</a><nav><a href="/services">Services</a><a href="tel:+14075550142">Call</a></nav>
<svg><title>icon title</title></svg></header>
<main>
<p>If you are in crisis, call or text 988.</p>
<h1>ADHD <em>evaluation</em></h1>
<p>We   evaluate attention and focus carefully.</p>
<h2>What to expect</h2>
<ul><li>An interview, about an hour.</li><li>Questionnaires you fill in at home.</li></ul>
<h4>Skipped a level</h4>
<p>Read <a href="/request-appointment?service=adhd#form" rel="nofollow">request a visit</a> or
<a href="https://elsewhere.example/x">another site</a> or <a href="#top">top</a> or <a href="javascript:void(0)">nothing</a>.</p>
<img src="/images/a.png" alt="A calm waiting room"><img src="/images/b.png"><img src="/images/c.png" alt="">
<img src="/images/d.png" aria-hidden="true">
<noscript>Turn on scripts</noscript>
</main>
<footer><a href="/privacy-policy"><img src="/logo.png" alt="Clinic logo"></a></footer>
</body></html>`;

describe("readPageFacts", () => {
  const facts = readPageFacts(PAGE, "https://clinic.example/adhd");

  it("reads the head: title, description, robots, canonical (absolute), Open Graph and Twitter tags", () => {
    expect(facts.lang).toBe("en");
    expect(facts.titles).toEqual(["ADHD care & evaluation | Example Clinic"]);
    expect(facts.descriptions).toEqual(["Careful ADHD evaluation for adults."]);
    expect(facts.robots).toEqual(["index, follow"]);
    expect(facts.canonicals).toEqual(["https://clinic.example/adhd"]);
    expect(facts.openGraph).toEqual({ "og:title": "ADHD care", "og:image": "https://clinic.example/og.png" });
    expect(facts.twitter).toEqual({ "twitter:card": "summary_large_image" });
  });

  it("parses each JSON-LD block, and says why one does not parse", () => {
    expect(facts.jsonLd).toHaveLength(2);
    expect(facts.jsonLd[0]).toEqual({
      ok: true,
      value: { "@context": "https://schema.org", "@type": "MedicalWebPage", name: "ADHD" },
    });
    expect(facts.jsonLd[1]).toMatchObject({ ok: false, source: '{"@context": broken' });
  });

  it("lists the headings in order with their text (an svg's title is not a heading or a title)", () => {
    expect(facts.headings).toEqual([
      { level: 1, text: "ADHD evaluation" },
      { level: 2, text: "What to expect" },
      { level: 4, text: "Skipped a level" },
    ]);
  });

  it("counts the words of the main content only: alt text, scripts and noscript left out", () => {
    const main =
      "If you are in crisis, call or text 988. ADHD evaluation We evaluate attention and focus carefully. " +
      "What to expect An interview, about an hour. Questionnaires you fill in at home. Skipped a level " +
      "Read request a visit or another site or top or nothing.";
    expect(facts.wordCount).toBe(countWords(main));
    // The text itself too, squashed, for the page settings' keyphrase density.
    expect(facts.mainText.split(" ")).toEqual(main.split(" "));
    expect(countWords("Don't rush the follow-up, it's 5.5 hours")).toBe(7);
  });

  it("takes the first paragraph after the h1 as the introduction, and every paragraph and item of main", () => {
    expect(facts.firstParagraph).toBe("We evaluate attention and focus carefully.");
    expect(facts.paragraphs).toContain("An interview, about an hour.");
    expect(facts.paragraphs[0]).toBe("If you are in crisis, call or text 988.");
  });

  it("resolves links without their fragment, keeps tel: as written, and drops fragments and javascript:", () => {
    expect(facts.links.map((l) => [l.href, l.inMain])).toEqual([
      ["https://clinic.example/", false],
      ["https://clinic.example/services", false],
      ["tel:+14075550142", false],
      ["https://clinic.example/request-appointment?service=adhd", true],
      ["https://elsewhere.example/x", true],
      ["https://clinic.example/privacy-policy", false],
    ]);
    expect(facts.links[3]).toMatchObject({ text: "request a visit", nofollow: true });
    // An image link's text is its alt text.
    expect(facts.links[5].text).toBe("Clinic logo");
  });

  it("tells a missing alt from a decorative one", () => {
    expect(facts.images.map((i) => [i.src.replace("https://clinic.example", ""), i.alt, i.hidden, i.inMain])).toEqual([
      ["/images/a.png", "A calm waiting room", false, true],
      ["/images/b.png", null, false, true],
      ["/images/c.png", "", false, true],
      ["/images/d.png", null, true, true],
      ["/logo.png", "Clinic logo", false, false],
    ]);
  });

  it("reads a page without main, head tags or headings without failing", () => {
    const bare = readPageFacts("<p>Just one line of text here</p>", "https://clinic.example/x");
    expect(bare).toMatchObject({ titles: [], descriptions: [], canonicals: [], headings: [], wordCount: 6 });
    expect(bare.firstParagraph).toBeNull();
  });
});
