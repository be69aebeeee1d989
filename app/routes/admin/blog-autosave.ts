import { databaseContext, servicesContext, staffContext, clientContext } from "~/context";
import { runEditorAction } from "~/features/blog-editor/editor-page.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/blog-autosave";

/**
 * POST /admin/blog/autosave (access.ts: blog): the editor's autosave, answered as JSON (the form
 * kit's answer, with the post's new version, and its id when this save made it). The same write
 * as the editor's Save; a resource route, so the page's own data is not loaded again and the
 * public pages' shared script carries nothing for it.
 */
/** A GET has nothing to answer: 405 with the method that works. */
export function loader() {
  return Response.json(
    { error: "Post the editor's fields to save them." },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const { user } = context.get(staffContext);
  const raw = values?.id ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const outcome = await runEditorAction(
    context.get(databaseContext).db,
    context.get(servicesContext),
    { id: user.id, email: user.email, ip: context.get(clientContext).ip, roles: user.roles },
    id,
    values ? { ...values, intent: "autosave" } : null,
  );
  const headers = { "Cache-Control": "no-store" };
  if (outcome.kind === "created") return Response.json({ ...outcome.answer, id: outcome.id }, { headers });
  return Response.json(outcome.answer, { status: outcome.status, headers });
}
