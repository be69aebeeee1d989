CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"event_category" text DEFAULT 'general' NOT NULL,
	"event_label" text,
	"value" double precision,
	"path" text
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"service" text,
	"source" text NOT NULL,
	"sms_opt_in" boolean DEFAULT false NOT NULL,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	CONSTRAINT "leads_form_type_known" CHECK ("leads"."form_type" in ('hero','phone_click','appointment','get_started'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"status" text DEFAULT 'subscribed' NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_source" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"entry_path" text NOT NULL,
	"exit_path" text NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"is_bounce" boolean DEFAULT true NOT NULL,
	"referrer_host" text,
	"referrer_source" text,
	"channel" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"click_id_type" text,
	"browser" text,
	"browser_version" text,
	"os" text,
	"device_type" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "analytics_measurement_id" text;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "ad_pixel_id" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_brin" ON "analytics_events" USING brin ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_type_occurred_idx" ON "analytics_events" USING btree ("event_type","occurred_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_form_type_created_idx" ON "leads" USING btree ("form_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key_idx" ON "newsletter_subscribers" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "notification_outbox_pending_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "page_views_occurred_brin" ON "page_views" USING brin ("occurred_at");--> statement-breakpoint
CREATE INDEX "page_views_visit_idx" ON "page_views" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "visits_visitor_last_seen_idx" ON "visits" USING btree ("visitor_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "visits_started_brin" ON "visits" USING brin ("started_at");