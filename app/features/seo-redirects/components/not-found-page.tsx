import { createColumnHelper } from "@tanstack/react-table";
import { Download } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { DataTable } from "~/components/staff/data-table";
import { FilterForm, FilterSelect } from "~/components/staff/filter-form";
import { KeysetPager } from "~/components/staff/keyset-pager";
import { EmptyState } from "~/components/staff/page-header";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import type { FormAnswer } from "~/lib/form-answer";
import { SEO_NOT_FOUND_CSV_PATH, SEO_NOT_FOUND_PATH, SEO_REDIRECTS_PATH } from "~/lib/seo-paths";
import { NOT_FOUND_SEARCH_MAX, notFoundHref, type NotFoundSort } from "../not-found-view";
import type { NotFoundPageData } from "../redirects-page.server";
import type { NotFoundRow } from "../redirects-page-types";

type View = NotFoundPageData["view"];

const column = createColumnHelper<NotFoundRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

const columnsFor = (view: View, here: string) => [
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
    cell: ({ row }) =>
      view.ignored ? (
        <Form method="post" action={here}>
          <input type="hidden" name="intent" value="unignore" />
          <input type="hidden" name="path" value={row.original.path} />
          <Button type="submit" variant="ghost" size="sm">
            Count again<span className="sr-only"> {row.original.path}</span>
          </Button>
        </Form>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={`${SEO_REDIRECTS_PATH}?${new URLSearchParams({ from: row.original.path })}#redirect-form-heading`}
            className={linkClass}
          >
            Redirect<span className="sr-only"> {row.original.path}</span>
          </Link>
          <Form method="post" action={here}>
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

const SHOW_OPTIONS = [{ value: "ignored", label: "Ignored paths" }] as const;

/** /admin/seo/not-found: the paths real visitors got a 404 for, most first, each one click from a redirect. */
export function NotFoundPage({
  rows,
  total,
  view,
  unreadable,
  pages,
  answer,
}: NotFoundPageData & { answer?: FormAnswer }) {
  const settled = useNavigation().state === "idle";
  const here = notFoundHref(SEO_NOT_FOUND_PATH, view);
  const sortHref = (sort: NotFoundSort) => notFoundHref(SEO_NOT_FOUND_PATH, { ...view, sort });
  const filtered = Boolean(view.search) || view.ignored;
  const order = view.sort === "hits" ? "most often first" : "most recently seen first";
  const what = view.ignored ? "Ignored paths" : "Not found";
  const count = `${total.toLocaleString("en-US")} ${total === 1 ? "path" : "paths"}`;
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
      actions={
        <a
          href={notFoundHref(SEO_NOT_FOUND_CSV_PATH, view)}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden className="size-4" />
          Download CSV<span className="sr-only"> of the {filtered ? "paths shown" : "paths not found"}</span>
        </a>
      }
    >
      {settled && answer ? <Banner answer={answer} /> : null}
      <FilterForm
        label="Search the 404 monitor"
        action={SEO_NOT_FOUND_PATH}
        submitLabel="Show"
        clearHref={filtered ? notFoundHref(SEO_NOT_FOUND_PATH, { ...view, search: "", ignored: false }) : undefined}
      >
        {view.sort === "hits" ? null : <input type="hidden" name="sort" value={view.sort} />}
        <Field id="not-found-search" label="Path contains">
          <input
            id="not-found-search"
            name="q"
            type="search"
            defaultValue={view.search}
            maxLength={NOT_FOUND_SEARCH_MAX}
            className={inputClass}
          />
        </Field>
        <FilterSelect
          id="not-found-show"
          name="show"
          label="Show"
          options={SHOW_OPTIONS}
          value={view.ignored ? "ignored" : undefined}
          allLabel="Paths still counted"
        />
      </FilterForm>
      {unreadable.length ? (
        <p role="status" className="text-sm text-muted">
          Part of this address could not be read ({unreadable.join(", ")}), so it is left out.
        </p>
      ) : null}
      <DataTable
        caption={`${what}, ${order} (${count}${view.search ? ` containing “${view.search}”` : ""})`}
        columns={columnsFor(view, here)}
        data={rows}
        rowKey={(row) => row.path}
        stackOnPhone
        sort={(id) =>
          id === "hits"
            ? { href: sortHref("hits"), current: view.sort === "hits" ? "descending" : "none" }
            : id === "lastSeen"
              ? { href: sortHref("last-seen"), current: view.sort === "last-seen" ? "descending" : "none" }
              : undefined
        }
        empty={
          view.ignored ? (
            <EmptyState title="No ignored paths">{view.search ? "None contains this text." : null}</EmptyState>
          ) : view.search ? (
            <EmptyState title="No missing page matches">No path visitors missed contains this text.</EmptyState>
          ) : (
            <EmptyState title="No missing pages">No visitor has hit a missing address lately.</EmptyState>
          )
        }
      />
      <KeysetPager
        label="Pages of the 404 monitor"
        firstHref={pages.first}
        previousHref={pages.previous}
        nextHref={pages.next}
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
