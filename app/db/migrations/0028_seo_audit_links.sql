-- A site audit run's links, once for the run (app/db/schema/seo-audit.ts seoAuditLinks):
-- no longer every page's lists in seo_audit_pages.detail. Runs stored before keep
-- theirs there, and the page view reads them from there.
CREATE TABLE "seo_audit_links" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"graph" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seo_audit_links" ADD CONSTRAINT "seo_audit_links_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."seo_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept out of line without compression: one 250 KB text a run, written on PGlite's visitors'
-- thread, compressed took 10-11 ms and uncompressed 6-7 (a throwaway PGlite script, 2026-11-28).
ALTER TABLE "seo_audit_links" ALTER COLUMN "graph" SET STORAGE EXTERNAL;
