-- Visits are found by visitor_id alone (a visitor id lives one UTC day), so
-- last_seen_at is in no index and a continuing visit's update can be HOT;
-- half of each new page is left free for those updates (fillfactor only
-- applies to pages written from now on). Decision 0028 (ingestion speed).
DROP INDEX "visits_visitor_last_seen_idx";--> statement-breakpoint
CREATE INDEX "visits_visitor_idx" ON "visits" USING btree ("visitor_id");--> statement-breakpoint
ALTER TABLE "visits" SET (fillfactor = 50);
