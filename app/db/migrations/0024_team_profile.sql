ALTER TABLE "team_members" ADD COLUMN "photo_image_id" integer;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "education" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "approach" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "availability" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "location_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "insurance_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;