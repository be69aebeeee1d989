-- A site audit run's links, once for the run (app/db/schema/seo-audit.ts seoAuditLinks):
-- no longer every page's lists in seo_audit_pages.detail. Runs stored before keep
-- theirs there, and the page view reads them from there.
CREATE TABLE "seo_audit_links" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"graph" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seo_audit_links" ADD CONSTRAINT "seo_audit_links_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."seo_audit_runs"("id") ON DELETE cascade ON UPDATE no action;