import { and, eq, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { uploadPreviews, type UploadPreviewKind } from "~/db/schema";

/**
 * Previews of uploads held until they are saved (decision 0032): the
 * preview's "Save" posts only the id, so the files are not sent twice and
 * any instance can save it. Shared by every import of staff files.
 */

/** What a held preview is when someone asks to save it. */
export type HeldPreview =
  /** Never made, another person's, or expired before it was saved. */
  | { state: "gone" }
  /** Saved already: what saving made, in the import's own terms. */
  | { state: "saved"; savedRef: string | null }
  | { state: "ready"; plan: unknown };

/** Holds a read upload for `minutes`, deleting the expired ones on the way. */
export async function holdPreview(
  db: Db,
  kind: UploadPreviewKind,
  userId: string,
  plan: unknown,
  { minutes, now = new Date() }: { minutes: number; now?: Date },
): Promise<{ id: string; expiresAt: Date }> {
  await db.delete(uploadPreviews).where(lt(uploadPreviews.expiresAt, now));
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const [row] = await db
    .insert(uploadPreviews)
    .values({ kind, userId, plan, expiresAt, createdAt: now })
    .returning({ id: uploadPreviews.id });
  return { id: row!.id, expiresAt };
}

/**
 * The preview `id` of this person, locked for the rest of the transaction
 * (two presses of "Save" wait for each other and the second finds it saved).
 */
export async function takePreview(
  tx: Db,
  kind: UploadPreviewKind,
  id: string,
  userId: string,
  now = new Date(),
): Promise<HeldPreview> {
  const [row] = await tx
    .select()
    .from(uploadPreviews)
    .where(and(eq(uploadPreviews.id, id), eq(uploadPreviews.kind, kind), eq(uploadPreviews.userId, userId)))
    .for("update");
  if (!row) return { state: "gone" };
  if (row.savedAt) return { state: "saved", savedRef: row.savedRef };
  if (row.expiresAt < now || row.plan === null) return { state: "gone" };
  return { state: "ready", plan: row.plan };
}

/** Marks a preview saved (its plan dropped, what it made kept), in the saving transaction. */
export async function markPreviewSaved(tx: Db, id: string, savedRef: string, now = new Date()): Promise<void> {
  await tx.update(uploadPreviews).set({ plan: null, savedAt: now, savedRef }).where(eq(uploadPreviews.id, id));
}
