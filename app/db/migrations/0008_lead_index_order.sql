DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "leads_form_type_created_idx";--> statement-breakpoint
DROP INDEX "leads_status_created_idx";--> statement-breakpoint
DROP INDEX "leads_channel_created_idx";--> statement-breakpoint
DROP INDEX "leads_assigned_created_idx";--> statement-breakpoint
CREATE INDEX "leads_campaign_created_idx" ON "leads" USING btree ("campaign","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_form_type_created_idx" ON "leads" USING btree ("form_type","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_channel_created_idx" ON "leads" USING btree ("channel","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_assigned_created_idx" ON "leads" USING btree ("assigned_to","created_at","id");