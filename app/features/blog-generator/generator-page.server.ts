import { redirect } from "react-router";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { listTreatments } from "~/features/content/queries.server";
import { blogEditorPath } from "~/lib/blog-paths";
import { refused, schemaProblems } from "~/lib/form-answer.server";
import { UNREADABLE_FORM } from "~/lib/form-values";
import { generationHistory } from "./generations.server";
import type { BlogAiSettings } from "./model-settings";
import { saveDraftSchema } from "./save-draft";
import { saveGeneratedDraft } from "./save-draft.server";

export type GeneratorPageData = Awaited<ReturnType<typeof generatorPageData>>;

/** What the page shows: whether (and which) model is connected, the services to choose from, the records. */
export async function generatorPageData(db: Db, settings: BlogAiSettings | null) {
  const [services, history] = await Promise.all([listTreatments(db), generationHistory(db)]);
  return {
    // The model's name only: the address and the key stay on the server.
    model: settings?.model ?? null,
    services: services.map((s) => ({ slug: s.slug, title: s.title, path: `/${s.slug}` })),
    history,
  };
}

/** "Save as draft": a new draft post, then its editor. */
export async function saveDraftAction(db: Db, actor: AuditActor, values: Record<string, string> | null) {
  if (!values) return refused({ intent: "save-draft", message: UNREADABLE_FORM });
  const parsed = saveDraftSchema.safeParse(values);
  if (!parsed.success) {
    const { sentence, fields } = schemaProblems<"title" | "body">(parsed.error, (name) =>
      name === "title" || name === "body" ? name : undefined,
    );
    return refused({ intent: "save-draft", message: sentence, fields, values: { title: values.title ?? "" } });
  }
  const id = await saveGeneratedDraft(db, actor, parsed.data);
  return redirect(blogEditorPath(id), 303);
}
