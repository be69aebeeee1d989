import { Download, ShieldAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { ActiveFilters } from "~/components/staff/filter-form";
import { PageHeader } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import type { FormAnswer } from "~/lib/form-answer";
import { exportColumns, type ExportColumnId } from "../export-columns";
import { activeFilterChips, inboxHref, type InboxFilters } from "../inbox-params";

const number = new Intl.NumberFormat("en-US");

export type ExportAnswer = FormAnswer<"columns">;

/**
 * Choosing what a CSV of leads holds. The file is protected health
 * information once it leaves the staff area: the page says so, every export
 * is written to the audit log, and each column is chosen.
 */
export function ExportPage({
  filters,
  count,
  answer,
  action,
}: {
  filters: InboxFilters;
  count: number;
  answer: ExportAnswer | undefined;
  action: string;
}) {
  const feedbackRef = useFormFeedback<ExportAnswer, HTMLFormElement>(answer);
  const chosen = answer?.values?.columns?.split(",");
  const checked = (id: ExportColumnId, preset: boolean) => (chosen ? chosen.includes(id) : preset);
  const chips = activeFilterChips(filters, "newest", {}).map((chip) => ({
    ...chip,
    removeHref: exportHrefFor(chip.removeHref),
  }));
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Export leads as CSV"
        description={
          <p>
            {count === 0
              ? "No leads match these filters, so there is nothing to export."
              : `${number.format(count)} ${count === 1 ? "lead matches" : "leads match"} the filters below; the file lists them newest first.`}{" "}
            <Link to={inboxHref(filters)} className="font-semibold text-primary underline underline-offset-4">
              Back to the list
            </Link>
          </p>
        }
      />
      <ActiveFilters filters={chips} label="Exporting the leads that match" />
      <p className="flex max-w-prose gap-3 rounded-2xl border border-accent bg-sand p-4">
        <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-dark" />
        <span>
          A file with names and contact details is protected health information. Choose only the columns the task needs,
          keep the file on the clinic&rsquo;s own computers, and delete it when you are done. Every export is recorded
          in the audit log with who made it and how many leads it held.
        </span>
      </p>
      <Form ref={feedbackRef} method="post" action={action} reloadDocument className="grid gap-4">
        <fieldset
          className="grid gap-3 rounded-2xl border border-line bg-surface p-4"
          aria-describedby={answer?.fields.columns ? "export-columns-error" : undefined}
        >
          <legend className="px-1 font-semibold">Columns</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {exportColumns.map((column) => (
              <label key={column.id} className="flex min-h-8 items-center gap-3">
                <input
                  type="checkbox"
                  name="columns"
                  value={column.id}
                  defaultChecked={checked(column.id, column.preset)}
                  className="size-5 accent-primary"
                  {...(answer?.fields.columns ? { "aria-invalid": true } : {})}
                />
                <span>
                  {column.label}
                  {column.personal ? <span className="text-muted"> (personal)</span> : null}
                </span>
              </label>
            ))}
          </div>
          {answer?.fields.columns ? (
            <p id="export-columns-error" className="text-sm font-medium text-danger">
              {answer.fields.columns}
            </p>
          ) : null}
        </fieldset>
        <AnswerMessage answer={answer?.fields.columns ? undefined : answer} />
        <div>
          <Button type="submit" variant="secondary" disabled={count === 0}>
            <Download aria-hidden className="size-4" />
            Download the CSV file
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** A chip's "list without this filter" as the export page's address instead of the inbox's. */
function exportHrefFor(inboxAddress: string): string {
  const at = inboxAddress.indexOf("?");
  return `${inboxAddress.slice(0, at < 0 ? undefined : at)}/export${at < 0 ? "" : inboxAddress.slice(at)}`;
}
