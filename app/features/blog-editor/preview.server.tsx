import { eq, inArray } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { loadPostPreview } from "~/features/blog/blog.server";
import { PostArticle } from "~/features/blog/components/blog-post-page";
import type { PostPerson } from "~/features/blog/posts.server";
import { getSiteRow } from "~/features/content/queries.server";
import { withFallbacks } from "~/features/content/site-content";

export interface PreviewInput {
  /** The post being edited (its address and dates); null for a post not saved yet. */
  id: number | null;
  title: string;
  excerpt: string;
  body: string;
  authorSlug: string;
  reviewerSlug: string;
  /** The featured image's id as the editor holds it; empty or absent: none. */
  featuredImageId?: string;
}

/**
 * The editor's live preview: the draft rendered on the server by the public
 * post's own components (PostArticle, the same Markdown, sanitiser and
 * blocks), so what staff see is what visitors will get, byte for byte, and
 * no Markdown code ever reaches a browser bundle. Dates are the post's own
 * once it has them; until then, now.
 */
export async function renderPreviewHtml(db: Db, input: PreviewInput, now = new Date()): Promise<string> {
  const slugs = [input.authorSlug, input.reviewerSlug].filter(Boolean);
  const [people, [stored], siteRow] = await Promise.all([
    slugs.length
      ? db
          .select({
            slug: t.teamMembers.slug,
            name: t.teamMembers.name,
            credentials: t.teamMembers.credentials,
            role: t.teamMembers.role,
          })
          .from(t.teamMembers)
          .where(inArray(t.teamMembers.slug, slugs))
      : Promise.resolve([] as PostPerson[]),
    input.id === null
      ? Promise.resolve([] as Pick<t.BlogPost, "slug" | "publishedAt" | "updatedAt">[])
      : db
          .select({ slug: t.blogPosts.slug, publishedAt: t.blogPosts.publishedAt, updatedAt: t.blogPosts.updatedAt })
          .from(t.blogPosts)
          .where(eq(t.blogPosts.id, input.id)),
    getSiteRow(db),
  ]);
  const find = (slug: string) => people.find((p) => p.slug === slug) ?? null;
  const view = await loadPostPreview(db, {
    slug: stored?.slug ?? "preview",
    title: input.title,
    excerpt: input.excerpt,
    body: input.body,
    author: find(input.authorSlug),
    reviewer: find(input.reviewerSlug),
    metaTitle: "",
    metaDescription: "",
    publishedAt: stored?.publishedAt ?? null,
    updatedAt: stored?.updatedAt ?? now,
    featuredImageId: /^\d{1,9}$/.test(input.featuredImageId ?? "") ? Number(input.featuredImageId) : null,
  });
  return renderToString(
    <MemoryRouter>
      <PostArticle view={view} site={withFallbacks(siteRow)} />
    </MemoryRouter>,
  );
}
