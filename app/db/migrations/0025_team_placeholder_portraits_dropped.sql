ALTER TABLE "team_members" DROP COLUMN "photo";--> statement-breakpoint
ALTER TABLE "team_members" DROP COLUMN "photo_alt";