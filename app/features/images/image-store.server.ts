import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, images, imageVariants, insuranceProviders, teamMembers, type ImageFormat } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { blogEditorPath } from "~/lib/blog-paths";
import { CONTENT_PATH, TEAM_CONTENT_PATH } from "~/lib/content-paths";
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

/** Where the site shows an image: what staff must change before it can go. */
export interface ImageUse {
  label: string;
  /** The staff page where the use is changed. */
  href: string;
}

/**
 * The content that shows an image: a post's featured image, a clinician's
 * photo, an insurer's logo (stored as one of its variants' paths).
 */
export async function imageUses(db: Db, id: number): Promise<ImageUse[]> {
  const paths = (await db.select().from(imageVariants).where(eq(imageVariants.imageId, id))).map((v) =>
    mediaPath(v.hash, v.format),
  );
  const [posts, members, insurers] = await Promise.all([
    db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.featuredImageId, id)),
    db.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).where(eq(teamMembers.photoImageId, id)),
    paths.length
      ? db
          .select({ id: insuranceProviders.id, name: insuranceProviders.name })
          .from(insuranceProviders)
          .where(inArray(insuranceProviders.logo, paths))
      : Promise.resolve([]),
  ]);
  return [
    ...posts.map((p) => ({ label: `The featured image of the blog post “${p.title}”`, href: blogEditorPath(p.id) })),
    ...members.map((m) => ({
      label: `The photo of ${m.name} on the team pages`,
      href: `${TEAM_CONTENT_PATH}/${m.id}`,
    })),
    ...insurers.map((i) => ({ label: `The logo of ${i.name}`, href: `${CONTENT_PATH}/insurer/${i.id}` })),
  ];
}

/**
 * Deletes an image and its variants, audited with what it was: "none" when
 * there is no such image, and refused with the places that show it while any
 * content does (issue 19: nothing linked to is deleted from under it).
 */
export async function deleteImage(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<{ deleted: true } | { deleted: false; uses: ImageUse[] } | "none"> {
  return db.transaction(async (tx) => {
    // Locked first, so content cannot start using it between the check and the delete.
    const [held] = await tx.select({ id: images.id }).from(images).where(eq(images.id, id)).for("update");
    if (!held) return "none";
    const uses = await imageUses(tx as unknown as Db, id);
    if (uses.length) return { deleted: false, uses };
    const [gone] = await tx.delete(images).where(eq(images.id, id)).returning();
    if (!gone) return "none";
    await audit(tx, actor, {
      action: "image_deleted",
      target: { type: "image", id: String(id) },
      detail: { alt: gone.alt, width: gone.width, height: gone.height },
    });
    return { deleted: true };
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
