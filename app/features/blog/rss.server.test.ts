import { describe, expect, it } from "vitest";
import type { PostSummary } from "./posts.server";
import { renderRss, rfc822, xmlEscape } from "./rss.server";

const post = (over: Partial<PostSummary>): PostSummary => ({
  slug: "a-post",
  title: "A post",
  excerpt: "An excerpt.",
  publishedAt: "2026-03-10T12:00:00.000Z",
  updatedAt: "2026-03-12T12:00:00.000Z",
  readingMinutes: 4,
  author: { slug: "maya-ellison", name: "Maya Ellison", credentials: "MD", role: "Psychiatrist" },
  ...over,
});

describe("the RSS feed", () => {
  it("escapes everything XML gives a meaning to, and drops what XML forbids", () => {
    expect(xmlEscape(`Tom & "Jerry" <b>'s</b>\u0001`)).toBe("Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;");
  });

  it("dates items in RFC 822", () => {
    expect(rfc822("2026-03-10T12:00:00.000Z")).toBe("Tue, 10 Mar 2026 12:00:00 GMT");
  });

  it("is an RSS 2.0 channel with absolute links, permalink guids and the newest change as lastBuildDate", () => {
    const xml = renderRss({ title: "Clinic Blog", description: "Words & more", publicUrl: "https://clinic.example" }, [
      post({ slug: "second", title: "Sleep <and> mood", updatedAt: "2026-05-01T12:00:00.000Z" }),
      post({ author: null }),
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain("<link>https://clinic.example/blog</link>");
    expect(xml).toContain("<description>Words &amp; more</description>");
    expect(xml).toContain(
      '<atom:link href="https://clinic.example/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain("<lastBuildDate>Fri, 01 May 2026 12:00:00 GMT</lastBuildDate>");
    expect(xml).toContain("<title>Sleep &lt;and&gt; mood</title>");
    expect(xml).toContain('<guid isPermaLink="true">https://clinic.example/blog/second</guid>');
    expect(xml).toContain("<dc:creator>Maya Ellison, MD</dc:creator>");
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml.match(/<dc:creator>/g)).toHaveLength(1);
  });

  it("has no lastBuildDate and no items when nothing is published", () => {
    const xml = renderRss({ title: "Blog", description: "d", publicUrl: "https://clinic.example" }, []);
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("lastBuildDate");
  });
});
