import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// Google Ads performance (issue 17, decision 0033): the reports staff import
// from Google Ads' web UI, the monthly budgets they enter, and which leads'
// outcomes were sent back to Google as offline conversions. Money is integer
// micros of the account's currency (1,234.56 is 1,234,560,000): exact, so
// totals agree with Google's files to the cent.
// ---------------------------------------------------------------------------

/** What an imported file was: Google Ads' campaign report, or its search terms report. */
export const adReportKinds = ["campaigns", "search_terms"] as const;
export type AdReportKind = (typeof adReportKinds)[number];

/** A campaign as the reports name it: by Google's campaign ID when the file has that column, else by name. */
export const adCampaigns = pgTable(
  "ad_campaigns",
  {
    id: serial("id").primaryKey(),
    /** Google's campaign ID (digits), when a report carried it. */
    googleId: text("google_id"),
    /** The name in the latest report that named it. */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ad_campaigns_google_id_idx").on(t.googleId), index("ad_campaigns_name_idx").on(t.name)],
);

/** One imported file: what, which days, how much; the history on the import page. */
export const adImports = pgTable(
  "ad_imports",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<AdReportKind>().notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    fileName: text("file_name").notNull(),
    rowCount: integer("row_count").notNull(),
    campaignCount: integer("campaign_count").notNull(),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ad_imports_created_idx").on(t.createdAt),
    check("ad_imports_kind_check", sql`${t.kind} in ('campaigns', 'search_terms')`),
    check("ad_imports_period_check", sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

/**
 * A campaign's figures on one day (the account's day, as Google Ads reports
 * it), from the campaign report. One row per campaign and day: importing the
 * same days again replaces them.
 */
export const adCampaignDays = pgTable(
  "ad_campaign_days",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    impressions: bigint("impressions", { mode: "number" }).notNull(),
    clicks: bigint("clicks", { mode: "number" }).notNull(),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull(),
    /** Google's own conversions, in hundredths (Google writes 2 decimals); null when the file had no such column. */
    conversionsHundredths: bigint("conversions_hundredths", { mode: "number" }),
    currency: text("currency").notNull(),
    /**
     * The import that stored the row (ad_imports.id, never deleted). No foreign key: on PGlite each
     * key's check is a trigger per row, a third of a 55,000-row import's time; the campaign's is kept.
     */
    importId: integer("import_id"),
  },
  (t) => [
    primaryKey({ name: "ad_campaign_days_pkey", columns: [t.campaignId, t.day] }),
    index("ad_campaign_days_day_idx").on(t.day, t.campaignId),
  ],
);

/**
 * A search term's figures in one campaign and ad group over a period (the
 * file's days, or one day when it was broken down by day). A newer file for
 * the same campaign and overlapping days replaces them.
 */
export const adSearchTerms = pgTable(
  "ad_search_terms",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    adGroup: text("ad_group").notNull().default(""),
    searchTerm: text("search_term").notNull(),
    matchType: text("match_type").notNull().default(""),
    impressions: bigint("impressions", { mode: "number" }).notNull(),
    clicks: bigint("clicks", { mode: "number" }).notNull(),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull(),
    conversionsHundredths: bigint("conversions_hundredths", { mode: "number" }),
    currency: text("currency").notNull(),
    /** The import that stored the row (no foreign key, as ad_campaign_days.import_id). */
    importId: integer("import_id"),
  },
  (t) => [
    index("ad_search_terms_period_idx").on(t.periodStart, t.periodEnd),
    index("ad_search_terms_campaign_idx").on(t.campaignId, t.periodStart),
    check("ad_search_terms_period_check", sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

/**
 * A monthly budget entered by staff, for one campaign or (campaign null) the
 * whole account, from `month` on until a later month's row says otherwise;
 * a null amount ends it.
 */
export const adBudgets = pgTable(
  "ad_budgets",
  {
    id: serial("id").primaryKey(),
    campaignId: integer("campaign_id").references(() => adCampaigns.id, { onDelete: "cascade" }),
    /** The first day of the month it starts in. */
    month: date("month", { mode: "string" }).notNull(),
    amountMicros: bigint("amount_micros", { mode: "number" }),
    currency: text("currency").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ad_budgets_scope_month_idx").on(sql`coalesce(${t.campaignId}, 0)`, t.month),
    check("ad_budgets_month_check", sql`extract(day from ${t.month}) = 1`),
    check("ad_budgets_amount_check", sql`${t.amountMicros} is null or ${t.amountMicros} > 0`),
  ],
);

/** The lead outcomes sent back to Google: scheduled, or became a patient. */
export const adConversionKinds = ["scheduled", "patient"] as const;
export type AdConversionKind = (typeof adConversionKinds)[number];

/** One offline-conversion file made for Google Ads: the period, the names, the counts. */
export const adConversionExports = pgTable("ad_conversion_exports", {
  id: serial("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  periodStart: date("period_start", { mode: "string" }).notNull(),
  periodEnd: date("period_end", { mode: "string" }).notNull(),
  /** The conversion action names (and value, currency) staff chose, by kind. */
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
  rowCount: integer("row_count").notNull(),
  /** Whether conversions exported before were included again. */
  includedEarlier: boolean("included_earlier").notNull(),
});

/**
 * Which leads' outcomes went into which file, so the file can be downloaded
 * again and a later export leaves these out unless staff ask for them
 * again. No click id or time is kept here: the lead holds them.
 */
export const adExportedConversions = pgTable(
  "ad_exported_conversions",
  {
    exportId: integer("export_id")
      .notNull()
      .references(() => adConversionExports.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AdConversionKind>().notNull(),
  },
  (t) => [
    primaryKey({ name: "ad_exported_conversions_pkey", columns: [t.exportId, t.leadId, t.kind] }),
    index("ad_exported_conversions_lead_idx").on(t.leadId, t.kind),
    check("ad_exported_conversions_kind_check", sql`${t.kind} in ('scheduled', 'patient')`),
  ],
);

export type AdCampaign = typeof adCampaigns.$inferSelect;
export type AdImport = typeof adImports.$inferSelect;
export type AdBudget = typeof adBudgets.$inferSelect;
