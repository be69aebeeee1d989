import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { ActiveFilters, FilterForm, FilterSelect } from "~/components/staff/filter-form";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState, PageHeader } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { BLOG_ADMIN_PATH, BLOG_GENERATOR_PATH, BLOG_NEW_PATH, blogEditorPath } from "~/lib/blog-paths";
import { hasListFilters, listFilterChips, listHref, type ListFilters } from "../list-params";
import type { PostListRow, When } from "../post-list.server";
import { shownStatuses, statusLabels } from "../post-rules";

const column = createColumnHelper<PostListRow>();

function Time({ at, none = "—" }: { at: When | null; none?: string }) {
  return at ? <time dateTime={at.iso}>{at.text}</time> : <span className="text-muted">{none}</span>;
}

const columns = [
  column.accessor("title", {
    header: "Title",
    meta: { rowHeader: true, cellClassName: "min-w-56" },
    cell: ({ row }) => (
      <div className="grid gap-0.5">
        <Link
          to={blogEditorPath(row.original.id)}
          className="inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline"
        >
          {row.original.title}
        </Link>
        <span className="text-sm font-normal break-all text-muted">/blog/{row.original.slug}</span>
      </div>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => statusLabels[getValue()],
  }),
  column.accessor("author", {
    header: "Author",
    cell: ({ getValue }) => getValue() ?? <span className="text-muted">None</span>,
  }),
  column.accessor("reviewer", {
    header: "Reviewer",
    cell: ({ getValue }) => getValue() ?? <span className="text-muted">None yet</span>,
  }),
  column.accessor("approvedAt", {
    header: "Approved",
    meta: { cellClassName: "min-w-40" },
    cell: ({ row }) =>
      row.original.approvedAt ? (
        <span>
          <Time at={row.original.approvedAt} />
          {row.original.approvedBy ? (
            <span className="block text-sm text-muted">by {row.original.approvedBy}</span>
          ) : null}
        </span>
      ) : (
        <span className="text-muted">—</span>
      ),
  }),
  column.accessor("publishedAt", {
    header: "Publication",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => <Time at={getValue()} />,
  }),
  column.accessor("updatedAt", {
    header: "Last changed",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => <Time at={getValue()} />,
  }),
];

export interface PostListPageProps {
  posts: PostListRow[];
  filters: ListFilters;
  ignored: string[];
  team: { slug: string; name: string }[];
}

/** /admin/blog: every post with where it stands, who wrote and reviewed it, and when. */
export function PostListPage({ posts, filters, ignored, team }: PostListPageProps) {
  const names = Object.fromEntries(team.map((m) => [m.slug, m.name]));
  const people = team.map((m) => ({ value: m.slug, label: m.name }));
  const count = `${posts.length} ${posts.length === 1 ? "post" : "posts"}`;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Blog"
        description={
          <p>
            Every article, most recently changed first. A post goes from draft to review; only a clinician approves it;
            approved posts are published now or scheduled. Times are the clinic&rsquo;s (Eastern time).
          </p>
        }
        actions={
          <>
            <Link to={BLOG_NEW_PATH} className={buttonVariants({ size: "sm" })}>
              Write a post
            </Link>
            <Link to={BLOG_GENERATOR_PATH} className={buttonVariants({ size: "sm", variant: "outline" })}>
              Start from the generator
            </Link>
          </>
        }
      />
      {ignored.length > 0 ? (
        <p role="status" className="rounded-xl border border-line bg-sand p-3 text-sm">
          Part of this address was not understood and was left out ({ignored.join(", ")}). The list below shows the
          rest.
        </p>
      ) : null}
      <FilterForm
        key={listHref(filters)}
        label="Filter the posts"
        action={BLOG_ADMIN_PATH}
        clearHref={hasListFilters(filters) ? BLOG_ADMIN_PATH : undefined}
      >
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={shownStatuses.map((value) => ({ value, label: statusLabels[value] }))}
        />
        <FilterSelect
          id="filter-author"
          name="author"
          label="Author"
          allLabel="All authors"
          value={filters.author}
          options={people}
        />
        <FilterSelect
          id="filter-reviewer"
          name="reviewer"
          label="Reviewer"
          allLabel="All reviewers"
          value={filters.reviewer}
          options={people}
        />
        <Field id="filter-q" label="Search" hint="(title or address)">
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            maxLength={100}
            className={inputClass}
          />
        </Field>
      </FilterForm>
      <ActiveFilters filters={listFilterChips(filters, names)} />
      <section aria-label="The posts" className="grid gap-3">
        <p className="text-sm text-muted" role="status">
          {count}
        </p>
        <DataTable
          caption="Blog posts, most recently changed first"
          columns={columns}
          data={posts}
          rowKey={(row) => String(row.id)}
          stackOnPhone
          empty={
            hasListFilters(filters) ? (
              <EmptyState title="No posts match these filters.">
                <Link to={BLOG_ADMIN_PATH} className="font-semibold text-primary underline underline-offset-4">
                  Show every post
                </Link>
              </EmptyState>
            ) : (
              <EmptyState title="No posts yet.">
                Write the first one: it starts as a draft only staff can see.
              </EmptyState>
            )
          }
        />
      </section>
    </div>
  );
}
