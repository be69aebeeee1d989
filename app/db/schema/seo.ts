import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// Search optimisation (issue 16): redirects, the 404s real visitors hit, per-page settings.
// ---------------------------------------------------------------------------

/**
 * Redirects answered by the server before the page cache (server/front.ts),
 * from an in-memory copy of this table. `fromPath` is normalised (no trailing
 * slash, no doubled slashes, lower case) so one path has one row.
 */
export const seoRedirects = pgTable(
  "seo_redirects",
  {
    id: serial("id").primaryKey(),
    fromPath: text("from_path").notNull(),
    /** A path on this site ("/new", with a query if wanted) or an absolute http(s) URL. */
    toTarget: text("to_target").notNull(),
    /** 301 (moved for good) or 302 (for now); non-GET requests get 308 or 307. */
    status: integer("status").notNull().default(301),
    hits: bigint("hits", { mode: "number" }).notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("seo_redirects_from_idx").on(t.fromPath),
    check("seo_redirects_status_check", sql`${t.status} in (301, 302)`),
  ],
);

/**
 * The 404 monitor: one row per path (query string never stored), bounded by
 * the writer (the most recently seen rows are kept). Ignored rows stay, so
 * their path is not counted again.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: bigint("hits", { mode: "number" }).notNull().default(0),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The referring site's host name only (never its path or query). */
    referrerHost: text("referrer_host"),
    ignored: boolean("ignored").notNull().default(false),
  },
  (t) => [
    index("not_found_paths_last_seen_idx").on(t.lastSeenAt.desc()),
    index("not_found_paths_hits_idx").on(t.hits.desc()),
  ],
);

/**
 * A page's own search settings, set by staff (/admin/seo/page): each null
 * column means "the page's default" (what its route says), so a page keeps
 * following its content until someone overrides one field, and emptying a
 * field gives it back. One row per page, keyed by the normalised path (as
 * the redirects key theirs); a row with nothing set is deleted instead.
 */
export const seoPageSettings = pgTable(
  "seo_page_settings",
  {
    path: text("path").primaryKey(),
    title: text("title"),
    description: text("description"),
    /** An absolute http(s) URL or a path of ours. */
    canonical: text("canonical"),
    /** true keeps the page out of search results; null follows the page (false is never stored). */
    noindex: boolean("noindex"),
    /** A path of ours or an https URL. */
    socialImage: text("social_image"),
    socialTitle: text("social_title"),
    socialDescription: text("social_description"),
    /** For the editor's checks only: never sent to visitors. */
    focusKeyphrase: text("focus_keyphrase"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "seo_page_settings_something_set",
      sql`num_nonnulls(${t.title}, ${t.description}, ${t.canonical}, ${t.noindex}, ${t.socialImage}, ${t.socialTitle}, ${t.socialDescription}, ${t.focusKeyphrase}) > 0`,
    ),
    check("seo_page_settings_noindex_true", sql`${t.noindex} is null or ${t.noindex}`),
  ],
);

export type SeoRedirect = typeof seoRedirects.$inferSelect;
export type NotFoundPath = typeof notFoundPaths.$inferSelect;
export type SeoPageSetting = typeof seoPageSettings.$inferSelect;
