import { eq } from "drizzle-orm";
import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { can } from "~/features/auth/access";
import { getSiteRow } from "~/features/content/queries.server";
import { withFallbacks } from "~/features/content/site-content";
import { imageSources } from "~/features/images/image-store.server";
import { formAnswer } from "~/lib/form-answer";
import { formatClinicDateTime, parseClinicDateTimeInput } from "~/lib/clinic-time";
import { fieldErrors } from "~/lib/field-errors";
import type { EditorActor } from "./editor-actor";
import type { EditorAnswer, EditorView } from "./editor-types";
import { teamChoices } from "./post-list.server";
import { postFormFields, postFormSchema, shownStatus, type PostFormField } from "./post-rules";
import { createPost, savePost, type SaveKind } from "./posts-store.server";
import { checkPostDraft, draftOf } from "./post-checks.server";
import { compareRevision, findRevision, listRevisions } from "./revisions.server";
import { movePost, overrideChecks, type Move } from "./workflow.server";

const when = (at: Date) => ({ iso: at.toISOString(), text: formatClinicDateTime(at) });

const emptyValues = Object.fromEntries(postFormFields.map((f) => [f, ""])) as Record<PostFormField, string>;

/** A stored post as the editor's fields show it. */
function formValuesOf(post: t.BlogPost): Record<PostFormField, string> {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    tags: post.tags.join(", "),
    authorSlug: post.authorSlug ?? "",
    reviewerSlug: post.reviewerSlug ?? "",
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    canonical: post.canonical ?? "",
    featuredImageId: post.featuredImageId === null ? "" : String(post.featuredImageId),
  };
}

/** The editor of a post (null: /admin/blog/new); null when the post does not exist. */
export async function editorView(
  db: Db,
  id: number | null,
  roles: readonly t.StaffRole[],
  publicUrl: string,
  compareId: number | null,
  now = new Date(),
): Promise<EditorView | null> {
  const [team, siteRow] = await Promise.all([teamChoices(db), getSiteRow(db)]);
  const base = {
    team,
    canApprove: can(roles, "blog-approve"),
    publicUrl,
    siteName: withFallbacks(siteRow).clinicName,
  };
  if (id === null) {
    return {
      ...base,
      id: null,
      version: 0,
      values: emptyValues,
      status: "draft",
      approved: null,
      publishedAt: null,
      publicPath: null,
      unpublishedRedirect: null,
      revisions: [],
      compare: null,
      checks: { findings: await checkPostDraft(db, null, draftOf(emptyValues), publicUrl), override: null },
      featuredImage: null,
    };
  }
  const [row] = await db
    .select({ post: t.blogPosts, approver: t.users.name })
    .from(t.blogPosts)
    .leftJoin(t.users, eq(t.users.id, t.blogPosts.approvedById))
    .where(eq(t.blogPosts.id, id));
  if (!row) return null;
  const { post } = row;
  const [revisions, findings, overrider, featuredImage] = await Promise.all([
    listRevisions(db, id),
    checkPostDraft(db, id, draftOf(post), publicUrl),
    post.checkOverride
      ? db.select({ name: t.users.name }).from(t.users).where(eq(t.users.id, post.checkOverride.by))
      : Promise.resolve([]),
    post.featuredImageId === null ? Promise.resolve(null) : imageSources(db, post.featuredImageId),
  ]);
  const override = post.checkOverride
    ? {
        findingIds: post.checkOverride.findingIds,
        reason: post.checkOverride.reason,
        by: overrider[0]?.name ?? null,
        at: when(new Date(post.checkOverride.at)),
      }
    : null;
  return {
    ...base,
    id,
    version: post.version,
    values: formValuesOf(post),
    status: shownStatus(post.status, post.publishedAt, now),
    approved: post.approvedAt ? { by: row.approver, at: when(post.approvedAt) } : null,
    publishedAt: post.publishedAt ? when(post.publishedAt) : null,
    publicPath: `/blog/${post.slug}`,
    unpublishedRedirect: post.unpublishedRedirect,
    revisions,
    compare: compareId ? await compareRevision(db, post, compareId, revisions) : null,
    checks: { findings, override },
    featuredImage,
  };
}

type Outcome =
  { kind: "answer"; status: number; answer: EditorAnswer } | { kind: "created"; id: number; answer: EditorAnswer };

const say = (
  status: number,
  init: Omit<EditorAnswer, "answerId" | "fields"> & { fields?: EditorAnswer["fields"] },
): Outcome => ({
  kind: "answer",
  status,
  answer: formAnswer<PostFormField, Omit<EditorAnswer, keyof ReturnType<typeof formAnswer>>>(init) as EditorAnswer,
});

