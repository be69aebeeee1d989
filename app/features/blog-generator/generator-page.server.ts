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

/** What `GeneratorPanel` needs wherever it is mounted (this page, the blog editor): the model's name and the services. */
export async function generatorPanelData(db: Db, settings: BlogAiSettings | null) {
  const services = await listTreatments(db);
  return {
    // The model's name only: the address and the key stay on the server.
    model: settings?.model ?? null,
    services: services.map((s) => ({ slug: s.slug, title: s.title, path: `/${s.slug}` })),
  };
}

/** What the page shows: the panel's data and the records of the generations. */
export async function generatorPageData(db: Db, settings: BlogAiSettings | null) {
  const [panel, history] = await Promise.all([generatorPanelData(db, settings), generationHistory(db)]);
  return { ...panel, history };
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
