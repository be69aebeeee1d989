import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigation } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { SavedBanner } from "~/components/staff/file-upload";
import { EmptyState } from "~/components/staff/page-header";
import { periodText } from "~/lib/periods";
import type { ImportAnswer, ImportListRow, StoredSummary } from "../ads-types";
import { countText } from "../figures";
import { AdsFrame } from "./ads-frame";
import { ImportPreview } from "./import-preview";
import { UploadForm } from "./upload-form";

const column = createColumnHelper<ImportListRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

const columns = [
  column.accessor((row) => row.imported.text, {
    id: "imported",
    header: "Imported",
    meta: { rowHeader: true, cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.imported.iso}>{row.original.imported.text}</time>,
  }),
  column.accessor("report", { header: "Report" }),
  column.accessor("period", { header: "Days", meta: { cellClassName: "whitespace-nowrap" } }),
  column.accessor("file", { header: "File", meta: { cellClassName: "break-all sm:max-w-56" } }),
  column.accessor("rows", { header: "Rows", meta: { align: "right" }, cell: (c) => countText(c.getValue()) }),
  column.accessor("cost", { header: "Cost", meta: { align: "right" } }),
  column.display({
    id: "actions",
    header: "Report",
    cell: ({ row }) => (
      <Link to={row.original.reportHref} className={linkClass}>
        See these days<span className="sr-only"> ({row.original.period})</span>
      </Link>
    ),
  }),
];

/** /admin/google-ads/import: upload a report, check the preview, save it; what is stored, the files so far. */
export function ImportPage({
  summary,
  imports,
  maxBytes,
  maxText,
  answer,
}: {
  summary: StoredSummary;
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
    <AdsFrame
      title="Import from Google Ads"
      description={
        <p>
          In Google Ads, open Campaigns, choose the dates, then Segment → Time → Day; then Download and
          &ldquo;.csv&rdquo; (or &ldquo;Excel .csv&rdquo;). For search terms, open Insights and reports → Search terms
          and download the same way. You see what would be stored before anything is, and importing the same days again
          replaces them.
        </p>
      }
    >
      {banner ? (
        <SavedBanner answer={banner} href={banner.reportHref} linkText="See the performance of these days" />
      ) : null}
      <section aria-labelledby="upload-heading" className="grid gap-4">
        <h2 id="upload-heading" className="text-2xl font-bold text-primary-dark">
          Upload a report
        </h2>
        <p className="text-sm text-muted" data-stored-summary>
          {summary.first && summary.last
            ? `Stored now: ${countText(summary.campaigns)} ${summary.campaigns === 1 ? "campaign" : "campaigns"}, with figures for ${periodText({ start: summary.first, end: summary.last })}, in ${summary.currency}.`
            : "Nothing is stored yet."}
        </p>
        {/* A fresh form (no values kept) once something was saved. */}
        <UploadForm
          key={banner?.ok ? banner.answerId : "form"}
          answer={formAnswer}
          maxBytes={maxBytes}
          maxText={maxText}
        />
      </section>
      {preview && answer ? <ImportPreview key={preview.previewId} preview={preview} answer={answer} /> : null}
      <section aria-labelledby="imports-heading" className="grid gap-4">
        <h2 id="imports-heading" className="text-2xl font-bold text-primary-dark">
          Imported so far
        </h2>
        <DataTable
          caption="Imported files, newest first"
          columns={columns}
          data={imports}
          rowKey={(row) => String(row.id)}
          stackOnPhone
          empty={<EmptyState title="Nothing imported yet">Upload a report above to start.</EmptyState>}
        />
      </section>
    </AdsFrame>
  );
}
