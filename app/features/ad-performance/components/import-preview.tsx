import { createColumnHelper } from "@tanstack/react-table";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { DataTable } from "~/components/staff/data-table";
import { SavePreviewForm } from "~/components/staff/file-upload";
import { ADS_IMPORT_PATH } from "~/lib/ads-paths";
import type { ImportAnswer, ImportPreview as Preview, PreviewRow } from "../ads-types";
import { countText } from "../figures";
import { plural } from "~/lib/plural";

const column = createColumnHelper<PreviewRow>();

function replaceWords(preview: Preview): string {
  if (!preview.replaces) return "Nothing is stored for these campaigns and days yet: saving adds them.";
  if (preview.sameAsStored) {
    return `What is stored for these campaigns and days adds up to exactly this file's figures (${preview.replaces.cost}): saving it again changes nothing.`;
  }
  const what = preview.report === "campaign report" ? "campaign days" : "search terms";
  return `Saving replaces the ${countText(preview.replaces.rows)} ${what} stored now for these campaigns${preview.replaces.period ? ` (${preview.replaces.period})` : ""}, ${preview.replaces.cost} in all. Nothing is added twice; other campaigns are kept.`;
}

/** What saving would store, with the one button that stores it; the keyboard lands on its first sentence. */
export function ImportPreview({ preview, answer }: { preview: Preview; answer: ImportAnswer }) {
  const area = useFormFeedback<ImportAnswer, HTMLElement>(answer);
  const terms = preview.report === "search terms report";
  const columns = [
    column.accessor((row) => row.day ?? preview.period, {
      id: "day",
      header: "Day",
      meta: { cellClassName: "whitespace-nowrap" },
    }),
    column.accessor("campaign", { header: "Campaign", meta: { rowHeader: !terms, cellClassName: "break-words" } }),
    ...(terms
      ? [
          column.accessor((row) => row.searchTerm ?? "", {
            id: "term",
            header: "Search term",
            meta: { rowHeader: true, cellClassName: "break-words" },
          }),
          column.accessor((row) => row.matchType ?? "", { id: "match", header: "Match type" }),
        ]
      : []),
    column.accessor("impressions", { header: "Impr.", meta: { align: "right" }, cell: (c) => countText(c.getValue()) }),
    column.accessor("clicks", { header: "Clicks", meta: { align: "right" }, cell: (c) => countText(c.getValue()) }),
    column.accessor("cost", { header: "Cost", meta: { align: "right" } }),
  ];
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
        <dt className="font-semibold">Report</dt>
        <dd className="break-words">
          Google Ads {preview.report} <span className="text-muted">({preview.file})</span>
        </dd>
        <dt className="font-semibold">Days</dt>
        <dd>
          {preview.period} <span className="text-muted">({preview.periodSource})</span>
        </dd>
        <dt className="font-semibold">Currency</dt>
        <dd>
          {preview.currency} <span className="text-muted">({preview.currencySource})</span>
        </dd>
        <dt className="font-semibold">Campaigns</dt>
        <dd>
          {countText(preview.campaigns)}
          {preview.newCampaigns > 0 ? (
            <span className="text-muted">
              {" "}
              ({preview.newCampaigns === preview.campaigns ? "all" : countText(preview.newCampaigns)} new here)
            </span>
          ) : null}
        </dd>
        <dt className="font-semibold">In all</dt>
        <dd>
          {preview.totals.cost}, {countText(preview.totals.clicks)} {plural(preview.totals.clicks, "click", "clicks")},{" "}
          {countText(preview.totals.impressions)} {plural(preview.totals.impressions, "impression", "impressions")}
          {preview.totals.conversions !== null ? `, ${preview.totals.conversions} conversions by Google's count` : ""}
        </dd>
      </dl>
      <p>{replaceWords(preview)}</p>
      <div className="grid gap-1">
        <h3 className="font-semibold">What the file says about itself</h3>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2">
        <h3 className="font-semibold">
          {preview.first.length === preview.rows
            ? "Its rows"
            : `The first ${preview.first.length} of its ${countText(preview.rows)} rows`}
        </h3>
        <DataTable
          caption="Rows in the file"
          columns={columns}
          data={preview.first}
          rowKey={(row) => String(row.key)}
          stackOnPhone
        />
      </div>
      <SavePreviewForm
        action={ADS_IMPORT_PATH}
        idName="previewId"
        id={preview.previewId}
        expires={preview.expires}
        uploadAgain="upload the file again"
      />
    </section>
  );
}
