import { and, eq, lte, type SQL } from "drizzle-orm";
import * as t from "~/db/schema";

/**
 * A post visitors may see: published, and its time has come (a post dated
 * later is scheduled). The one rule every reader of posts shares: the blog's
 * lists and feed, the sitemap, a team member's articles. Both columns lead
 * blog_posts_published_idx, whose (published_at desc, id desc) order is the
 * lists' order, so a page of the list is an index range read that stops
 * after its rows.
 */
export function isLive(now: Date = new Date()): SQL {
  return and(eq(t.blogPosts.status, "published"), lte(t.blogPosts.publishedAt, now))!;
}
