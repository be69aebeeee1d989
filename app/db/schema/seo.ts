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
} from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------
// Search optimisation (issue 16): redirects, and the 404s real visitors hit.
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

export type SeoRedirect = typeof seoRedirects.$inferSelect;
export type NotFoundPath = typeof notFoundPaths.$inferSelect;
