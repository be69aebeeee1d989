import { diffWordsWithSpace } from "diff";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { formatClinicDateTime } from "~/lib/clinic-time";
import type { DiffPart, RevisionCompare, RevisionRow } from "./editor-types";

const when = (at: Date) => ({ iso: at.toISOString(), text: formatClinicDateTime(at) });

/** A post's revisions, newest first (the last 50: older ones stay in the table). */
export async function listRevisions(db: Db, postId: number): Promise<RevisionRow[]> {
  const rows = await db
    .select({
      id: t.blogPostRevisions.id,
      kind: t.blogPostRevisions.kind,
      by: t.users.name,
      at: t.blogPostRevisions.updatedAt,
    })
    .from(t.blogPostRevisions)
    .leftJoin(t.users, eq(t.users.id, t.blogPostRevisions.savedById))
    .where(eq(t.blogPostRevisions.postId, postId))
    .orderBy(desc(t.blogPostRevisions.id))
    .limit(50);
  return rows.map((row) => ({ ...row, at: when(row.at) }));
}

export async function findRevision(db: Db, postId: number, revisionId: number) {
  const [row] = await db
    .select()
    .from(t.blogPostRevisions)
    .where(and(eq(t.blogPostRevisions.postId, postId), eq(t.blogPostRevisions.id, revisionId)));
  return row ?? null;
}

/** Word by word, what the current text has that the revision had not (added) and the reverse (removed). */
export function diffText(revision: string, current: string): DiffPart[] {
  return diffWordsWithSpace(revision, current).map((part) => ({
    kind: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
}

/** A revision compared with the post's current words; null when there is no such revision of this post. */
export async function compareRevision(
  db: Db,
  post: Pick<t.BlogPost, "id" | "title" | "excerpt" | "body">,
  revisionId: number,
  rows: RevisionRow[],
): Promise<RevisionCompare | null> {
  const revision = await findRevision(db, post.id, revisionId);
  const row = rows.find((r) => r.id === revisionId);
  if (!revision || !row) return null;
  const title = diffText(revision.title, post.title);
  const excerpt = diffText(revision.excerpt, post.excerpt);
  const body = diffText(revision.body, post.body);
  const same = [title, excerpt, body].every((parts) => parts.every((p) => p.kind === "same"));
  return { revision: row, title, excerpt, body, same };
}