const MOVES: Record<string, (values: Record<string, string>) => Move | string> = {
  "send-to-review": () => ({ to: "in_review" }),
  "back-to-draft": () => ({ to: "draft" }),
  approve: () => ({ to: "approved" }),
  "publish-now": () => ({ to: "published" }),
  schedule: (values) => {
    const at = parseClinicDateTimeInput(values.publishAt ?? "");
    return at ? { to: "published", at } : "Choose the date and time to publish (clinic time).";
  },
  unschedule: () => ({ to: "unscheduled" }),
  unpublish: (values) => ({
    to: "unpublished",
    redirectTo: values.unpublishAs === "redirect" ? values.redirectTo || "/blog" : undefined,
  }),
};

/**
 * Runs one form of the editor: "save" and "autosave" (the same write; an
 * autosave keeps one revision per session), "restore" a revision, or a move
 * along the workflow. On /admin/blog/new (id null) a save or the first
 * autosave creates the post.
 */
export async function runEditorAction(
  db: Db,
  services: Pick<ServerServices, "pageCache">,
  actor: EditorActor,
  id: number | null,
  values: Record<string, string> | null,
): Promise<Outcome> {
  const intent = values?.intent ?? "";
  if (!values)
    return say(400, { ok: false, intent, message: "This form submission could not be read. Please try again." });

  if (intent === "save" || intent === "autosave" || intent === "restore") {
    let typed = Object.fromEntries(postFormFields.map((f) => [f, values[f] ?? ""])) as Record<PostFormField, string>;
    let kind: SaveKind = intent;
    if (intent === "restore") {
      if (id === null) return say(400, { ok: false, intent, message: "Save the post first." });
      const revision = await findRevision(db, id, Number(values.revision));
      if (!revision) return say(404, { ok: false, intent, message: "That revision could not be found." });
      const [current] = await db.select().from(t.blogPosts).where(eq(t.blogPosts.id, id));
      if (!current) return say(404, { ok: false, intent, message: "This post no longer exists." });
      // The revision's words; everything else as the post has it now.
      typed = { ...formValuesOf(current), title: revision.title, excerpt: revision.excerpt, body: revision.body };
      kind = "restore";
    }
    const parsed = postFormSchema.safeParse(typed);
    if (!parsed.success) {
      return say(400, {
        ok: false,
        intent,
        message:
          intent === "autosave"
            ? "Not saved yet: please correct the highlighted fields."
            : "Please correct the highlighted fields.",
        fields: fieldErrors(parsed.error).fields as EditorAnswer["fields"],
        values: typed,
      });
    }
    if (id === null) {
      const made = await createPost(db, actor, parsed.data);
      if (!made.ok) return say(400, { ok: false, intent, message: made.message, fields: made.fields, values: typed });
      return {
        kind: "created",
        id: made.id,
        answer: formAnswer({
          ok: true,
          intent,
          message: "Saved as a draft.",
          version: 1,
          slug: made.slug,
        }) as EditorAnswer,
      };
    }
    const expected = Number(values.version);
    const saved = await savePost(db, actor, id, Number.isInteger(expected) ? expected : -1, parsed.data, {
      kind,
      session: values.session?.slice(0, 64) || undefined,
    });
    if (!saved.ok) {
      return say(saved.status, {
        ok: false,
        intent,
        message: saved.message,
        fields: saved.status === 400 ? saved.fields : {},
        values: typed,
        conflict: saved.status === 409,
        ...(saved.status === 409 ? { version: saved.currentVersion } : {}),
      });
    }
    if (saved.contentVersion) services.pageCache.contentChanged(saved.contentVersion);
    const message =
      intent === "restore"
        ? "The revision is restored (as a new revision)."
        : saved.backToDraft
          ? "Saved. The words changed after review, so the post is a draft again and needs a new review."
          : intent === "autosave"
            ? "All changes saved."
            : "Saved.";
    return say(200, { ok: true, intent, message, version: saved.version, slug: saved.slug });
  }

  if (intent === "override-checks" && id !== null) {
    const done = await overrideChecks(db, actor, id, {
      reason: values.reason ?? "",
      findingIds: (values.findingIds ?? "").split(",").filter(Boolean),
    });
    if (!done.ok)
      return say(done.status, {
        ok: false,
        intent,
        message: done.message,
        fields: (done.fields ?? {}) as EditorAnswer["fields"],
        values: { reason: values.reason ?? "" } as EditorAnswer["values"],
      });
    return say(200, { ok: true, intent, message: done.message });
  }

  const makeMove = MOVES[intent];
  if (!makeMove || id === null)
    return say(400, { ok: false, intent, message: "This form submission could not be understood." });
  const move = makeMove(values);
  if (typeof move === "string") return say(400, { ok: false, intent, message: move });
  const moved = await movePost(db, actor, id, move);
  if (!moved.ok)
    return say(moved.status, {
      ok: false,
      intent,
      message: moved.message,
      fields: (moved.fields ?? {}) as EditorAnswer["fields"],
    });
  if (moved.contentVersion) services.pageCache.contentChanged(moved.contentVersion);
  return say(200, { ok: true, intent, message: moved.message });
}
