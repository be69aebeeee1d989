import { like, or, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { plainSummary, slugFromTitle, type SaveDraft } from "./save-draft";

/** A slug no post has yet: the title's, or the title's with -2, -3, … */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: t.blogPosts.slug })
        .from(t.blogPosts)
        .where(or(eq(t.blogPosts.slug, base), like(t.blogPosts.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Stores the generated (and edited) text as a new draft post with the columns
 * every blog_posts row has (the editor fills in the rest), audited in the
 * same transaction. A draft is not public: the content version stays.
 */
export async function saveGeneratedDraft(db: Db, actor: AuditActor, draft: SaveDraft): Promise<number> {
  const excerpt = plainSummary(draft.body, 300);
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, slugFromTitle(draft.title));
    const [row] = await tx
      .insert(t.blogPosts)
      .values({
        slug,
        title: draft.title,
        metaTitle: draft.title.slice(0, 60),
        metaDescription: plainSummary(draft.body, 156),
        excerpt,
        body: draft.body,
        status: "draft",
      })
      .returning({ id: t.blogPosts.id });
    await audit(tx, actor, {
      action: "blog_draft_generated",
      target: { type: "blog_post", id: String(row!.id) },
      detail: { after: { slug, title: draft.title, status: "draft", words: draft.body.split(/\s+/).length } },
    });
    return row!.id;
  });
}
