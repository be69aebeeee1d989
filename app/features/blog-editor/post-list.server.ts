import { and, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { formatClinicDateTime } from "~/lib/clinic-time";
import type { ListFilters } from "./list-params";
import { shownStatus, type ShownStatus } from "./post-rules";

export interface When {
  iso: string;
  text: string;
}
const when = (at: Date | null): When | null => (at ? { iso: at.toISOString(), text: formatClinicDateTime(at) } : null);

export interface PostListRow {
  id: number;
  title: string;
  slug: string;
  status: ShownStatus;
  author: string | null;
  reviewer: string | null;
  approvedBy: string | null;
  approvedAt: When | null;
  publishedAt: When | null;
  updatedAt: When;
  createdAt: When;
}

const author = alias(t.teamMembers, "author");
const reviewer = alias(t.teamMembers, "reviewer");

function statusCondition(status: ShownStatus, now: Date): SQL {
  if (status === "scheduled") return and(eq(t.blogPosts.status, "published"), gt(t.blogPosts.publishedAt, now))!;
  if (status === "published") return and(eq(t.blogPosts.status, "published"), lte(t.blogPosts.publishedAt, now))!;
  return eq(t.blogPosts.status, status);
}

/** Escapes LIKE's wildcards, so a search for "100%" means that. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every post (a clinic's blog runs to tens or hundreds), most recently
 * changed first, filtered as the address says.
 */
export async function listPosts(db: Db, filters: ListFilters, now = new Date()): Promise<PostListRow[]> {
  const where = and(
    filters.status ? statusCondition(filters.status, now) : undefined,
    filters.author ? eq(t.blogPosts.authorSlug, filters.author) : undefined,
    filters.reviewer ? eq(t.blogPosts.reviewerSlug, filters.reviewer) : undefined,
    filters.q
      ? or(ilike(t.blogPosts.title, likeText(filters.q)), ilike(t.blogPosts.slug, likeText(filters.q)))
      : undefined,
  );
  const rows = await db
    .select({
      id: t.blogPosts.id,
      title: t.blogPosts.title,
      slug: t.blogPosts.slug,
      status: t.blogPosts.status,
      author: author.name,
      reviewer: reviewer.name,
      approvedBy: t.users.name,
      approvedAt: t.blogPosts.approvedAt,
      publishedAt: t.blogPosts.publishedAt,
      updatedAt: t.blogPosts.updatedAt,
      createdAt: t.blogPosts.createdAt,
    })
    .from(t.blogPosts)
    .leftJoin(author, eq(author.slug, t.blogPosts.authorSlug))
    .leftJoin(reviewer, eq(reviewer.slug, t.blogPosts.reviewerSlug))
    .leftJoin(t.users, eq(t.users.id, t.blogPosts.approvedById))
    .where(where)
    .orderBy(desc(t.blogPosts.updatedAt), sql`${t.blogPosts.id} desc`)
    .limit(1000);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: shownStatus(row.status, row.publishedAt, now),
    author: row.author,
    reviewer: row.reviewer,
    approvedBy: row.approvedBy,
    approvedAt: when(row.approvedAt),
    publishedAt: when(row.publishedAt),
    updatedAt: when(row.updatedAt)!,
    createdAt: when(row.createdAt)!,
  }));
}

/** The team, by name: the author and reviewer choices. */
export async function teamChoices(db: Db): Promise<{ slug: string; name: string; credentials: string }[]> {
  return db
    .select({ slug: t.teamMembers.slug, name: t.teamMembers.name, credentials: t.teamMembers.credentials })
    .from(t.teamMembers)
    .orderBy(t.teamMembers.name);
}
