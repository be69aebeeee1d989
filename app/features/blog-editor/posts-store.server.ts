import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { can } from "~/features/auth/access";
import { audit } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { addSlugRedirect } from "~/features/seo-redirects/redirects.server";
import type { EditorActor } from "./editor-actor";
import { slugify, type PostForm, type PostFormField } from "./post-rules";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SaveKind = "save" | "autosave" | "restore";

export type SaveResult =
  | {
      ok: true;
      version: number;
      slug: string;
      status: t.BlogPostStatus;
      /** Set when the write moved the post back to draft (its text changed after review). */
      backToDraft: boolean;
      /** The new content version when the public site changed (for this instance's page cache). */
      contentVersion: string | null;
    }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string; currentVersion: number }
  | { ok: false; status: 403; message: string }
  | { ok: false; status: 400; message: string; fields: Partial<Record<PostFormField, string>> };

export const CONFLICT_MESSAGE =
  "This post was changed elsewhere (another tab or person) since you opened it. Nothing was overwritten: copy what you need, then reload to see the newer text.";

/** Whether a post is on the public site now. */
export const isLiveRow = (row: Pick<t.BlogPost, "status" | "publishedAt">, now = new Date()) =>
  row.status === "published" && row.publishedAt !== null && row.publishedAt <= now;

async function slugTaken(db: Db | Tx, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: t.blogPosts.id })
    .from(t.blogPosts)
    .where(
      exceptId === null ? eq(t.blogPosts.slug, slug) : and(eq(t.blogPosts.slug, slug), ne(t.blogPosts.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The title's slug, made unique with -2, -3… ("post" when the title has no letters or digits). */
async function freeSlugFor(db: Db | Tx, title: string, exceptId: number | null): Promise<string> {
  const base = slugify(title) || "post";
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await slugTaken(db, slug, exceptId))) return slug;
  }
  return `${base.slice(0, 100)}-${Date.now().toString(36)}`;
}

async function teamProblems(db: Db | Tx, form: PostForm): Promise<Partial<Record<PostFormField, string>>> {
  const fields: Partial<Record<PostFormField, string>> = {};
  const wanted = [form.authorSlug, form.reviewerSlug].filter(Boolean);
  if (form.featuredImageId) {
    const [image] = await db
      .select({ id: t.images.id })
      .from(t.images)
      .where(eq(t.images.id, Number(form.featuredImageId)));
    if (!image) fields.featuredImageId = "This image is no longer stored: upload it again.";
  }
  if (wanted.length === 0) return fields;
  const found = new Set((await db.select({ slug: t.teamMembers.slug }).from(t.teamMembers)).map((row) => row.slug));
  if (form.authorSlug && !found.has(form.authorSlug)) fields.authorSlug = "Choose an author from the team.";
  if (form.reviewerSlug && !found.has(form.reviewerSlug)) fields.reviewerSlug = "Choose a reviewer from the team.";
  return fields;
}

const columnsOf = (form: PostForm, slug: string) => ({
  slug,
  title: form.title,
  excerpt: form.excerpt,
  body: form.body,
  tags: form.tags,
  authorSlug: form.authorSlug || null,
  reviewerSlug: form.reviewerSlug || null,
  metaTitle: form.metaTitle,
  metaDescription: form.metaDescription,
  canonical: form.canonical || null,
  featuredImageId: form.featuredImageId ? Number(form.featuredImageId) : null,
});

/** What an audit entry keeps of a post: its fields, the body only as its length (the revisions keep the text). */
function snapshot(row: Partial<ReturnType<typeof columnsOf>> & { status?: string }) {
  const { body, ...rest } = row;
  return { ...rest, ...(body === undefined ? {} : { bodyLength: body.length }) };
}

/** A new draft from the editor's first save. Its revision history starts here. */
export async function createPost(
  db: Db,
  actor: EditorActor,
  form: PostForm,
): Promise<{ ok: true; id: number; slug: string } | Extract<SaveResult, { status: 400 }>> {
  const fields = await teamProblems(db, form);
  if (form.slug && (await slugTaken(db, form.slug, null))) fields.slug = "Another post already uses this address.";
  if (Object.keys(fields).length > 0)
    return { ok: false, status: 400, message: "Please correct the highlighted fields.", fields };
  return db.transaction(async (tx) => {
    const slug = form.slug || (await freeSlugFor(tx, form.title, null));
    const [row] = await tx
      .insert(t.blogPosts)
      .values({ ...columnsOf(form, slug), status: "draft" })
      .returning({ id: t.blogPosts.id });
    await tx.insert(t.blogPostRevisions).values({
      postId: row!.id,
      kind: "save",
      title: form.title,
      excerpt: form.excerpt,
      body: form.body,
      savedById: actor.id,
    });
    await audit(tx, actor, {
      action: "blog_post_created",
      target: { type: "blog_post", id: String(row!.id) },
      detail: { before: null, after: snapshot({ ...columnsOf(form, slug), status: "draft" }) },
    });
    return { ok: true as const, id: row!.id, slug };
  });
}

