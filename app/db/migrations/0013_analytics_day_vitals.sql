-- The daily web vitals rollup (decision 0027, "Site speed"). Days rolled up
-- before it have no vitals rows: rollup layout 2 (rollup-layout.server.ts)
-- has them read raw and rolled up again by the runner.
CREATE TABLE "analytics_day_vitals" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"device" text NOT NULL,
	"path" text NOT NULL,
	"samples" integer NOT NULL,
	"good" integer NOT NULL,
	"poor" integer NOT NULL,
	"bins" integer[] NOT NULL,
	"counts" integer[] NOT NULL,
	CONSTRAINT "analytics_day_vitals_day_metric_device_path_pk" PRIMARY KEY("day","metric","device","path")
);
