CREATE TABLE "not_found_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"referrer_host" text,
	"ignored" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_target" text NOT NULL,
	"status" integer DEFAULT 301 NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_redirects_status_check" CHECK ("seo_redirects"."status" in (301, 302))
);
--> statement-breakpoint
CREATE INDEX "not_found_paths_last_seen_idx" ON "not_found_paths" USING btree ("last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "not_found_paths_hits_idx" ON "not_found_paths" USING btree ("hits" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "seo_redirects_from_idx" ON "seo_redirects" USING btree ("from_path");