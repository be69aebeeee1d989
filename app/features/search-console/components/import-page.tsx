import { createColumnHelper } from "@tanstack/react-table";
import { Form, Link, useNavigation } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { SavedBanner } from "~/components/staff/file-upload";
import { EmptyState } from "~/components/staff/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { SEO_SEARCH_CONSOLE_IMPORT_PATH, SEO_SEARCH_CONSOLE_PATH } from "~/lib/seo-paths";
import { countText } from "../figures";
import type { ImportAnswer, ImportListRow } from "../search-console-types";
import { ImportPreview } from "./import-preview";
import { UploadForm } from "./upload-form";

const column = createColumnHelper<ImportListRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";
const notImported = <span className="text-muted">Not imported</span>;

const columns = [
  column.accessor("period", { header: "Period", meta: { rowHeader: true, cellClassName: "whitespace-nowrap" } }),
  column.accessor("searchType", { header: "Search type" }),
  column.accessor((row) => row.scope?.label ?? "The whole site", {
    id: "scope",
    header: "Covers",
    meta: { cellClassName: "break-all sm:max-w-64" },
  }),
  column.accessor("queries", {
    header: "Queries",
    meta: { align: "right" },
    cell: ({ getValue }) => {
      const n = getValue();
      return n === null ? notImported : countText(n);
    },
  }),
  column.accessor("pages", {
    header: "Pages",
    meta: { align: "right" },
    cell: ({ getValue }) => {
      const n = getValue();
      return n === null ? notImported : countText(n);
    },
  }),
  column.accessor((row) => row.updated.text, {
    id: "updated",
    header: "Imported",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.updated.iso}>{row.original.updated.text}</time>,
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) => {
      const what = `${row.original.period}, ${row.original.scope?.label ?? "the whole site"}`;
      return (
        <div className="flex flex-wrap items-center gap-3">
          <Link to={row.original.reportHref} className={linkClass}>
            Report<span className="sr-only"> for {what}</span>
          </Link>
          <Form method="post" action={SEO_SEARCH_CONSOLE_IMPORT_PATH}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={row.original.id} />
            <Button type="submit" variant="danger" size="sm">
              Delete<span className="sr-only"> the data of {what}</span>
            </Button>
          </Form>
        </div>
      );
    },
  }),
];

/** /admin/seo/search-console/import: upload an export, check the preview, save it; the imports so far. */
export function ImportPage({
  imports,
  maxBytes,
  maxText,
  answer,
}: {
  imports: ImportListRow[];
  maxBytes: number;
  maxText: string;
  answer?: ImportAnswer;
}) {
  const settled = useNavigation().state === "idle";
  const preview = answer?.intent === "preview" && answer.ok ? answer.preview : undefined;
  const formAnswer = answer?.intent === "preview" ? answer : undefined;
  const banner = settled && answer && answer.intent !== "preview" ? answer : undefined;
  return (
    <SeoFrame
      title="Import from Search Console"
      description={
        <p>
          In Google Search Console, open Performance, then Search results; choose the dates; then Export and
          &ldquo;Download CSV&rdquo;. Upload the zip it gives here. For one page&apos;s searches, first add a Page
          filter with &ldquo;Exact URL&rdquo;. You see what would be stored before anything is, and importing the same
          period again replaces it.
        </p>
      }
      actions={
        <Link to={SEO_SEARCH_CONSOLE_PATH} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Back to the report
        </Link>
      }
    >
      {banner ? (
        <SavedBanner answer={banner} href={banner.reportHref} linkText="See the report for this period" />
      ) : null}
      <section aria-labelledby="upload-heading" className="grid gap-4">
        <h2 id="upload-heading" className="text-2xl font-bold text-primary-dark">
          Upload an export
        </h2>
        {/* A fresh form (no values kept) once something was saved or deleted. */}
        <UploadForm
          key={banner?.ok ? banner.answerId : "form"}
          answer={formAnswer}
          maxBytes={maxBytes}
          maxText={maxText}
        />
      </section>
      {preview && answer ? <ImportPreview key={preview.pendingId} preview={preview} answer={answer} /> : null}
      <section aria-labelledby="imports-heading" className="grid gap-4">
        <h2 id="imports-heading" className="text-2xl font-bold text-primary-dark">
          Imported so far
        </h2>
        <DataTable
          caption="Imports, latest period first"
          columns={columns}
          data={imports}
          rowKey={(row) => String(row.id)}
          stackOnPhone
          empty={<EmptyState title="Nothing imported yet">Upload an export above to start.</EmptyState>}
        />
      </section>
    </SeoFrame>
  );
}
