CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "job_runs_job_run_key_pk" PRIMARY KEY("job","run_key")
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "lead_events_kind_known" CHECK ("lead_events"."kind" in ('status','contact','note','assigned','duplicate'))
);
--> statement-breakpoint
DROP INDEX "leads_waiting_idx";--> statement-breakpoint
DROP INDEX "leads_created_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "channel" text DEFAULT 'Direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "visit_id" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(btrim(email))) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(btrim(first_name || ' ' || last_name))) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_rank" smallint GENERATED ALWAYS AS (array_position(array['new','contacted','scheduled','patient','not_a_fit','no_response','duplicate','spam']::text[], status)) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "became_patient_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_duplicate_of_leads_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status_rank","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_name_idx" ON "leads" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "leads_channel_created_idx" ON "leads" USING btree ("channel","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_assigned_created_idx" ON "leads" USING btree ("assigned_to","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_email_key_idx" ON "leads" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "leads_phone_key_idx" ON "leads" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "leads_uncontacted_idx" ON "leads" USING btree ("created_at") WHERE "leads"."status" = 'new' and "leads"."first_contacted_at" is null and "leads"."form_type" <> 'phone_click';--> statement-breakpoint
CREATE INDEX "leads_finished_idx" ON "leads" USING btree ("status_changed_at") WHERE status in ('patient','not_a_fit','no_response','duplicate','spam');--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_known" CHECK (status in ('new','contacted','scheduled','patient','not_a_fit','no_response','duplicate','spam'));--> statement-breakpoint
-- Leads from before the pipeline have been in their status since they arrived.
UPDATE "leads" SET "status_changed_at" = "created_at";
