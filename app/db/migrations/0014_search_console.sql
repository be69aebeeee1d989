CREATE TABLE "search_console_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"search_type" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"query_count" integer,
	"page_count" integer,
	"source_files" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_console_imports_period_check" CHECK ("search_console_imports"."period_start" <= "search_console_imports"."period_end"),
	CONSTRAINT "search_console_imports_type_check" CHECK ("search_console_imports"."search_type" in ('web', 'image', 'video', 'news'))
);
--> statement-breakpoint
CREATE TABLE "search_console_pending" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" jsonb,
	"saved_import_id" integer,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_rows" (
	"import_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"ctr" double precision NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "search_console_rows_pkey" PRIMARY KEY("import_id","kind","key"),
	CONSTRAINT "search_console_rows_kind_check" CHECK ("search_console_rows"."kind" in ('query', 'page'))
);
--> statement-breakpoint
ALTER TABLE "search_console_pending" ADD CONSTRAINT "search_console_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_pending" ADD CONSTRAINT "search_console_pending_saved_import_id_search_console_imports_id_fk" FOREIGN KEY ("saved_import_id") REFERENCES "public"."search_console_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_rows" ADD CONSTRAINT "search_console_rows_import_id_search_console_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."search_console_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_console_imports_key" ON "search_console_imports" USING btree ("period_start","period_end","search_type","scope");--> statement-breakpoint
CREATE INDEX "search_console_pending_expires_idx" ON "search_console_pending" USING btree ("expires_at");