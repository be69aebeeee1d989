import { randomUUID } from "node:crypto";
import { data, redirect, type RouterContextProvider } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { generatorPanelData } from "~/features/blog-generator/generator-page.server";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { blogEditorPath } from "~/lib/blog-paths";
import { editorView, runEditorAction } from "./editor-page.server";
import { renderPreviewHtml } from "./preview.server";

type Context = Readonly<RouterContextProvider>;

/** The editor's loader, for /admin/blog/new (id null) and /admin/blog/:id: 404 for a post that is not there. */
export async function loadEditor(context: Context, id: number | null, url: URL) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const compare = Number(url.searchParams.get("compare"));
  const view = await editorView(
    db,
    id,
    user.roles,
    context.get(configContext).publicUrl,
    Number.isInteger(compare) && compare > 0 ? compare : null,
  );
  if (!view) throw data(null, { status: 404 });
  const [previewHtml, generator] = await Promise.all([
    renderPreviewHtml(db, { id, ...view.values }),
    // The draft generator beside the body (decision 0036): the model's name and the services only.
    generatorPanelData(db, context.get(servicesContext).blogAi),
  ]);
  // A fresh autosave session for each opening of the editor: its autosaves keep one revision.
  return { view, previewHtml, generator, session: randomUUID() };
}

/** The editor's action: a save on /new that made the post goes to its editor (303), except an autosave. */
export async function editorAction(context: Context, id: number | null, request: Request) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const outcome = await runEditorAction(
      db,
      context.get(servicesContext),
      { id: user.id, email: user.email, ip, roles: user.roles },
      id,
      values,
    );
    if (outcome.kind === "created") {
      if (values?.intent === "autosave") return answerWith(200, { ...outcome.answer, id: outcome.id });
      throw redirect(blogEditorPath(outcome.id), 303);
    }
    return answerWith(outcome.status, outcome.answer);
  } catch (error) {
    if (error instanceof Response) throw error;
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}
