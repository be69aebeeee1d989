import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// The site audit (issue 16): runs, and what the latest one found. Only the
// latest finished run and a running one are kept (decision 0030).
// ---------------------------------------------------------------------------

export const seoAuditStatuses = ["running", "finished", "failed"] as const;
export type SeoAuditStatus = (typeof seoAuditStatuses)[number];

/**
 * One audit run. At most one row is `running` (a partial unique index: the
 * insert is the claim, across instances); its heartbeat shows it is alive, so
 * a run whose instance died is taken over and marked failed. Progress and the
 * summary the overview shows live here, so the overview reads one row.
 */
export const seoAuditRuns = pgTable(
  "seo_audit_runs",
  {
    id: serial("id").primaryKey(),
    status: text("status").$type<SeoAuditStatus>().notNull().default("running"),
    /** "manual" (the re-check button) or "daily". */
    trigger: text("trigger").notNull(),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** Where the pages were read: "worker" (a thread with its own instance of the site) or "in-process". */
    mode: text("mode"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Addresses found so far, and read so far. */
    pagesFound: integer("pages_found").notNull().default(0),
    pagesDone: integer("pages_done").notNull().default(0),
    /** Why a run failed, in words. */
    failure: text("failure"),
    // A finished run's summary.
    addressCount: integer("address_count"),
    pageCount: integer("page_count"),
    siteScore: smallint("site_score"),
    errors: integer("errors"),
    warnings: integer("warnings"),
    notices: integer("notices"),
    durationMs: integer("duration_ms"),
    limitReached: boolean("limit_reached").notNull().default(false),
    sitemapError: text("sitemap_error"),
    robotsError: text("robots_error"),
  },
  (t) => [
    uniqueIndex("seo_audit_runs_one_running")
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    index("seo_audit_runs_finished_idx")
      .on(t.finishedAt.desc())
      .where(sql`${t.status} = 'finished'`),
    check("seo_audit_runs_status_check", sql`${t.status} in ('running', 'finished', 'failed')`),
  ],
);

/** One address a run read: the inventory's row (figures as columns, so every one sorts in SQL). */
export const seoAuditPages = pgTable(
  "seo_audit_pages",
  {
    runId: integer("run_id").notNull(),
    path: text("path").notNull(),
    kind: text("kind").notNull(),
    status: smallint("status").notNull(),
    location: text("location"),
    indexable: boolean("indexable").notNull(),
    notIndexable: text("not_indexable").array().notNull(),
    inSitemap: boolean("in_sitemap").notNull(),
    title: text("title"),
    titleChars: integer("title_chars"),
    titleWidthPx: integer("title_width_px"),
    description: text("description"),
    descriptionChars: integer("description_chars"),
    descriptionWidthPx: integer("description_width_px"),
    canonical: text("canonical"),
    h1Count: integer("h1_count"),
    wordCount: integer("word_count"),
    linksIn: integer("links_in").notNull(),
    linksOut: integer("links_out").notNull(),
    imagesWithoutAlt: integer("images_without_alt"),
    structuredTypes: text("structured_types").array().notNull(),
    openGraphMissing: text("open_graph_missing").array(),
    twitterMissing: text("twitter_missing").array(),
    lastModified: timestamp("last_modified", { withTimezone: true }),
    lcpP75Ms: integer("lcp_p75_ms"),
    lcpSamples: integer("lcp_samples").notNull(),
    score: smallint("score"),
    errors: integer("errors").notNull(),
    warnings: integer("warnings").notNull(),
    notices: integer("notices").notNull(),
    /** The long lists of the page's own view: headings, links in and out, structured items, images, hops. */
    detail: jsonb("detail").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.path] }),
    foreignKey({ columns: [t.runId], foreignColumns: [seoAuditRuns.id], name: "seo_audit_pages_run_fk" }).onDelete(
      "cascade",
    ),
  ],
);

/** One problem a run found: its code and details as data (the words are made when the page is drawn). */
export const seoAuditProblems = pgTable(
  "seo_audit_problems",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: integer("run_id").notNull(),
    path: text("path").notNull(),
    code: text("code").notNull(),
    /** 0 must fix, 1 should fix, 2 worth a look (problem-catalogue.ts). */
    severity: smallint("severity").notNull(),
    details: jsonb("details").notNull(),
  },
  (t) => [
    index("seo_audit_problems_run_idx").on(t.runId, t.severity, t.code, t.path),
    index("seo_audit_problems_page_idx").on(t.runId, t.path),
    foreignKey({ columns: [t.runId], foreignColumns: [seoAuditRuns.id], name: "seo_audit_problems_run_fk" }).onDelete(
      "cascade",
    ),
  ],
);

/**
 * A run's links between the addresses it read, once for the run (audit-runs.server.ts `linkGraph`):
 * each page's links out and in as positions in one list of paths. In every page's row they were most
 * of a run's bytes (the menu and footer link every page to the same few), and on PGlite those bytes
 * are written on the thread that answers visitors. JSON text: never read in SQL.
 */
export const seoAuditLinks = pgTable(
  "seo_audit_links",
  {
    runId: integer("run_id").primaryKey(),
    graph: text("graph").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.runId], foreignColumns: [seoAuditRuns.id], name: "seo_audit_links_run_fk" }).onDelete(
      "cascade",
    ),
  ],
);

export type SeoAuditRun = typeof seoAuditRuns.$inferSelect;
export type SeoAuditPage = typeof seoAuditPages.$inferSelect;