/**
 * Writes the editor's fields when the post is still at `expectedVersion`
 * (otherwise 409: another tab or person saved since; nothing is overwritten).
 *
 * - A change of the words (title, excerpt, body) of a post in review,
 *   approved, scheduled or unpublished takes it back to draft and clears the
 *   approval: a clinician approves words, not a post.
 * - The words of a live post change only by a clinician (`blog-approve`),
 *   whose save is their approval of the new words.
 * - A live post's new slug leaves a 301 from the old address.
 * - One revision per explicit save or restore; one per autosave session,
 *   updated as the session goes on (audited when it starts).
 */
export async function savePost(
  db: Db,
  actor: EditorActor,
  id: number,
  expectedVersion: number,
  form: PostForm,
  { kind, session }: { kind: SaveKind; session?: string },
  now = new Date(),
): Promise<SaveResult> {
  const fields = await teamProblems(db, form);
  if (form.slug && (await slugTaken(db, form.slug, id))) fields.slug = "Another post already uses this address.";
  if (Object.keys(fields).length > 0)
    return { ok: false, status: 400, message: "Please correct the highlighted fields.", fields };

  return db.transaction(async (tx): Promise<SaveResult> => {
    const [before] = await tx.select().from(t.blogPosts).where(eq(t.blogPosts.id, id)).for("update");
    if (!before) return { ok: false, status: 404, message: "This post no longer exists." };
    if (before.version !== expectedVersion)
      return { ok: false, status: 409, message: CONFLICT_MESSAGE, currentVersion: before.version };

    const live = isLiveRow(before, now);
    const wordsChanged = before.title !== form.title || before.excerpt !== form.excerpt || before.body !== form.body;
    if (live && wordsChanged && !can(actor.roles, "blog-approve")) {
      return {
        ok: false,
        status: 403,
        message:
          "The words of a published post change only with a clinician's approval: ask a clinician to make this change, or unpublish the post first.",
      };
    }
    const slug = form.slug || (await freeSlugFor(tx, form.title, id));
    const backToDraft =
      wordsChanged &&
      (["in_review", "approved", "unpublished"].includes(before.status) || (before.status === "published" && !live));
    const reapproved = live && wordsChanged;
    const status: t.BlogPostStatus = backToDraft ? "draft" : before.status;

    const [after] = await tx
      .update(t.blogPosts)
      .set({
        ...columnsOf(form, slug),
        status,
        version: sql`${t.blogPosts.version} + 1`,
        updatedAt: now,
        ...(backToDraft ? { approvedById: null, approvedAt: null, publishedAt: null, unpublishedRedirect: null } : {}),
        ...(reapproved ? { approvedById: actor.id, approvedAt: now } : {}),
      })
      .where(eq(t.blogPosts.id, id))
      .returning();

    if (live && before.slug !== slug) await addSlugRedirect(tx, `/blog/${before.slug}`, `/blog/${slug}`, actor);

    const target = { type: "blog_post", id: String(id) };
    const revision = { title: form.title, excerpt: form.excerpt, body: form.body, savedById: actor.id, updatedAt: now };
    const detail = { kind, ...changes(before, after!) };
    if (kind === "autosave") {
      // One revision per autosave session, holding its latest text; audited once, when the session starts.
      const [row] = await tx
        .insert(t.blogPostRevisions)
        .values({ postId: id, kind, session: session ?? null, ...revision, createdAt: now })
        .onConflictDoUpdate({ target: [t.blogPostRevisions.postId, t.blogPostRevisions.session], set: revision })
        .returning({ createdAt: t.blogPostRevisions.createdAt });
      if (row && row.createdAt.getTime() === now.getTime())
        await audit(tx, actor, { action: "blog_post_saved", target, detail });
    } else {
      await tx.insert(t.blogPostRevisions).values({ postId: id, kind, ...revision, createdAt: now });
      await audit(tx, actor, { action: kind === "restore" ? "blog_post_restored" : "blog_post_saved", target, detail });
    }
    if (backToDraft) {
      await audit(tx, actor, {
        action: "blog_post_status_changed",
        target,
        detail: { before: { status: before.status }, after: { status: "draft" }, reason: "words_changed" },
      });
    }
    const contentVersion = live || (backToDraft && before.status === "published") ? await bumpContentVersion(tx) : null;
    return { ok: true, version: after!.version, slug, status, backToDraft, contentVersion };
  });
}

/** Before and after of the fields a write changed. */
function changes(before: t.BlogPost, after: t.BlogPost) {
  const keys = [
    "slug",
    "title",
    "excerpt",
    "body",
    "tags",
    "authorSlug",
    "reviewerSlug",
    "metaTitle",
    "metaDescription",
    "canonical",
    "featuredImageId",
    "status",
  ] as const;
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: snapshot(was as never), after: snapshot(now as never) };
}
