import { createColumnHelper } from "@tanstack/react-table";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { DataTable } from "~/components/staff/data-table";
import { SavePreviewForm } from "~/components/staff/file-upload";
import { SEO_SEARCH_CONSOLE_IMPORT_PATH } from "~/lib/seo-paths";
import { counted, countText, ctrText, positionText } from "../figures";
import type { ImportAnswer, ImportPreview as Preview, QueryFigures } from "../search-console-types";

type PageFigures = QueryFigures & { label: string };

const queryColumn = createColumnHelper<QueryFigures>();
const pageColumn = createColumnHelper<PageFigures>();
const numberColumns = <T extends QueryFigures>(helper: ReturnType<typeof createColumnHelper<T>>) => [
  // (TanStack's accessors are typed per row; the four figures are the same on both.)
  helper.accessor((row) => row.clicks, {
    id: "clicks",
    header: "Clicks",
    meta: { align: "right" },
    cell: (c) => countText(c.getValue()),
  }),
  helper.accessor((row) => row.impressions, {
    id: "impressions",
    header: "Impressions",
    meta: { align: "right" },
    cell: (c) => countText(c.getValue()),
  }),
  helper.accessor((row) => row.ctr, {
    id: "ctr",
    header: "CTR",
    meta: { align: "right" },
    cell: (c) => ctrText(c.getValue()),
  }),
  helper.accessor((row) => row.position, {
    id: "position",
    header: "Position",
    meta: { align: "right" },
    cell: (c) => positionText(c.getValue()),
  }),
];
const queryColumns = [
  queryColumn.accessor("query", {
    header: "Query",
    meta: { rowHeader: true, cellClassName: "break-words sm:max-w-72" },
  }),
  ...numberColumns(queryColumn),
];
const pageColumns = [
  pageColumn.accessor("label", { header: "Page", meta: { rowHeader: true, cellClassName: "break-all sm:max-w-72" } }),
  ...numberColumns(pageColumn),
];

function replaceWords(preview: Preview): string {
  const kinds = [
    { now: preview.queries?.count ?? null, stored: preview.replaces?.queries ?? null, one: "query", many: "queries" },
    { now: preview.pages?.count ?? null, stored: preview.replaces?.pages ?? null, one: "page", many: "pages" },
  ];
  if (!preview.replaces) return "Nothing is stored for this period, search type and scope yet: saving adds it.";
  const parts = kinds.flatMap(({ now, stored, one, many }) => {
    if (now !== null && stored !== null) return [`replaces the ${counted(stored, one, many)} stored now`];
    if (now !== null) return [`adds its ${many}`];
    if (stored !== null) return [`keeps the ${counted(stored, one, many)} stored now`];
    return [];
  });
  return `This period, search type and scope were imported before: saving ${parts.join(", and ")}. Nothing is added twice.`;
}

/** What saving would store, with the one button that stores it; the keyboard lands on its first sentence. */
export function ImportPreview({ preview, answer }: { preview: Preview; answer: ImportAnswer }) {
  const area = useFormFeedback<ImportAnswer, HTMLElement>(answer);
  return (
    <section
      ref={area}
      aria-labelledby="preview-heading"
      className="grid gap-5 rounded-2xl border-2 border-primary bg-surface p-4 sm:p-6"
    >
      <h2 id="preview-heading" className="text-2xl font-bold text-primary-dark">
        Preview: nothing is saved yet
      </h2>
      <AnswerMessage answer={answer} className="text-base" />
      <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-semibold">Period</dt>
        <dd>
          {preview.period} <span className="text-muted">({preview.periodSource})</span>
        </dd>
        <dt className="font-semibold">Search type</dt>
        <dd>
          {preview.searchType} <span className="text-muted">({preview.searchTypeSource})</span>
        </dd>
        <dt className="font-semibold">Covers</dt>
        <dd className="break-all">
          {preview.scope ? `One page: ${preview.scope.label}` : "The whole site"}{" "}
          <span className="text-muted">({preview.scopeSource})</span>
        </dd>
        <dt className="font-semibold">Found</dt>
        <dd>
          {[
            preview.queries ? counted(preview.queries.count, "query", "queries") : "no queries file",
            preview.pages ? counted(preview.pages.count, "page", "pages") : "no pages file",
          ].join(", ")}
        </dd>
        <dt className="font-semibold">Files</dt>
        <dd className="break-words">{preview.files.join(", ")}</dd>
      </dl>
      <p>{replaceWords(preview)}</p>
      {preview.notes.length > 0 ? (
        <div className="grid gap-1">
          <h3 className="font-semibold">Left out</h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {preview.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.queries && preview.queries.first.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-semibold">
            The{" "}
            {preview.queries.first.length === preview.queries.count
              ? ""
              : `first ${preview.queries.first.length} of ${countText(preview.queries.count)} `}
            queries, most clicked first
          </h3>
          <DataTable
            caption="Queries in the upload"
            columns={queryColumns}
            data={preview.queries.first}
            rowKey={(row) => row.query}
            stackOnPhone
          />
        </div>
      ) : null}
      {preview.pages && preview.pages.first.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-semibold">
            The{" "}
            {preview.pages.first.length === preview.pages.count
              ? ""
              : `first ${preview.pages.first.length} of ${countText(preview.pages.count)} `}
            pages, most clicked first
          </h3>
          <DataTable
            caption="Pages in the upload"
            columns={pageColumns}
            data={preview.pages.first}
            rowKey={(row) => row.query}
            stackOnPhone
          />
        </div>
      ) : null}
      <SavePreviewForm
        action={SEO_SEARCH_CONSOLE_IMPORT_PATH}
        idName="pendingId"
        id={preview.pendingId}
        expires={preview.expires}
        uploadAgain="upload the files again"
      />
    </section>
  );
}
