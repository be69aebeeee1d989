CREATE TABLE "blog_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_generations_kind_known" CHECK ("blog_generations"."kind" in ('outline','draft')),
	CONSTRAINT "blog_generations_outcome_known" CHECK ("blog_generations"."outcome" in ('completed','cancelled','unreachable','timed-out','rate-limited','refused','malformed','cut-off'))
);
--> statement-breakpoint
ALTER TABLE "blog_generations" ADD CONSTRAINT "blog_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_generations_started_idx" ON "blog_generations" USING btree ("started_at" DESC NULLS LAST);