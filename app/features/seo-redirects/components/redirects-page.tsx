import { createColumnHelper } from "@tanstack/react-table";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { Button } from "~/components/ui/button";
import { SEO_NOT_FOUND_PATH, SEO_REDIRECTS_PATH } from "~/lib/seo-paths";
import type { RedirectDraft, RedirectRow, RedirectsAnswer } from "../redirects-page-types";
import { RedirectForm } from "./redirect-form";

const column = createColumnHelper<RedirectRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

const columns = [
  column.accessor("fromPath", { header: "From", meta: { rowHeader: true, cellClassName: "break-all sm:max-w-64" } }),
  column.accessor("toTarget", { header: "To", meta: { cellClassName: "break-all sm:max-w-64" } }),
  column.accessor("status", {
    header: "Kind",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => (getValue() === 301 ? "Permanent (301)" : "Temporary (302)"),
  }),
  column.accessor("hits", {
    header: "Hits",
    meta: { align: "right" },
    cell: ({ getValue }) => getValue().toLocaleString("en-US"),
  }),
  column.accessor((row) => row.lastHit?.text ?? null, {
    id: "lastHit",
    header: "Last hit",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) =>
      row.original.lastHit ? (
        <time dateTime={row.original.lastHit.iso}>{row.original.lastHit.text}</time>
      ) : (
        <span className="text-muted">Never</span>
      ),
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`${SEO_REDIRECTS_PATH}?edit=${row.original.id}#redirect-form-heading`} className={linkClass}>
          Edit<span className="sr-only"> the redirect from {row.original.fromPath}</span>
        </Link>
        <Form method="post" action={SEO_REDIRECTS_PATH}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={row.original.id} />
          <Button type="submit" variant="danger" size="sm">
            Delete<span className="sr-only"> the redirect from {row.original.fromPath}</span>
          </Button>
        </Form>
      </div>
    ),
  }),
];

/** /admin/seo/redirects: the list with hits, and the form to add or change one. */
export function RedirectsPage({
  redirects,
  draft: loaded,
  answer,
}: {
  redirects: RedirectRow[];
  draft: RedirectDraft;
  answer?: RedirectsAnswer;
}) {
  const settled = useNavigation().state === "idle";
  const formAnswer = answer?.intent === "save" && !answer.ok ? answer : undefined;
  // A refused change of an existing redirect stays a change of it (the form posts to the plain address).
  const draft = formAnswer?.id !== undefined ? { ...loaded, id: formAnswer.id } : loaded;
  const banner = settled && answer && !formAnswer ? answer : undefined;
  return (
    <SeoFrame
      title="Redirects"
      description={
        <p>
          Old addresses and where they send visitors now, answered before anything else on the site. Hits are counted
          within a few seconds. Addresses visitors could not find are in the{" "}
          <Link to={SEO_NOT_FOUND_PATH} className={linkClass}>
            404 monitor
          </Link>
          . Every change is recorded in the audit trail.
        </p>
      }
    >
      {banner ? <Banner answer={banner} /> : null}
      <DataTable
        caption="Redirects, by old address"
        columns={columns}
        data={redirects}
        rowKey={(row) => String(row.id)}
        stackOnPhone
        empty={
          <EmptyState title="No redirects yet">Add one below, or turn a row of the 404 monitor into one.</EmptyState>
        }
      />
      <section aria-labelledby="redirect-form-heading" className="grid gap-4">
        <h2 id="redirect-form-heading" className="text-2xl font-bold text-primary-dark">
          {draft.id !== null ? `Change the redirect from ${draft.fromPath}` : "Add a redirect"}
        </h2>
        {/* A fresh form after each save, and whenever another row is chosen. */}
        <RedirectForm
          key={`${draft.id ?? "new"}-${draft.fromPath}-${answer?.ok ? answer.answerId : ""}`}
          draft={draft}
          answer={formAnswer}
        />
      </section>
    </SeoFrame>
  );
}

function Banner({ answer }: { answer: RedirectsAnswer }) {
  const ref = useFormFeedback<RedirectsAnswer, HTMLDivElement>(answer);
  return (
    <div ref={ref}>
      <AnswerMessage answer={answer} className="p-4 text-base focus:outline-none" />
    </div>
  );
}
