import { and, eq, max, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { isLive } from "~/features/content/live-posts.server";

const KEY = "blog_due_through";

/**
 * A post dated in the future appears by the clock alone, with nothing
 * written; but the page cache keeps /blog and the feed until the content
 * version changes. Called every minute (SCHEDULED_POSTS_POLL_SECONDS): when a post has fallen due since the
 * last look, the version is bumped — once, however many instances look
 * (the marker moves in the same transaction, only forward).
 */
export async function bumpWhenPostsFallDue(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ latest: max(t.blogPosts.publishedAt) })
    .from(t.blogPosts)
    .where(isLive(now));
  const latest = String(row?.latest ? new Date(row.latest).getTime() : 0);
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(t.appMeta)
      .values({ key: KEY, value: latest })
      .onConflictDoNothing()
      .returning({ key: t.appMeta.key });
    if (first.length > 0) return false;
    const marker = (op: "<" | ">") =>
      tx
        .update(t.appMeta)
        .set({ value: latest, updatedAt: now })
        .where(and(eq(t.appMeta.key, KEY), sql`${t.appMeta.value}::bigint ${sql.raw(op)} ${latest}::bigint`))
        .returning({ key: t.appMeta.key });
    if ((await marker("<")).length === 0) {
      // Moving back (a post unpublished or deleted) is an edit, and an edit bumps the version itself.
      await marker(">");
      return false;
    }
    await bumpContentVersion(tx);
    return true;
  });
}
