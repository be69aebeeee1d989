ALTER TABLE "locations" ADD COLUMN "closures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "reply_promise" text;