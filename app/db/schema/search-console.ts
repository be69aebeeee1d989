import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SearchConsoleSearchType } from "./search-console-values";

// ---------------------------------------------------------------------------
// Search Console data (issue 16): the Performance report's exports, imported
// by staff (decision 0032). Pages and searches only, never a person.
// ---------------------------------------------------------------------------

export { searchConsoleSearchTypes, type SearchConsoleSearchType } from "./search-console-values";

/**
 * One import: a period, a search type and a scope. Importing the same three
 * again replaces the rows of each kind the new files hold (never doubles
 * them), so this is unique on them.
 */
export const searchConsoleImports = pgTable(
  "search_console_imports",
  {
    id: serial("id").primaryKey(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    searchType: text("search_type").$type<SearchConsoleSearchType>().notNull(),
    /** "" for the whole site; else the one page the export was filtered to, as an absolute URL. */
    scope: text("scope").notNull().default(""),
    /** How many queries and pages are stored; null while that kind was never imported for these three. */
    queryCount: integer("query_count"),
    pageCount: integer("page_count"),
    /** The files the rows came from (names only). */
    sourceFiles: text("source_files")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("search_console_imports_key").on(t.periodStart, t.periodEnd, t.searchType, t.scope),
    check("search_console_imports_period_check", sql`${t.periodStart} <= ${t.periodEnd}`),
    check("search_console_imports_type_check", sql`${t.searchType} in ('web', 'image', 'video', 'news')`),
  ],
);

/**
 * One query or page of an import, with its figures as Search Console wrote
 * them (CTR as a percentage, 12.5 for "12.5%").
 */
export const searchConsoleRows = pgTable(
  "search_console_rows",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => searchConsoleImports.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"query" | "page">().notNull(),
    /** The query's words, or the page's absolute URL. */
    key: text("key").notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    ctr: doublePrecision("ctr").notNull(),
    position: doublePrecision("position").notNull(),
  },
  (t) => [
    primaryKey({ name: "search_console_rows_pkey", columns: [t.importId, t.kind, t.key] }),
    check("search_console_rows_kind_check", sql`${t.kind} in ('query', 'page')`),
  ],
);

export type SearchConsoleImport = typeof searchConsoleImports.$inferSelect;
export type SearchConsoleRow = typeof searchConsoleRows.$inferSelect;
