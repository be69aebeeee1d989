import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { isLive } from "~/features/content/live-posts.server";

/** One clinician and the articles they wrote or reviewed (live ones: not drafts, not scheduled). */
export async function loadTeamMember(db: Db, slug: string) {
  const [member] = await db.select().from(t.teamMembers).where(eq(t.teamMembers.slug, slug));
  if (!member) return null;
  const posts = await db
    .select({ slug: t.blogPosts.slug, title: t.blogPosts.title })
    .from(t.blogPosts)
    .where(and(isLive(), or(eq(t.blogPosts.authorSlug, slug), eq(t.blogPosts.reviewerSlug, slug))))
    .orderBy(desc(t.blogPosts.publishedAt))
    .limit(5);
  return { member: { ...member, updatedAt: member.updatedAt.toISOString() }, posts };
}
