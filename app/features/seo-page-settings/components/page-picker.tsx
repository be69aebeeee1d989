import { createColumnHelper } from "@tanstack/react-table";
import { Form, Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input } from "~/components/ui/field";
import { SEO_PAGE_SETTINGS_PATH } from "~/lib/seo-paths";
import { PAGE_PATH_MAX } from "../settings-rules";
import type { PickerView, SettingsListItem } from "../page-settings-types";

const editHref = (path: string) => `${SEO_PAGE_SETTINGS_PATH}?${new URLSearchParams({ path })}`;
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";
const sectionHeading = "text-xl font-bold text-primary-dark";

const column = createColumnHelper<SettingsListItem>();
const columns = [
  column.accessor("path", {
    header: "Page",
    meta: { rowHeader: true, cellClassName: "break-all sm:max-w-64" },
    cell: ({ getValue }) => (
      <Link to={editHref(getValue())} className={linkClass}>
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("overrides", { header: "Its own settings" }),
  column.accessor((row) => row.changed.text, {
    id: "changed",
    header: "Last changed",
    cell: ({ row }) => (
      <span className="grid">
        <time dateTime={row.original.changed.iso} className="whitespace-nowrap">
          {row.original.changed.text}
        </time>
        {row.original.by ? <span className="text-muted">by {row.original.by}</span> : null}
      </span>
    ),
  }),
];

/** /admin/seo/page without a page: an address to type, the pages with settings of their own, the sitemap's pages. */
export function PagePicker({ view }: { view: PickerView }) {
  return (
    <div className="grid gap-10">
      <section aria-labelledby="choose-heading" className="grid gap-3">
        <h2 id="choose-heading" className={sectionHeading}>
          Choose a page
        </h2>
        <Form method="get" action={SEO_PAGE_SETTINGS_PATH} className="flex max-w-2xl flex-wrap items-end gap-3">
          <Field
            id="page-path"
            label="Address of the page"
            description="The path after the site's name, such as /adhd or /blog/sleep-and-mood."
            error={view.problem ?? undefined}
            className="min-w-0 flex-1 basis-72"
          >
            <Input
              id="page-path"
              name="path"
              defaultValue={view.asked}
              autoComplete="off"
              spellCheck={false}
              maxLength={PAGE_PATH_MAX + 100}
              {...describedBy("page-path", { description: true, error: view.problem ?? undefined })}
            />
          </Field>
          <Button type="submit" variant="secondary">
            Open its settings
          </Button>
        </Form>
        {view.goTo ? (
          <p>
            <Link to={editHref(view.goTo)} className={linkClass}>
              Open the settings of {view.goTo}
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="own-heading" className="grid gap-3">
        <h2 id="own-heading" className={sectionHeading}>
          Pages with their own settings
        </h2>
        <DataTable
          caption="Pages with their own settings, most recently changed first"
          columns={columns}
          data={view.withSettings}
          rowKey={(row) => row.path}
          stackOnPhone
          empty={
            <EmptyState title="No page has settings of its own yet">
              Every page uses the title, description and other settings its content gives it.
            </EmptyState>
          }
        />
      </section>

      <section aria-labelledby="sitemap-heading" className="grid gap-3">
        <h2 id="sitemap-heading" className={sectionHeading}>
          Pages in the sitemap
        </h2>
        <p className="max-w-prose text-muted">
          The pages the site asks search engines to list ({view.sitemap.length}). Pages kept out of search by their
          settings are in the list above.
        </p>
        <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {view.sitemap.map((path) => (
            <li key={path} className="break-all">
              <Link to={editHref(path)} className={linkClass}>
                {path}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
