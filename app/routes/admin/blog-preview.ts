import { databaseContext } from "~/context";
import { renderPreviewHtml } from "~/features/blog-editor/preview.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/blog-preview";

/**
 * POST /admin/blog/preview (access.ts: blog): the editor's live preview, the
 * draft as posted rendered by the public post's own code; answers
 * { html }. A POST, so a draft's words never sit in an address or a log.
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
  const html = await renderPreviewHtml(context.get(databaseContext).db, {
    id: Number.isInteger(id) && id > 0 ? id : null,
    title: values.title ?? "",
    excerpt: values.excerpt ?? "",
    body: values.body ?? "",
    authorSlug: values.authorSlug ?? "",
    reviewerSlug: values.reviewerSlug ?? "",
  });
  return Response.json({ html }, { headers: { "Cache-Control": "no-store" } });
}
