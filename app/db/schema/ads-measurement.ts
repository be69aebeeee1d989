import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------
// The third-party measurement set-up (issue 17, decision 0034): the one row
// /admin/google-ads-setup edits and every public page reads. Replaces
// site_content.analytics_measurement_id and ad_pixel_id as the source (the
// migration copied them here). IDs are stored as typed; the app reads them
// through measurementConfig, which ignores anything that does not look like one.
// ---------------------------------------------------------------------------

export const adsMeasurementSettings = pgTable(
  "ads_measurement_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Google Ads conversion ID, "AW-" and digits. */
    adsConversionId: text("ads_conversion_id"),
    /** The conversion label of the "request submitted" action in Google Ads. */
    requestLabel: text("request_label"),
    /** The conversion label of the "phone click" action. */
    phoneLabel: text("phone_label"),
    /** Google Analytics 4 measurement ID, "G-…". */
    analyticsMeasurementId: text("analytics_measurement_id"),
    /** Meta pixel ID, digits. */
    adPixelId: text("ad_pixel_id"),
    /** The page groups (app/features/consent/page-groups.ts) where tags may run; "conditions" never. */
    pageGroups: jsonb("page_groups")
      .$type<string[]>()
      .notNull()
      .default(sql`'["home","services","insurance","team","request","thank-you"]'::jsonb`),
    // Guardrails the page shows and refuses to turn on; the database refuses them too.
    enhancedConversions: boolean("enhanced_conversions").notNull().default(false),
    adPersonalization: boolean("ad_personalization").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [
    check("ads_measurement_settings_single_row", sql`${t.id} = 1`),
    check("ads_measurement_settings_no_enhanced_conversions", sql`${t.enhancedConversions} = false`),
    check("ads_measurement_settings_no_ad_personalization", sql`${t.adPersonalization} = false`),
    check("ads_measurement_settings_conditions_never", sql`not (${t.pageGroups} ? 'conditions')`),
  ],
);

export type AdsMeasurementSettingsRow = typeof adsMeasurementSettings.$inferSelect;
