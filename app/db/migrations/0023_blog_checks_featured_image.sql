ALTER TABLE "blog_posts" ADD COLUMN "featured_image_id" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "check_override" jsonb;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_featured_image_id_images_id_fk" FOREIGN KEY ("featured_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;