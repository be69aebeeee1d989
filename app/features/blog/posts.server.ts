import { and, count, eq, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { isLive } from "~/features/content/live-posts.server";
import { readingMinutes } from "~/features/content/markdown.server";

export const POSTS_PER_PAGE = 10;
export const FEED_SIZE = 20;

/** A team member as a post names them (author or reviewer). */
export interface PostPerson {
  slug: string;
  name: string;
  credentials: string;
  role: string;
}

/** What a list, the feed or a "more articles" box shows of a post. Dates are ISO strings. */
export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
  author: PostPerson | null;
  /** The featured image's id (its markup is added by the page's loader); null: none. */
  featuredImageId?: number | null;
  /** The featured image's markup, made on the server (featured-image.server.tsx), for the list's cards. */
  imageHtml?: string;
}

export interface PostDetail extends PostSummary {
  metaTitle: string;
  metaDescription: string;
  /** The canonical staff set in the editor (a site path or an https address); null: the post's own address. */
  canonical?: string | null;
  body: string;
  reviewer: PostPerson | null;
}

// "nulls last" as the index has it (drizzle-kit's default for desc): with
// plain "desc" (nulls first) PostgreSQL could not take the order from the index.
const newestFirst = [sql`${t.blogPosts.publishedAt} desc nulls last`, sql`${t.blogPosts.id} desc nulls last`];

const author = alias(t.teamMembers, "author");
const reviewer = alias(t.teamMembers, "reviewer");

const personColumns = (m: typeof author | typeof reviewer) => ({
  slug: m.slug,
  name: m.name,
  credentials: m.credentials,
  role: m.role,
});

const summaryColumns = {
  slug: t.blogPosts.slug,
  title: t.blogPosts.title,
  excerpt: t.blogPosts.excerpt,
  body: t.blogPosts.body,
  publishedAt: t.blogPosts.publishedAt,
  updatedAt: t.blogPosts.updatedAt,
  author: personColumns(author),
  featuredImageId: t.blogPosts.featuredImageId,
};

type Nullable<T> = { [K in keyof T]: T[K] | null };
type PersonRow = Nullable<PostPerson> | null;

type SummaryRow = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  publishedAt: Date | null;
  updatedAt: Date;
  author: PersonRow;
  featuredImageId: number | null;
};

/** A left-joined team member: null when the post names nobody (or someone since removed). */
function person(row: PersonRow): PostPerson | null {
  if (!row?.slug || !row.name) return null;
  return { slug: row.slug, name: row.name, credentials: row.credentials ?? "", role: row.role ?? "" };
}

function toSummary(row: SummaryRow): PostSummary {
  const publishedAt = row.publishedAt ?? row.updatedAt;
  // A post edited before its publication date was "updated" before anyone saw it.
  const updatedAt = row.updatedAt > publishedAt ? row.updatedAt : publishedAt;
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    publishedAt: publishedAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    readingMinutes: readingMinutes(row.body),
    author: person(row.author),
    featuredImageId: row.featuredImageId,
  };
}

/** The list query (exported so a test can check its plan stays on the index). */
export function summaryQuery(db: Db, where: SQL, limit: number, offset = 0) {
  return db
    .select(summaryColumns)
    .from(t.blogPosts)
    .leftJoin(author, eq(author.slug, t.blogPosts.authorSlug))
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

async function summaries(db: Db, where: SQL, limit: number, offset = 0) {
  return (await summaryQuery(db, where, limit, offset)).map(toSummary);
}

export async function countLivePosts(db: Db, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.blogPosts).where(isLive(now));
  return row?.n ?? 0;
}

/** Pages of the list: at least one, even when there is nothing to list yet. */
export function pageCountFor(total: number, perPage = POSTS_PER_PAGE) {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * One page (from 1) of the live posts, newest first, with the total for the
 * pagination. A page past the end comes back empty; the caller decides (404).
 */
export async function listLivePosts(
  db: Db,
  { page = 1, perPage = POSTS_PER_PAGE, now = new Date() }: { page?: number; perPage?: number; now?: Date } = {},
): Promise<{ posts: PostSummary[]; total: number; pageCount: number }> {
  const total = await countLivePosts(db, now);
  const pageCount = pageCountFor(total, perPage);
  const posts = page > pageCount ? [] : await summaries(db, isLive(now), perPage, (page - 1) * perPage);
  return { posts, total, pageCount };
}

/** The newest live posts, leaving out one (the post being read). */
export function recentLivePosts(
  db: Db,
  { exceptSlug, limit = 3, now = new Date() }: { exceptSlug?: string; limit?: number; now?: Date } = {},
): Promise<PostSummary[]> {
  const where = exceptSlug ? and(isLive(now), ne(t.blogPosts.slug, exceptSlug))! : isLive(now);
  return summaries(db, where, limit);
}

/** What the RSS feed lists: the newest live posts. */
export function feedPosts(db: Db, { limit = FEED_SIZE, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return summaries(db, isLive(now), limit);
}

/** A live post with its author and reviewer; null for a draft, a scheduled post or no post. */
export async function findLivePost(db: Db, slug: string, now = new Date()): Promise<PostDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      metaTitle: t.blogPosts.metaTitle,
      metaDescription: t.blogPosts.metaDescription,
      canonical: t.blogPosts.canonical,
      reviewer: personColumns(reviewer),
    })
    .from(t.blogPosts)
    .leftJoin(author, eq(author.slug, t.blogPosts.authorSlug))
    .leftJoin(reviewer, eq(reviewer.slug, t.blogPosts.reviewerSlug))
    .where(and(eq(t.blogPosts.slug, slug), isLive(now)))
    .limit(1);
  if (!row) return null;
  return {
    ...toSummary(row),
    metaTitle: row.metaTitle || row.title,
    metaDescription: row.metaDescription || row.excerpt,
    body: row.body,
    canonical: row.canonical,
    reviewer: person(row.reviewer),
  };
}

/**
 * What the address of a post taken off the blog answers (decision 0035):
 * null when no unpublished post has this slug; otherwise the path staff
 * chose to send visitors to, or null for 410 Gone.
 */
export async function findUnpublishedPost(db: Db, slug: string): Promise<{ redirectTo: string | null } | null> {
  const [row] = await db
    .select({ redirectTo: t.blogPosts.unpublishedRedirect })
    .from(t.blogPosts)
    .where(and(eq(t.blogPosts.slug, slug), eq(t.blogPosts.status, "unpublished")))
    .limit(1);
  return row ?? null;
}
