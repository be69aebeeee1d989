import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { teamMembers } from "./content";
import { images } from "./images";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// The blog (decision 0016): articles written and reviewed by team members.
// ---------------------------------------------------------------------------

/**
 * The workflow (decision 0035): draft → in_review → approved → published.
 * A post "scheduled" is published with a future publishedAt: it appears by
 * the clock alone (isLive), and schedule.server.ts bumps the content version
 * once when it falls due. Unpublished keeps the post; its address answers
 * 410 or redirects (unpublishedRedirect).
 */
export const blogPostStatuses = ["draft", "in_review", "approved", "published", "unpublished"] as const;
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
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The featured image (decision 0037's pipeline, alt text required there); null: none. */
    featuredImageId: integer("featured_image_id").references(() => images.id, { onDelete: "set null" }),
    /** An absolute URL or site path the post names as its canonical; null = its own address. */
    canonical: text("canonical"),
    /** The clinician (a staff account) who approved it, and when; cleared when the text changes after. */
    approvedById: uuid("approved_by_id").references(() => users.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** For an unpublished post: null = its address answers 410 Gone; a site path = it redirects there. */
    unpublishedRedirect: text("unpublished_redirect"),
    /**
     * A clinician's override of the draft checks' errors (decision 0037): the finding ids it covers, the
     * written reason, who and when. An error not named here blocks review again.
     */
    checkOverride: jsonb("check_override").$type<{ findingIds: string[]; reason: string; by: string; at: string }>(),
    /** Bumped by every write of the text, so a save from a stale tab is refused (autosave conflicts). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.status, t.publishedAt.desc(), t.id.desc()),
    check("blog_posts_status_known", sql`${t.status} in ('draft','in_review','approved','published','unpublished')`),
    check("blog_posts_published_has_date", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
  ],
);

export type BlogPost = typeof blogPosts.$inferSelect;

/**
 * The post's text as it was: one row per explicit save, one per autosave
 * session (updated in place while the session lasts), one per restore.
 */
export const blogPostRevisionKinds = ["save", "autosave", "restore"] as const;
export type BlogPostRevisionKind = (typeof blogPostRevisionKinds)[number];

export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<BlogPostRevisionKind>().notNull(),
    /** The editor's autosave session (a random id per opened editor); null for a save or a restore. */
    session: text("session"),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    savedById: uuid("saved_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_post_revisions_post_idx").on(t.postId, t.id.desc()),
    uniqueIndex("blog_post_revisions_session_key").on(t.postId, t.session),
    check("blog_post_revisions_kind_known", sql`${t.kind} in ('save','autosave','restore')`),
  ],
);

export type BlogPostRevision = typeof blogPostRevisions.$inferSelect;
