import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./staff";

// ---------------------------------------------------------------------------
// Uploaded images (issues 18 and 19; decision 0037): the blog's featured
// images and the site's photos, each kept as resized variants in the
// database so every instance serves the same bytes.
// ---------------------------------------------------------------------------

/** PostgreSQL's bytea as a Node Buffer (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const imageFormats = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** One upload: what it shows (alt), its size after orientation, who sent it. */
export const images = pgTable("images", {
  id: serial("id").primaryKey(),
  alt: text("alt").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** The format it arrived in (jpeg, png, webp, avif), read from its bytes. */
  sourceFormat: text("source_format").notNull(),
  sourceBytes: integer("source_bytes").notNull(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One width in one format. `hash` (SHA-256 of the bytes, hex) names it in its
 * address (/media/<hash>.<format>), so an address always means the same bytes
 * and may be cached for good. Not unique: the same picture uploaded twice
 * (with other alt text, say) makes the same bytes, and either row serves them.
 */
export const imageVariants = pgTable(
  "image_variants",
  {
    id: serial("id").primaryKey(),
    hash: text("hash").notNull(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    format: text("format").$type<ImageFormat>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [
    index("image_variants_image_idx").on(t.imageId),
    index("image_variants_hash_idx").on(t.hash),
    check("image_variants_format_known", sql`${t.format} in ('avif','webp','jpeg')`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
export type ImageVariantRow = typeof imageVariants.$inferSelect;
