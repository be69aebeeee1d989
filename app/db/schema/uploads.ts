import { index, json, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// Imports of staff files (Search Console's exports, Google Ads' reports):
// what is shared by every one of them.
// ---------------------------------------------------------------------------

/** Which import a held preview belongs to. */
export const uploadPreviewKinds = ["search-console", "google-ads"] as const;
export type UploadPreviewKind = (typeof uploadPreviewKinds)[number];

/**
 * An upload that was read and previewed but not saved yet: what it would
 * store, held here so "Save" needs no second upload (and any instance can
 * save it). Only its maker may save it, before it expires; it is kept until
 * then, marked saved, so a second "Save" can say it is done.
 */
export const uploadPreviews = pgTable(
  "upload_previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<UploadPreviewKind>().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The import as read; emptied once saved. json, not jsonb: it is written and read back whole,
     * never queried into, and a 55,000-row report's 2.6 MB goes in four times faster as text.
     */
    plan: json("plan"),
    /** What saving it made, in the import's own terms (an import's id). */
    savedRef: text("saved_ref"),
    savedAt: timestamp("saved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("upload_previews_expires_idx").on(t.expiresAt)],
);

export type UploadPreview = typeof uploadPreviews.$inferSelect;
