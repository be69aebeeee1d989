import type { Db } from "~/db/client.server";
import { getSiteContent } from "~/features/content/queries.server";
import { canonicalUrl } from "~/lib/canonical-url";
import { findBlogWords } from "./blog.server";
import { FEED_PATH } from "./pagination";
import { feedPosts, type PostSummary } from "./posts.server";

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

// Characters XML 1.0 does not allow at all (a control character pasted into a title, say).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for an XML element or attribute. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** RFC 822 dates, as RSS 2.0 asks ("Tue, 10 Mar 2026 12:00:00 GMT"). */
export const rfc822 = (iso: string) => new Date(iso).toUTCString();

export interface FeedChannel {
  title: string;
  description: string;
  publicUrl: string;
}

/**
 * An RSS 2.0 document. lastBuildDate is the newest change among the items
 * (not the time of the request), so the same content gives the same bytes
 * and the page cache's ETag stays valid.
 */
export function renderRss(channel: FeedChannel, posts: PostSummary[]): string {
  const url = (path: string) => canonicalUrl(channel.publicUrl, path);
  const el = (name: string, text: string) => `<${name}>${xmlEscape(text)}</${name}>`;
  const newest = posts
    .map((p) => p.updatedAt)
    .sort()
    .at(-1);
  const items = posts.map((post) => {
    const link = url(`/blog/${post.slug}`);
    return [
      "    <item>",
      `      ${el("title", post.title)}`,
      `      ${el("link", link)}`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      ${el("pubDate", rfc822(post.publishedAt))}`,
      `      ${el("description", post.excerpt)}`,
      ...(post.author ? [`      ${el("dc:creator", `${post.author.name}, ${post.author.credentials}`)}`] : []),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    ${el("title", channel.title)}`,
    `    ${el("link", url("/blog"))}`,
    `    ${el("description", channel.description)}`,
    "    <language>en-us</language>",
    ...(newest ? [`    ${el("lastBuildDate", rfc822(newest))}`] : []),
    `    <atom:link href="${xmlEscape(url(FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The feed of the newest live posts, named after the clinic, described by the blog page's words. */
export async function loadFeed(db: Db, publicUrl: string): Promise<string> {
  const [site, { words }, posts] = await Promise.all([getSiteContent(db), findBlogWords(db), feedPosts(db)]);
  return renderRss({ title: `${site.clinicName} Blog`, description: words.metaDescription, publicUrl }, posts);
}
