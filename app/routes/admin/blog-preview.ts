import { configContext, databaseContext } from "~/context";
import { checkPostDraft, draftOf } from "~/features/blog-editor/post-checks.server";
import { renderPreviewHtml } from "~/features/blog-editor/preview.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/blog-preview";

/**
 * POST /admin/blog/preview (access.ts: blog): the editor's live preview, the
 * draft as posted rendered by the public post's own code; answers
 * { html, findings }: the draft checks ride on the same round trip, so
 * they follow the typing with no second request. A POST, so a draft's words never sit in an address or a log.
 */
/** A GET has nothing to answer: 405 with the method that works. */
export function loader() {
  return Response.json(
    { error: "Post the draft's fields to preview them." },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  if (!values) return Response.json({ error: "This preview request could not be read." }, { status: 400 });
  const id = Number(values.id);
  const postId = Number.isInteger(id) && id > 0 ? id : null;
  const { db } = context.get(databaseContext);
  const [html, findings] = await Promise.all([
    renderPreviewHtml(db, {
      id: postId,
      title: values.title ?? "",
      excerpt: values.excerpt ?? "",
      body: values.body ?? "",
      authorSlug: values.authorSlug ?? "",
      reviewerSlug: values.reviewerSlug ?? "",
      featuredImageId: values.featuredImageId ?? "",
    }),
    checkPostDraft(db, postId, draftOf(values), context.get(configContext).publicUrl),
  ]);
  return Response.json({ html, findings }, { headers: { "Cache-Control": "no-store" } });
}
