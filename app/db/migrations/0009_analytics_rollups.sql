CREATE TABLE "analytics_bot_hits" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_day_breakdowns" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"lead_visits" integer NOT NULL,
	CONSTRAINT "analytics_day_breakdowns_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_durations" (
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "analytics_day_durations_day_seconds_pk" PRIMARY KEY("day","seconds")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_funnel" (
	"day" date NOT NULL,
	"step" integer NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "analytics_day_funnel_day_step_pk" PRIMARY KEY("day","step")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_goals" (
	"day" date NOT NULL,
	"goal" text NOT NULL,
	"label" text NOT NULL,
	"conversions" integer NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_day_goals_day_goal_label_pk" PRIMARY KEY("day","goal","label")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"lead_visits" integer NOT NULL,
	"leads" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "region" text;