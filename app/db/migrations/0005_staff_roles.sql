-- Staff roles (decision 0025): one or more of admin, intake, marketing, clinician.
-- Existing accounts keep what they could do: an administrator stays admin; a
-- "staff" account, which could work the leads and everything else of the daily
-- work, becomes intake and marketing (an administrator can narrow it).
ALTER TABLE "users" ADD COLUMN "roles" text[];--> statement-breakpoint
UPDATE "users" SET "roles" = CASE WHEN "role" = 'admin' THEN ARRAY['admin'] ELSE ARRAY['intake','marketing'] END::text[];--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "roles" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roles_known" CHECK (cardinality("users"."roles") > 0 and "users"."roles" <@ array['admin','intake','marketing','clinician']::text[]);
