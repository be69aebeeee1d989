CREATE TABLE "upload_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" json,
	"saved_ref" text,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"month" date NOT NULL,
	"amount_micros" bigint,
	"currency" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_budgets_month_check" CHECK (extract(day from "ad_budgets"."month") = 1),
	CONSTRAINT "ad_budgets_amount_check" CHECK ("ad_budgets"."amount_micros" is null or "ad_budgets"."amount_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_days" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_micros" bigint NOT NULL,
	"conversions_hundredths" bigint,
	"currency" text NOT NULL,
	"import_id" integer,
	CONSTRAINT "ad_campaign_days_pkey" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"google_id" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_conversion_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"settings" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"included_earlier" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_exported_conversions" (
	"export_id" integer NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "ad_exported_conversions_pkey" PRIMARY KEY("export_id","lead_id","kind"),
	CONSTRAINT "ad_exported_conversions_kind_check" CHECK ("ad_exported_conversions"."kind" in ('scheduled', 'patient'))
);
--> statement-breakpoint
CREATE TABLE "ad_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"campaign_count" integer NOT NULL,
	"cost_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_imports_kind_check" CHECK ("ad_imports"."kind" in ('campaigns', 'search_terms')),
	CONSTRAINT "ad_imports_period_check" CHECK ("ad_imports"."period_start" <= "ad_imports"."period_end")
);
--> statement-breakpoint
CREATE TABLE "ad_search_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"ad_group" text DEFAULT '' NOT NULL,
	"search_term" text NOT NULL,
	"match_type" text DEFAULT '' NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_micros" bigint NOT NULL,
	"conversions_hundredths" bigint,
	"currency" text NOT NULL,
	"import_id" integer,
	CONSTRAINT "ad_search_terms_period_check" CHECK ("ad_search_terms"."period_start" <= "ad_search_terms"."period_end")
);
--> statement-breakpoint
DROP TABLE "search_console_pending" CASCADE;--> statement-breakpoint
ALTER TABLE "upload_previews" ADD CONSTRAINT "upload_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_budgets" ADD CONSTRAINT "ad_budgets_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_budgets" ADD CONSTRAINT "ad_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversion_exports" ADD CONSTRAINT "ad_conversion_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_exported_conversions" ADD CONSTRAINT "ad_exported_conversions_export_id_ad_conversion_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."ad_conversion_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_exported_conversions" ADD CONSTRAINT "ad_exported_conversions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_imports" ADD CONSTRAINT "ad_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_search_terms" ADD CONSTRAINT "ad_search_terms_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_previews_expires_idx" ON "upload_previews" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_budgets_scope_month_idx" ON "ad_budgets" USING btree (coalesce("campaign_id", 0),"month");--> statement-breakpoint
CREATE INDEX "ad_campaign_days_day_idx" ON "ad_campaign_days" USING btree ("day","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_google_id_idx" ON "ad_campaigns" USING btree ("google_id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_name_idx" ON "ad_campaigns" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ad_exported_conversions_lead_idx" ON "ad_exported_conversions" USING btree ("lead_id","kind");--> statement-breakpoint
CREATE INDEX "ad_imports_created_idx" ON "ad_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_search_terms_period_idx" ON "ad_search_terms" USING btree ("period_start","period_end");--> statement-breakpoint
CREATE INDEX "ad_search_terms_campaign_idx" ON "ad_search_terms" USING btree ("campaign_id","period_start");