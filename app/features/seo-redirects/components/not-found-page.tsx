import { createColumnHelper } from "@tanstack/react-table";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { Button } from "~/components/ui/button";
import type { FormAnswer } from "~/lib/form-answer";
import { SEO_NOT_FOUND_PATH, SEO_REDIRECTS_PATH } from "~/lib/seo-paths";
import type { NotFoundRow } from "../redirects-page-types";

const column = createColumnHelper<NotFoundRow>();
const sortHref = (sort: "hits" | "last-seen") => `${SEO_NOT_FOUND_PATH}?sort=${sort}`;
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

const columnsFor = (sort: "hits" | "last-seen") => [
  column.accessor("path", { header: "Path", meta: { rowHeader: true, cellClassName: "break-all sm:max-w-72" } }),
  column.accessor("hits", {
    header: "Count",
    meta: { align: "right" },
    cell: ({ getValue }) => getValue().toLocaleString("en-US"),
  }),
  column.accessor((row) => row.firstSeen.text, {
    id: "firstSeen",
    header: "First seen",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.firstSeen.iso}>{row.original.firstSeen.text}</time>,
  }),
  column.accessor((row) => row.lastSeen.text, {
    id: "lastSeen",
    header: "Last seen",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.lastSeen.iso}>{row.original.lastSeen.text}</time>,
  }),
  column.accessor("referrerHost", {
    header: "Came from",
    meta: { cellClassName: "break-all sm:max-w-48" },
    cell: ({ getValue }) => getValue() ?? <span className="text-muted">Not known</span>,
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`${SEO_REDIRECTS_PATH}?${new URLSearchParams({ from: row.original.path })}#redirect-form-heading`}
          className={linkClass}
        >
          Redirect<span className="sr-only"> {row.original.path}</span>
        </Link>
        <Form method="post" action={sortHref(sort)}>
          <input type="hidden" name="intent" value="ignore" />
          <input type="hidden" name="path" value={row.original.path} />
          <Button type="submit" variant="ghost" size="sm">
            Ignore<span className="sr-only"> {row.original.path}</span>
          </Button>
        </Form>
      </div>
    ),
  }),
];

/** /admin/seo/not-found: the paths real visitors got a 404 for, most first, each one click from a redirect. */
export function NotFoundPage({
  rows,
  sort,
  answer,
}: {
  rows: NotFoundRow[];
  sort: "hits" | "last-seen";
  answer?: FormAnswer;
}) {
  const settled = useNavigation().state === "idle";
  return (
    <SeoFrame
      title="404 monitor"
      description={
        <p>
          Addresses on this site that visitors asked for and did not find (search engines and other bots are not
          counted; query strings are never kept). Turn one into a{" "}
          <Link to={SEO_REDIRECTS_PATH} className={linkClass}>
            redirect
          </Link>{" "}
          or ignore it. Counts arrive within a few seconds.
        </p>
      }
    >
      {settled && answer ? <Banner answer={answer} /> : null}
      <DataTable
        caption={sort === "hits" ? "Not found, most often first" : "Not found, most recently seen first"}
        columns={columnsFor(sort)}
        data={rows}
        rowKey={(row) => row.path}
        stackOnPhone
        sort={(id) =>
          id === "hits"
            ? { href: sortHref("hits"), current: sort === "hits" ? "descending" : "none" }
            : id === "lastSeen"
              ? { href: sortHref("last-seen"), current: sort === "last-seen" ? "descending" : "none" }
              : undefined
        }
        empty={<EmptyState title="No missing pages">No visitor has hit a missing address lately.</EmptyState>}
      />
    </SeoFrame>
  );
}

function Banner({ answer }: { answer: FormAnswer }) {
  const ref = useFormFeedback<FormAnswer, HTMLDivElement>(answer);
  return (
    <div ref={ref}>
      <AnswerMessage answer={answer} className="p-4 text-base focus:outline-none" />
    </div>
  );
}
