import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useFormSending } from "~/components/form/use-form-sending";
import { PageHeader } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { GeneratorPanel, type GeneratorService } from "~/features/blog-generator/components/generator-panel";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { SearchResultPreview } from "~/features/seo-page-settings/components/search-result-preview";
import { BLOG_ADMIN_PATH, BLOG_NEW_PATH, blogEditorPath } from "~/lib/blog-paths";
import type { EditorAnswer, EditorView } from "../editor-types";
import {
  BODY_MAX,
  EXCERPT_MAX,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  slugify,
  statusLabels,
  TITLE_MAX,
  type PostFormField,
} from "../post-rules";
import { ChecksPanel } from "./checks-panel";
import { PersonField, TextField } from "./post-fields";
import { RevisionCompare, RevisionsPanel } from "./revisions-panel";
import { useAutosave } from "./use-autosave";
import { useLivePreview } from "./use-live-preview";
import { WorkflowPanel } from "./workflow-panel";

/**
 * /admin/blog/new and /admin/blog/:id. The form works without JavaScript
 * (Save posts it); with JavaScript, changes are saved as typing pauses and
 * the preview follows, rendered by the server as the public post.
 */
export function EditorPage({
  view,
  answer,
  session,
  previewHtml,
  generator,
}: {
  view: EditorView;
  answer: EditorAnswer | undefined;
  session: string;
  previewHtml: string;
  /** The draft generator's data (blog-generator): the model's name, or null, and the services. */
  generator: { model: string | null; services: GeneratorService[] };
}) {
  const [values, setValues] = useState(
    answer && !answer.ok && answer.values ? { ...view.values, ...answer.values } : view.values,
  );
  const [saved, setSaved] = useState(view.values);
  const [id, setId] = useState(view.id);
  const [version, setVersion] = useState(view.version);
  const [slugTouched, setSlugTouched] = useState(Boolean(view.values.slug));
  const [conflict, setConflict] = useState<string | null>(null);
  const [autosaveNote, setAutosaveNote] = useState<{ ok: boolean; message: string } | null>(null);

  // The page loaded again (a save, a restore, a move): the stored post is what "saved" means now, and
  // its version is the one the next save names; a restore also puts its words in the fields.
  const [seenView, setSeenView] = useState(view);
  if (seenView !== view) {
    setSeenView(view);
    setVersion(view.version);
    setSaved(view.values);
    if (answer?.ok && answer.intent === "restore") setValues(view.values);
  }

  const dirty = (Object.keys(values) as PostFormField[]).some((k) => values[k] !== saved[k]);
  const autosave = useAutosave({
    id,
    version,
    session,
    values,
    dirty: dirty && conflict === null,
    enabled: values.title.trim() !== "",
  });

  // Each autosave answer once: saved (what was sent is now the stored text), refused, or a conflict.
  const [seenAutosave, setSeenAutosave] = useState<string | undefined>(undefined);
  const news = autosave.answer;
  if (news && news.answerId !== seenAutosave && autosave.sent) {
    setSeenAutosave(news.answerId);
    if (news.ok) {
      const stored = { ...(autosave.sent as typeof values), ...(news.slug ? { slug: news.slug } : {}) };
      setSaved(stored);
      if (news.slug && !slugTouched) setValues((v) => ({ ...v, slug: news.slug! }));
      if (news.version) setVersion(news.version);
      if (news.id && id === null) setId(news.id);
      setAutosaveNote({ ok: true, message: "All changes saved" });
    } else if (news.conflict) {
      setConflict(news.message ?? "This post was changed elsewhere.");
    } else {
      setAutosaveNote({ ok: false, message: news.message ?? "Not saved." });
    }
  }

  // The new post has an address now: a reload finds it, and no history entry is added.
  useEffect(() => {
    if (id !== null && view.id === null) window.history.replaceState(window.history.state, "", blogEditorPath(id));
  }, [id, view.id]);

  const shown = answer?.intent === "save" || answer?.intent === "restore" ? answer : undefined;
  const errors = {
    ...(news && !news.ok && dirty ? news.fields : {}),
    ...(shown && !shown.ok ? shown.fields : {}),
    // Sending to review refused by the checks: the body says so under the field.
    ...(answer?.intent === "send-to-review" && !answer.ok ? answer.fields : {}),
  };
  const formRef = useFormFeedback<EditorAnswer>(shown);
  const saving = useFormSending({ intents: ["save"] });

  const set = (name: PostFormField, value: string) => {
    setValues((v) => {
      const next = { ...v, [name]: value };
      // The address follows the title until someone types one (or the post has one).
      if (name === "title" && !slugTouched) next.slug = slugify(value);
      return next;
    });
    if (name === "slug") setSlugTouched(true);
  };

  const preview = useLivePreview(previewHtml, view.checks.findings, {
    id: id === null ? "" : String(id),
    title: values.title,
    slug: values.slug,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    excerpt: values.excerpt,
    body: values.body,
    authorSlug: values.authorSlug,
    reviewerSlug: values.reviewerSlug,
    featuredImageId: values.featuredImageId,
  });

  // The generator writes into the body: after what is there already (nothing typed is lost), the title
  // from the brief's topic when there is none; autosave keeps it as it streams in.
  const bodyBefore = useRef("");
  const startDraft = ({ topic }: { topic: string }) => {
    bodyBefore.current = values.body.trim() ? `${values.body.trimEnd()}\n\n` : "";
    if (!values.title.trim() && topic.trim()) set("title", topic.trim().slice(0, TITLE_MAX));
  };
  const takeDraft = (markdown: string) => set("body", `${bodyBefore.current}${markdown}`.slice(0, BODY_MAX));

  const action = id === null ? BLOG_NEW_PATH : blogEditorPath(id);
  const pageUrl = `${view.publicUrl.replace(/\/$/, "")}/blog/${values.slug || slugify(values.title) || "your-post"}`;
  const status =
    conflict ??
    (autosave.busy
      ? "Saving…"
      : autosaveNote && !autosaveNote.ok && dirty
        ? autosaveNote.message
        : dirty
          ? "Unsaved changes"
          : (autosaveNote?.message ?? ""));
  const unsaved = dirty || autosave.busy;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={id === null ? "Write a post" : "Edit post"}
        description={
          <p>
            {id === null ? "A new post starts as a draft only staff can see." : `Status: ${statusLabels[view.status]}.`}{" "}
            Write in Markdown: start sections at &ldquo;##&rdquo; (the title is the page&rsquo;s only main heading).
          </p>
        }
        actions={
          <>
            {view.status === "published" && view.publicPath ? (
              <a href={view.publicPath} className="font-semibold text-primary underline underline-offset-4">
                View on the site
              </a>
            ) : null}
            <Link to={BLOG_ADMIN_PATH} className="font-semibold text-primary underline underline-offset-4">
              All posts
            </Link>
          </>
        }
      />
      {answer && answer.intent !== "save" && answer.intent !== "restore" ? <AnswerMessage answer={answer} /> : null}
      {conflict ? (
        <p role="alert" className="rounded-xl border border-danger bg-danger-soft p-3 font-medium text-danger">
          {conflict}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <Form method="post" action={action} ref={formRef} className="grid gap-5" noValidate>
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="session" value={session} />
            <AnswerMessage answer={shown} />
            <TextField
              name="title"
              label="Title"
              value={values.title}
              onChange={set}
              errors={errors}
              maxLength={TITLE_MAX}
              inputClassName="text-lg font-semibold"
            />
            <TextField
              name="slug"
              label="Address"
              description={`The post's address on the site: /blog/${values.slug || "…"}. Made from the title until you change it.`}
              value={values.slug}
              onChange={set}
              errors={errors}
              placeholder={slugify(values.title)}
            />
            <TextField
              name="excerpt"
              label="Excerpt"
              description="One or two sentences shown under the title and in the list."
              value={values.excerpt}
              onChange={set}
              errors={errors}
              multiline
              rows={2}
              maxLength={EXCERPT_MAX}
            />
            <div className="grid gap-1">
              <ImageUploadField
                name="featuredImageId"
                label="Featured image"
                image={view.featuredImage}
                onChange={(image) => set("featuredImageId", image ? String(image.id) : "")}
              />
              {errors.featuredImageId ? (
                <p className="text-sm font-medium text-danger">{errors.featuredImageId}</p>
              ) : null}
            </div>
            <TextField
              name="body"
              label="Body"
              hint="(Markdown)"
              value={values.body}
              onChange={set}
              errors={errors}
              multiline
              rows={18}
              maxLength={BODY_MAX}
              inputClassName="font-mono text-sm"
            />

            <section aria-labelledby="preview-heading" className="grid gap-2">
              <h2 id="preview-heading" className="text-lg font-bold text-primary-dark">
                Preview <span className="text-sm font-normal text-muted">(as visitors will see the article)</span>
              </h2>
              <div
                data-testid="post-preview"
                aria-busy={preview.busy}
                className="rounded-2xl border border-line bg-white p-4 md:p-6"
                dangerouslySetInnerHTML={{ __html: preview.html }}
              />
            </section>

            <TextField
              name="tags"
              label="Tags"
              description="Separated by commas, such as: anxiety, sleep."
              value={values.tags}
              onChange={set}
              errors={errors}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <PersonField
                name="authorSlug"
                label="Author"
                value={values.authorSlug}
                team={view.team}
                onChange={set}
                errors={errors}
              />
              <PersonField
                name="reviewerSlug"
                label="Clinical reviewer"
                description="Named on the post as &ldquo;Medically reviewed by&rdquo;."
                value={values.reviewerSlug}
                team={view.team}
                onChange={set}
                errors={errors}
              />
            </div>

            <fieldset className="grid gap-5 rounded-2xl border border-line p-4">
              <legend className="px-1 text-lg font-bold text-primary-dark">Search engines</legend>
              <TextField
                name="metaTitle"
                label="Search title"
                description="Empty: the title."
                value={values.metaTitle}
                onChange={set}
                errors={errors}
                maxLength={META_TITLE_MAX}
              />
              <TextField
                name="metaDescription"
                label="Search description"
                description="Empty: the excerpt."
                value={values.metaDescription}
                onChange={set}
                errors={errors}
                multiline
                rows={2}
                maxLength={META_DESCRIPTION_MAX}
              />
              <TextField
                name="canonical"
                label="Canonical address"
                description="Empty: the post's own address. Only when the same article lives elsewhere first."
                value={values.canonical}
                onChange={set}
                errors={errors}
              />
              <div className="grid gap-3 overflow-hidden">
                <p className="text-sm font-medium">How a search result may show it</p>
                <SearchResultPreview
                  device="desktop"
                  pageUrl={pageUrl}
                  siteName={view.siteName}
                  title={values.metaTitle || values.title}
                  description={values.metaDescription || values.excerpt}
                />
              </div>
            </fieldset>

            <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-sand/95 py-3">
              <Button type="submit" name="intent" value="save" variant="secondary" disabled={saving}>
                {saving ? "Saving…" : "Save"}
              </Button>
              <p role="status" aria-live="polite" data-testid="autosave-status" className="text-sm text-muted">
                {status}
              </p>
            </div>
          </Form>
          <RevisionCompare view={view} version={version} unsaved={dirty} />
        </div>

        {/* The side column: the workflow, the draft checks (following the typing) and revisions. */}
        <aside aria-label="Review, checks and revisions" className="grid content-start gap-4">
          {id !== null && view.id !== null ? <WorkflowPanel view={view} unsaved={unsaved} /> : null}
          <ChecksPanel view={view} findings={preview.findings} unsaved={unsaved} answer={answer} />
          {view.status === "draft" ? (
            <div className="rounded-2xl border border-line bg-surface p-4">
              <GeneratorPanel
                model={generator.model}
                services={generator.services}
                onDraft={takeDraft}
                onDraftStart={startDraft}
              />
            </div>
          ) : null}
          <RevisionsPanel view={view} />
        </aside>
      </div>
    </div>
  );
}
