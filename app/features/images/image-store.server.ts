import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { images, imageVariants, type ImageFormat } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { mediaPath } from "~/lib/image-paths";
import type { ImageSources } from "./image-rules";
import type { ReadImage } from "./read-image.server";

/**
 * Images in the database: the row and its variants written in one
 * transaction with the audit entry, so an image is there whole or not at all,
 * on every instance at once.
 */

export async function saveImage(
  db: Db,
  actor: AuditActor,
  input: { alt: string; sourceBytes: number; read: ReadImage },
): Promise<ImageSources> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({
        alt: input.alt,
        width: input.read.width,
        height: input.read.height,
        sourceFormat: input.read.sourceFormat,
        sourceBytes: input.sourceBytes,
        uploadedBy: actor.id,
      })
      .returning({ id: images.id });
    await tx.insert(imageVariants).values(
      input.read.variants.map((v) => ({
        imageId: row.id,
        hash: v.hash,
        format: v.format,
        width: v.width,
        height: v.height,
        bytes: v.bytes,
      })),
    );
    await audit(tx, actor, {
      action: "image_uploaded",
      target: { type: "image", id: String(row.id) },
      detail: {
        format: input.read.sourceFormat,
        width: input.read.width,
        height: input.read.height,
        bytes: input.sourceBytes,
        variants: input.read.variants.length,
      },
    });
    return row.id;
  });
  return (await imageSources(db, id))!;
}

/** Deletes an image and its variants, audited with what it was; false when there is none. */
export async function deleteImage(db: Db, actor: AuditActor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(images).where(eq(images.id, id)).returning();
    if (!gone) return false;
    await audit(tx, actor, {
      action: "image_deleted",
      target: { type: "image", id: String(id) },
      detail: { alt: gone.alt, width: gone.width, height: gone.height },
    });
    return true;
  });
}

/** An image with the address of each variant, narrowest first; null when there is none. */
export async function imageSources(db: Db, id: number): Promise<ImageSources | null> {
  const [image] = await db.select().from(images).where(eq(images.id, id));
  if (!image) return null;
  const variants = await db
    .select({
      format: imageVariants.format,
      width: imageVariants.width,
      height: imageVariants.height,
      hash: imageVariants.hash,
    })
    .from(imageVariants)
    .where(eq(imageVariants.imageId, id))
    .orderBy(asc(imageVariants.width), asc(imageVariants.format));
  return {
    id: image.id,
    alt: image.alt,
    width: image.width,
    height: image.height,
    variants: variants.map(({ hash, ...v }) => ({ ...v, src: mediaPath(hash, v.format) })),
  };
}

/** One variant's bytes by its hash and format, or null. */
export async function variantBytes(db: Db, hash: string, format: ImageFormat): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: imageVariants.bytes, format: imageVariants.format })
    .from(imageVariants)
    .where(eq(imageVariants.hash, hash))
    .limit(1);
  return row && row.format === format ? row.bytes : null;
}
