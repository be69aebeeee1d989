import { ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { checkDraft } from "~/features/draft-checks/check-draft.server";
import type { Draft, Finding } from "~/features/draft-checks/draft-types";

/**
 * The draft checks (decision 0037) on a post of the editor: the draft as
 * typed, against every other post of the clinic (any status) for duplicate
 * content. One function for the page's first drawing, the live preview's
 * round trip and the gate on sending to review, so the three cannot differ.
 * `siteOrigin` only decides which absolute links count as internal (an SEO
 * suggestion), never an error, so the gate may leave it out.
 */
export async function checkPostDraft(db: Db, id: number | null, draft: Draft, siteOrigin?: string): Promise<Finding[]> {
  const others = await db
    .select({ id: t.blogPosts.id, title: t.blogPosts.title, slug: t.blogPosts.slug, body: t.blogPosts.body })
    .from(t.blogPosts)
    .where(id === null ? undefined : ne(t.blogPosts.id, id));
  return checkDraft(draft, { otherPosts: others, siteOrigin });
}

/** The fields of the editor the checks read, from a posted form or the stored post. */
export function draftOf(
  values: Partial<Record<"title" | "slug" | "metaTitle" | "metaDescription" | "body", string>>,
): Draft {
  return {
    title: values.title ?? "",
    slug: values.slug ?? "",
    metaTitle: values.metaTitle ?? "",
    metaDescription: values.metaDescription ?? "",
    body: values.body ?? "",
  };
}
