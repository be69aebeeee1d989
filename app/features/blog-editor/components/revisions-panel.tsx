import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { blogEditorPath } from "~/lib/blog-paths";
import { cn } from "~/lib/cn";
import type { DiffPart, EditorView } from "../editor-types";

const kindWords = { save: "Saved", autosave: "Autosaved", restore: "Restored" } as const;

/** The post's revisions, newest first, each with a link to compare it with the current text. */
export function RevisionsPanel({ view }: { view: EditorView }) {
  if (view.id === null || view.revisions.length === 0) return null;
  return (
    <section aria-labelledby="revisions-heading" className="grid gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id="revisions-heading" className="text-lg font-bold text-primary-dark">
        Revisions
      </h2>
      <ol className="grid gap-1 text-sm">
        {view.revisions.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {kindWords[r.kind]} <time dateTime={r.at.iso}>{r.at.text}</time>
              {r.by ? ` by ${r.by}` : ""}
            </span>
            <Link
              to={`${blogEditorPath(view.id!)}?compare=${r.id}#compare-heading`}
              preventScrollReset
              className="inline-flex min-h-6 items-center font-semibold text-primary underline underline-offset-4"
              aria-current={view.compare?.revision.id === r.id ? "true" : undefined}
            >
              Compare
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="whitespace-pre-wrap break-words rounded-xl border border-line bg-white p-3 font-mono text-sm">
      {parts.map((p, i) =>
        p.kind === "same" ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === "added" ? (
          <ins key={i} className="bg-primary-soft text-primary-dark">
            {p.text}
          </ins>
        ) : (
          <del key={i} className={cn("bg-danger-soft text-danger")}>
            {p.text}
          </del>
        ),
      )}
    </p>
  );
}

/** A revision against the current words (struck out: only in the revision; underlined: only now), and restore. */
export function RevisionCompare({ view, version, unsaved }: { view: EditorView; version: number; unsaved: boolean }) {
  const compare = view.compare;
  if (!compare || view.id === null) return null;
  return (
    <section aria-labelledby="compare-heading" className="grid gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id="compare-heading" className="text-lg font-bold text-primary-dark">
        Revision of <time dateTime={compare.revision.at.iso}>{compare.revision.at.text}</time> against the current text
      </h2>
      {compare.same ? (
        <p>This revision has the same words as the current text.</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Struck through: only in the revision. Underlined: only in the current text.
          </p>
          <h3 className="font-semibold">Title</h3>
          <Diff parts={compare.title} />
          <h3 className="font-semibold">Excerpt</h3>
          <Diff parts={compare.excerpt} />
          <h3 className="font-semibold">Body</h3>
          <Diff parts={compare.body} />
        </>
      )}
      <Form method="post" action={blogEditorPath(view.id)} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="revision" value={compare.revision.id} />
        <input type="hidden" name="version" value={version} />
        <Button
          type="submit"
          name="intent"
          value="restore"
          variant="outline"
          size="sm"
          disabled={compare.same || unsaved}
        >
          Restore this revision
        </Button>
        <Link to={blogEditorPath(view.id)} className="font-semibold text-primary underline underline-offset-4">
          Close the comparison
        </Link>
      </Form>
    </section>
  );
}
