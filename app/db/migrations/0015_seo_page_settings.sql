CREATE TABLE "seo_page_settings" (
	"path" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"canonical" text,
	"noindex" boolean,
	"social_image" text,
	"social_title" text,
	"social_description" text,
	"focus_keyphrase" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "seo_page_settings_something_set" CHECK (num_nonnulls("seo_page_settings"."title", "seo_page_settings"."description", "seo_page_settings"."canonical", "seo_page_settings"."noindex", "seo_page_settings"."social_image", "seo_page_settings"."social_title", "seo_page_settings"."social_description", "seo_page_settings"."focus_keyphrase") > 0),
	CONSTRAINT "seo_page_settings_noindex_true" CHECK ("seo_page_settings"."noindex" is null or "seo_page_settings"."noindex")
);
--> statement-breakpoint
ALTER TABLE "seo_page_settings" ADD CONSTRAINT "seo_page_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;