import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// The blog's draft generator (decision 0036): one row per request to the model,
// so the clinic sees what the model costs in tokens and time. What was asked and
// what came back are not kept here: only who, which model, the counts and the outcome.
// ---------------------------------------------------------------------------

export const blogGenerationKinds = ["outline", "draft"] as const;
export type BlogGenerationKind = (typeof blogGenerationKinds)[number];

/** How a generation ended. Every failure the page names has its own outcome. */
export const blogGenerationOutcomes = [
  "completed",
  "cancelled",
  "unreachable",
  "timed-out",
  "rate-limited",
  "refused",
  "malformed",
  "cut-off",
] as const;
export type BlogGenerationOutcome = (typeof blogGenerationOutcomes)[number];

export const blogGenerations = pgTable(
  "blog_generations",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<BlogGenerationKind>().notNull(),
    model: text("model").notNull(),
    /** As the endpoint reported them; null when it did not (a stream cut off before its usage). */
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    durationMs: integer("duration_ms").notNull(),
    outcome: text("outcome").$type<BlogGenerationOutcome>().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_generations_started_idx").on(t.startedAt.desc()),
    check("blog_generations_kind_known", sql`${t.kind} in ('outline','draft')`),
    check(
      "blog_generations_outcome_known",
      sql`${t.outcome} in ('completed','cancelled','unreachable','timed-out','rate-limited','refused','malformed','cut-off')`,
    ),
  ],
);

export type BlogGeneration = typeof blogGenerations.$inferSelect;
