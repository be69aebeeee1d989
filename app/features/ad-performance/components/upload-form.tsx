import { Form } from "react-router";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { fileInputClass, UploadProblems, useUploadBound } from "~/components/staff/file-upload";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input } from "~/components/ui/field";
import { ADS_IMPORT_PATH } from "~/lib/ads-paths";
import type { ImportAnswer } from "../ads-types";

/**
 * The upload: one report as Google Ads downloaded it, and its currency when
 * the file does not name it. Posted as multipart with or without
 * JavaScript; the server answers with a preview or every problem of the
 * file. With JavaScript, a file over the bound is refused before it is sent.
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
    input: "file",
    maxBytes,
    refusal: `This file is too large to upload here (the limit is ${maxText}). Download a shorter period at a time.`,
  });
  const form = useFormFeedback(answer);
  const refused = answer && !answer.ok ? answer : undefined;
  const errors = { ...refused?.fields, ...(tooLarge ? { file: tooLarge } : {}) };
  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      action={ADS_IMPORT_PATH}
      aria-labelledby="upload-heading"
      className="grid max-w-2xl gap-5"
      noValidate
      onSubmit={onSubmit}
    >
      <UploadProblems answer={refused} problems={refused?.problems ?? []} />
      <input type="hidden" name="intent" value="preview" />
      <Field
        id="upload-file"
        label="Report file"
        description={`The campaign report (with the Day segment) or the search terms report, as Google Ads downloads it: ".csv" or "Excel .csv". Up to ${maxText}.`}
        error={errors.file}
      >
        <input
          id="upload-file"
          name="file"
          type="file"
          accept=".csv,.tsv,text/csv,text/tab-separated-values"
          className={fileInputClass}
          onChange={clear}
          {...describedBy("upload-file", { description: true, error: errors.file })}
        />
      </Field>
      <Field
        id="upload-currency"
        label="Currency"
        hint="(only if the file has no Currency code column)"
        description="Three letters, such as USD. Google Ads shows the account's currency under Admin, then Account settings."
        error={errors.currency}
        className="max-w-sm"
      >
        <Input
          id="upload-currency"
          name="currency"
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          defaultValue={answer?.values?.currency ?? ""}
          {...describedBy("upload-currency", { description: true, error: errors.currency })}
        />
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Reading the file..." : "Preview the import"}
        </Button>
      </div>
    </Form>
  );
}
