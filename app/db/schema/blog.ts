import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { teamMembers } from "./content";

// ---------------------------------------------------------------------------
// The blog (decision 0016): articles written and reviewed by team members.
// ---------------------------------------------------------------------------

export const blogPostStatuses = ["draft", "published"] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];

/** Articles. The author and the clinician who reviewed them are team members. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    metaTitle: text("meta_title").notNull(),
    metaDescription: text("meta_description").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    authorSlug: text("author_slug").references(() => teamMembers.slug, { onUpdate: "cascade", onDelete: "set null" }),
    reviewerSlug: text("reviewer_slug").references(() => teamMembers.slug, {
      onUpdate: "cascade",
      onDelete: "set null",
    }),
    status: text("status").$type<BlogPostStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.status, t.publishedAt.desc(), t.id.desc()),
    check("blog_posts_status_known", sql`${t.status} in ('draft','published')`),
    check("blog_posts_published_has_date", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
  ],
);

export type BlogPost = typeof blogPosts.$inferSelect;
