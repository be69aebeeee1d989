import type { Db } from "~/db/client.server";
import { plainText, readingMinutes } from "~/features/content/markdown.server";
import { getSiteRow } from "~/features/content/queries.server";
import { withFallbacks } from "~/features/content/site-content";
import { findPage } from "~/features/pages/content-page.server";
import { loadBody, type BodyView } from "~/features/pages/block-data.server";
import { featuredImage, type FeaturedImage } from "./featured-image.server";
import { paginatedDescription, paginatedTitle } from "./list-page-words.server";
import { findLivePost, listLivePosts, recentLivePosts, type PostDetail, type PostSummary } from "./posts.server";

/** The list page's own words: the `pages` row with slug "blog" (content/pages/blog.md). */
export interface BlogWords {
  title: string;
  metaTitle: string;
  metaDescription: string;
  lede: string;
  updatedAt: string | null;
}

/** Used only when staff have removed or unpublished the "blog" page row: the blog still works. */
export const FALLBACK_BLOG_WORDS: BlogWords = {
  title: "Blog",
  metaTitle: "Mental Health Blog",
  metaDescription:
    "Plain-language articles on anxiety, depression, therapy, medication and everyday mental health, written and reviewed by licensed clinicians.",
  lede: "Helpful, plain-language reading on mental health, therapy and everyday well-being from our team.",
  updatedAt: null,
};

/** The list's words and its Markdown note (not yet rendered). */
export async function findBlogWords(db: Db): Promise<{ words: BlogWords; note: string }> {
  const page = await findPage(db, "blog");
  if (!page) return { words: FALLBACK_BLOG_WORDS, note: "" };
  return {
    words: {
      title: page.title,
      metaTitle: page.metaTitle || page.title,
      metaDescription: page.metaDescription || FALLBACK_BLOG_WORDS.metaDescription,
      lede: page.lede,
      updatedAt: page.updatedAt.toISOString(),
    },
    note: page.body,
  };
}

export interface BlogIndexView {
  words: BlogWords;
  /** The page's note (content/pages/blog.md's body), shown under the list. */
  body: BodyView | null;
  page: number;
  pageCount: number;
  total: number;
  posts: PostSummary[];
  /** This page's search title and description ("– Page 2", "Page 2 of 3."), each within its limit. */
  searchTitle: string;
  searchDescription: string;
}

/** One page of the list; null when the page is past the end. */
export async function loadBlogIndex(db: Db, page: number): Promise<BlogIndexView | null> {
  const list = await listLivePosts(db, { page });
  if (page > list.pageCount) return null;
  const [{ words, note }, site, posts] = await Promise.all([
    findBlogWords(db),
    getSiteRow(db),
    // The first card's image may be the list's largest paint: loaded at once; the others as they scroll in.
    Promise.all(
      list.posts.map(async (post, i) => {
        const image = await featuredImage(db, post.featuredImageId ?? null, { priority: i === 0, card: true });
        return image ? { ...post, imageHtml: image.html } : post;
      }),
    ),
  ]);
  return {
    words,
    body: note.trim() ? await loadBody(db, note) : null,
    page,
    ...list,
    posts,
    searchTitle: paginatedTitle(words.metaTitle, page, withFallbacks(site).clinicName),
    searchDescription: paginatedDescription(words.metaDescription, page, list.pageCount),
  };
}

export interface BlogPostView {
  post: Omit<PostDetail, "body">;
  body: BodyView;
  wordCount: number;
  /** Other recent articles, to keep reading. */
  more: PostSummary[];
  /** The list's name (the h1 of /blog), for the trail. */
  blogTitle: string;
  /** The featured image above the body (the post's largest paint: loaded at once), and og:image. */
  featuredImage?: FeaturedImage | null;
  /** That image's 1280-wide JPEG, absolute on PUBLIC_URL: the post's og:image. */
  socialImage?: string;
  /**
   * The canonical set in the editor, absolute on PUBLIC_URL (resolved here, so the page's meta needs no
   * code in the browser to resolve it); absent: the post's own address.
   */
  canonical?: string;
}

/** A live post rendered with its blocks; null for a draft, a scheduled post or no post. */
export async function loadBlogPost(db: Db, slug: string, publicUrl?: string): Promise<BlogPostView | null> {
  const found = await findLivePost(db, slug);
  if (!found) return null;
  const { body, canonical, ...post } = found;
  const [view, more, { words }, image] = await Promise.all([
    loadBody(db, body),
    recentLivePosts(db, { exceptSlug: slug, limit: 3 }),
    findBlogWords(db),
    featuredImage(db, post.featuredImageId ?? null, { priority: true }),
  ]);
  return {
    post,
    featuredImage: image,
    body: view,
    wordCount: countWords(body),
    more,
    blogTitle: words.title,
    ...(canonical && publicUrl ? { canonical: new URL(canonical, `${publicUrl}/`).href } : {}),
    ...(image?.social && publicUrl ? { socialImage: new URL(image.social, `${publicUrl}/`).href } : {}),
  };
}

function countWords(body: string) {
  return plainText(body).split(" ").filter(Boolean).length;
}

/** What the editor's preview shows of a draft: the words as typed, the people and dates as they would be. */
export interface PostDraftForPreview {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  author: PostDetail["author"];
  reviewer: PostDetail["reviewer"];
  metaTitle: string;
  metaDescription: string;
  publishedAt: Date | null;
  updatedAt: Date;
  featuredImageId: number | null;
}

/**
 * A draft as the public post page would render it (its blocks' data read
 * as for the live page), for the editor's preview: loadBlogPost's view,
 * without the "more to read" box outside the article.
 */
export async function loadPostPreview(db: Db, draft: PostDraftForPreview): Promise<Omit<BlogPostView, "more">> {
  const [body, { words }, image] = await Promise.all([
    loadBody(db, draft.body),
    findBlogWords(db),
    featuredImage(db, draft.featuredImageId, { priority: true }),
  ]);
  const publishedAt = draft.publishedAt ?? draft.updatedAt;
  const updatedAt = draft.updatedAt > publishedAt ? draft.updatedAt : publishedAt;
  return {
    post: {
      slug: draft.slug,
      title: draft.title,
      excerpt: draft.excerpt,
      publishedAt: publishedAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      readingMinutes: readingMinutes(draft.body),
      author: draft.author,
      reviewer: draft.reviewer,
      metaTitle: draft.metaTitle || draft.title,
      metaDescription: draft.metaDescription || draft.excerpt,
      featuredImageId: draft.featuredImageId,
    },
    featuredImage: image,
    body,
    wordCount: countWords(draft.body),
    blogTitle: words.title,
  };
}
