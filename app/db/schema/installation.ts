import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------
// Rows about the installation as a whole, owned by no one feature: the
// content version, seed markers, the blog schedule and staff settings share
// app_meta, and every public write (leads, newsletter, analytics) counts
// against rate_limits.
// ---------------------------------------------------------------------------

/** Small key/value facts about the installation (content version, seed marker). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window write counters per client, shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Runs of the daily jobs (lead retention, the overdue digest): one row per
 * job and period, inserted before the work starts. The insert is the claim,
 * so with several instances exactly one does each run.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    /** The period a run covers, e.g. the clinic day "2026-11-25". */
    runKey: text("run_key").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** What it did, in counts (never a lead's contents), or the error's message. */
    outcome: text("outcome"),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);
