import { Form } from "react-router";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { fileInputClass, UploadProblems, useUploadBound } from "~/components/staff/file-upload";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input, inputClass } from "~/components/ui/field";
import { searchConsoleSearchTypes } from "~/db/schema/search-console-values";
import { SEO_SEARCH_CONSOLE_IMPORT_PATH } from "~/lib/seo-paths";
import { searchTypeWords } from "../export-format";
import type { ImportAnswer } from "../search-console-types";

/**
 * The upload: the export's files, and what the files may not say (the
 * dates, the search type, the page). Posted as multipart, with or without
 * JavaScript; the server reads it and answers with a preview or with every
 * problem of the files. With JavaScript, files over the bound are refused
 * before they are sent.
 */
export function UploadForm({
  answer,
  maxBytes,
  maxText,
}: {
  answer?: ImportAnswer;
  maxBytes: number;
  maxText: string;
}) {
  const busy = useSendingIntent("preview") !== null;
  const { tooLarge, clear, onSubmit } = useUploadBound({
    input: "files",
    maxBytes,
    refusal: `These files are too large to upload here (the limit is ${maxText}). Upload one export at a time.`,
  });
  const form = useFormFeedback(answer);
  const refused = answer && !answer.ok ? answer : undefined;
  const errors = { ...refused?.fields, ...(tooLarge ? { files: tooLarge } : {}) };
  const values = answer?.values ?? {};
  const problems = refused?.problems ?? [];
  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      action={SEO_SEARCH_CONSOLE_IMPORT_PATH}
      aria-labelledby="upload-heading"
      className="grid max-w-2xl gap-5"
      noValidate
      onSubmit={onSubmit}
    >
      <UploadProblems answer={refused} problems={problems} />
      <input type="hidden" name="intent" value="preview" />
      <Field
        id="upload-files"
        label="Export files"
        description={`The zip from Search Console's Export → Download CSV, or its Queries.csv and Pages.csv (with Chart.csv and Filters.csv if you have them). Up to ${maxText}.`}
        error={errors.files}
      >
        <input
          id="upload-files"
          name="files"
          type="file"
          multiple
          accept=".zip,.csv,application/zip,text/csv"
          className={fileInputClass}
          onChange={clear}
          {...describedBy("upload-files", { description: true, error: errors.files })}
        />
      </Field>
      <fieldset className="grid gap-4 rounded-2xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold">Only needed when the files do not say</legend>
        <p className="text-sm text-muted">
          Search Console&apos;s zip says which days, search type and page it covers. Single CSV files may not: then tell
          us here. Leave these empty for the zip.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="upload-from" label="First day" error={errors.from}>
            <Input
              id="upload-from"
              name="from"
              type="date"
              defaultValue={values.from ?? ""}
              {...describedBy("upload-from", { error: errors.from })}
            />
          </Field>
          <Field id="upload-to" label="Last day" error={errors.to}>
            <Input
              id="upload-to"
              name="to"
              type="date"
              defaultValue={values.to ?? ""}
              {...describedBy("upload-to", { error: errors.to })}
            />
          </Field>
        </div>
        <Field id="upload-type" label="Search type" error={errors.searchType}>
          <select
            id="upload-type"
            name="searchType"
            defaultValue={values.searchType ?? ""}
            className={inputClass}
            {...describedBy("upload-type", { error: errors.searchType })}
          >
            <option value="">As the export says (Web when it does not say)</option>
            {searchConsoleSearchTypes.map((type) => (
              <option key={type} value={type}>
                {searchTypeWords[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="upload-page"
          label="For one page only"
          hint="(optional)"
          description="When the export was filtered to one page: its path, such as /services. Empty means the whole site."
          error={errors.page}
        >
          <Input
            id="upload-page"
            name="page"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            defaultValue={values.page ?? ""}
            {...describedBy("upload-page", { description: true, error: errors.page })}
          />
        </Field>
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Reading the files..." : "Preview the import"}
        </Button>
      </div>
    </Form>
  );
}
