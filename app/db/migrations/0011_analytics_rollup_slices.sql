-- The rollups are kept per slice as well (decision 0027, "Filter slices"): ""
-- for all visits, "<dimension>:<value>" for the visits with one value of a
-- slice dimension. Rollups are derived data: they are emptied here and every
-- day is rolled up again in the new layout (analytics_rollup_days.layout).
DELETE FROM "analytics_day_totals";--> statement-breakpoint
DELETE FROM "analytics_day_durations";--> statement-breakpoint
DELETE FROM "analytics_day_breakdowns";--> statement-breakpoint
DELETE FROM "analytics_day_goals";--> statement-breakpoint
DELETE FROM "analytics_day_funnel";--> statement-breakpoint
DELETE FROM "analytics_rollup_days";--> statement-breakpoint
ALTER TABLE "analytics_rollup_days" ADD COLUMN "layout" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_day_totals" DROP CONSTRAINT "analytics_day_totals_pkey";--> statement-breakpoint
ALTER TABLE "analytics_day_breakdowns" DROP CONSTRAINT "analytics_day_breakdowns_day_dimension_value_pk";--> statement-breakpoint
ALTER TABLE "analytics_day_durations" DROP CONSTRAINT "analytics_day_durations_day_seconds_pk";--> statement-breakpoint
ALTER TABLE "analytics_day_funnel" DROP CONSTRAINT "analytics_day_funnel_day_step_pk";--> statement-breakpoint
ALTER TABLE "analytics_day_goals" DROP CONSTRAINT "analytics_day_goals_day_goal_label_pk";--> statement-breakpoint
ALTER TABLE "analytics_day_totals" ADD COLUMN "slice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_day_breakdowns" ADD COLUMN "slice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_day_durations" ADD COLUMN "slice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_day_funnel" ADD COLUMN "slice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_day_goals" ADD COLUMN "slice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_day_totals" ADD CONSTRAINT "analytics_day_totals_slice_day_pk" PRIMARY KEY("slice","day");--> statement-breakpoint
ALTER TABLE "analytics_day_breakdowns" ADD CONSTRAINT "analytics_day_breakdowns_slice_day_dimension_value_pk" PRIMARY KEY("slice","day","dimension","value");--> statement-breakpoint
ALTER TABLE "analytics_day_durations" ADD CONSTRAINT "analytics_day_durations_slice_day_seconds_pk" PRIMARY KEY("slice","day","seconds");--> statement-breakpoint
ALTER TABLE "analytics_day_funnel" ADD CONSTRAINT "analytics_day_funnel_slice_day_step_pk" PRIMARY KEY("slice","day","step");--> statement-breakpoint
ALTER TABLE "analytics_day_goals" ADD CONSTRAINT "analytics_day_goals_slice_day_goal_label_pk" PRIMARY KEY("slice","day","goal","label");
