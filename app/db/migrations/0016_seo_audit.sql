CREATE TABLE "seo_audit_pages" (
	"run_id" integer NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"status" smallint NOT NULL,
	"location" text,
	"indexable" boolean NOT NULL,
	"not_indexable" text[] NOT NULL,
	"in_sitemap" boolean NOT NULL,
	"title" text,
	"title_chars" integer,
	"title_width_px" integer,
	"description" text,
	"description_chars" integer,
	"description_width_px" integer,
	"canonical" text,
	"h1_count" integer,
	"word_count" integer,
	"links_in" integer NOT NULL,
	"links_out" integer NOT NULL,
	"images_without_alt" integer,
	"structured_types" text[] NOT NULL,
	"open_graph_missing" text[],
	"twitter_missing" text[],
	"last_modified" timestamp with time zone,
	"lcp_p75_ms" integer,
	"lcp_samples" integer NOT NULL,
	"score" smallint,
	"errors" integer NOT NULL,
	"warnings" integer NOT NULL,
	"notices" integer NOT NULL,
	"detail" jsonb NOT NULL,
	CONSTRAINT "seo_audit_pages_run_id_path_pk" PRIMARY KEY("run_id","path")
);
--> statement-breakpoint
CREATE TABLE "seo_audit_problems" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"path" text NOT NULL,
	"code" text NOT NULL,
	"severity" smallint NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_audit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"mode" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"pages_found" integer DEFAULT 0 NOT NULL,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"address_count" integer,
	"page_count" integer,
	"site_score" smallint,
	"errors" integer,
	"warnings" integer,
	"notices" integer,
	"duration_ms" integer,
	"limit_reached" boolean DEFAULT false NOT NULL,
	"sitemap_error" text,
	"robots_error" text,
	CONSTRAINT "seo_audit_runs_status_check" CHECK ("seo_audit_runs"."status" in ('running', 'finished', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "seo_audit_pages" ADD CONSTRAINT "seo_audit_pages_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."seo_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_audit_problems" ADD CONSTRAINT "seo_audit_problems_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."seo_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_audit_runs" ADD CONSTRAINT "seo_audit_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_audit_problems_run_idx" ON "seo_audit_problems" USING btree ("run_id","severity","code","path");--> statement-breakpoint
CREATE INDEX "seo_audit_problems_page_idx" ON "seo_audit_problems" USING btree ("run_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_audit_runs_one_running" ON "seo_audit_runs" USING btree ("status") WHERE "seo_audit_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "seo_audit_runs_finished_idx" ON "seo_audit_runs" USING btree ("finished_at" DESC NULLS LAST) WHERE "seo_audit_runs"."status" = 'finished';