ALTER TABLE "locations" ADD COLUMN "telehealth_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;