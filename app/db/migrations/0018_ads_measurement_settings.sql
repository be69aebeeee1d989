CREATE TABLE "ads_measurement_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ads_conversion_id" text,
	"request_label" text,
	"phone_label" text,
	"analytics_measurement_id" text,
	"ad_pixel_id" text,
	"page_groups" jsonb DEFAULT '["home","services","insurance","team","request","thank-you"]'::jsonb NOT NULL,
	"enhanced_conversions" boolean DEFAULT false NOT NULL,
	"ad_personalization" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "ads_measurement_settings_single_row" CHECK ("ads_measurement_settings"."id" = 1),
	CONSTRAINT "ads_measurement_settings_no_enhanced_conversions" CHECK ("ads_measurement_settings"."enhanced_conversions" = false),
	CONSTRAINT "ads_measurement_settings_no_ad_personalization" CHECK ("ads_measurement_settings"."ad_personalization" = false),
	CONSTRAINT "ads_measurement_settings_conditions_never" CHECK (not ("ads_measurement_settings"."page_groups" ? 'conditions'))
);
--> statement-breakpoint
-- The two IDs staff entered before this page existed move here; site_content keeps its columns but is no longer read for them.
INSERT INTO "ads_measurement_settings" ("id", "analytics_measurement_id", "ad_pixel_id")
SELECT 1, nullif(trim("analytics_measurement_id"), ''), nullif(trim("ad_pixel_id"), '') FROM "site_content" WHERE "id" = 1;
