import { createColumnHelper } from "@tanstack/react-table";
import { Form, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { describedBy, Field, Input } from "~/components/ui/field";
import { ADS_CONVERSIONS_PATH } from "~/lib/ads-paths";
import type { ConversionAnswer, ConversionsView, ExportListRow } from "../ads-types";
import { countText } from "../figures";
import { AdsFrame } from "./ads-frame";
import { ReportSection } from "~/components/staff/report-section";

const column = createColumnHelper<ExportListRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";
const columns = [
  column.accessor((row) => row.made.text, {
    id: "made",
    header: "Made",
    meta: { rowHeader: true, cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.made.iso}>{row.original.made.text}</time>,
  }),
  column.accessor("period", { header: "Days", meta: { cellClassName: "whitespace-nowrap" } }),
  column.accessor("names", { header: "Conversion names", meta: { cellClassName: "break-words" } }),
  column.accessor("rows", { header: "Conversions", meta: { align: "right" }, cell: (c) => countText(c.getValue()) }),
  column.accessor("includedEarlier", {
    header: "Sent before included",
    cell: (c) => (c.getValue() ? "Yes" : "No"),
  }),
  column.display({
    id: "file",
    header: "File",
    cell: ({ row }) => (
      <a href={row.original.href} download className={linkClass}>
        Download again<span className="sr-only"> (the file made {row.original.made.text})</span>
      </a>
    ),
  }),
];

/**
 * /admin/google-ads/conversions: a file for Google Ads' offline conversion
 * import, telling Google which ad clicks led to a scheduled first visit or a
 * new patient, by click id and time alone.
 */
export function ConversionsPage({ view, answer }: { view: ConversionsView; answer?: ConversionAnswer }) {
  return (
    <AdsFrame
      title="Offline conversions"
      description={
        <p>
          Tell Google Ads which ad clicks led to a scheduled first visit or a new patient, so it can find more people
          like them. The file holds only Google&apos;s click ids, the conversion names you choose and the times: never a
          name, an e-mail address or a phone number. Use neutral names (&ldquo;Appointment scheduled&rdquo;), never a
          condition or treatment.
        </p>
      }
    >
      <ExportForm view={view} answer={answer} />
      <ReportSection
        id="files"
        title="Files made so far"
        intro="Outcomes in a file are left out of the next one, unless you ask for them again."
      >
        <DataTable
          caption="Offline conversion files, newest first"
          columns={columns}
          data={view.exports}
          rowKey={(row) => String(row.id)}
          stackOnPhone
          empty={<EmptyState title="No file made yet">Choose the days above and make the first one.</EmptyState>}
        />
      </ReportSection>
    </AdsFrame>
  );
}

function ExportForm({ view, answer }: { view: ConversionsView; answer?: ConversionAnswer }) {
  const sending = useSendingIntent("check", "prepare");
  const settled = useNavigation().state === "idle";
  const form = useFormFeedback(answer);
  const errors = answer && !answer.ok ? answer.fields : {};
  const values = { ...view.defaults, ...answer?.values };
  const kinds = values.kinds.split(",");
  const check = answer?.check;
  return (
    <section aria-labelledby="export-heading" className="grid gap-4">
      <h2 id="export-heading" className="text-xl font-bold text-primary-dark">
        Make a file for Google Ads
      </h2>
      <Form
        ref={form}
        method="post"
        action={ADS_CONVERSIONS_PATH}
        aria-labelledby="export-heading"
        className="grid max-w-2xl gap-5"
        noValidate
      >
        <AnswerMessage answer={answer} className="text-base" />
        {check && settled ? (
          <ul className="grid list-disc gap-1 pl-5 text-sm" data-check>
            <li>
              {countText(check.scheduled)} scheduled and {countText(check.patients)} new{" "}
              {check.patients === 1 ? "patient" : "patients"} from a Google ad click.
            </li>
            {check.exportedBefore > 0 ? (
              <li>{countText(check.exportedBefore)} left out: sent in a file before.</li>
            ) : null}
            {check.tooLate > 0 ? (
              <li>
                {countText(check.tooLate)} left out: more than 90 days after the click, which Google no longer takes.
              </li>
            ) : null}
            {check.unreadable > 0 ? (
              <li>{countText(check.unreadable)} left out: the click id is not one of Google&apos;s.</li>
            ) : null}
          </ul>
        ) : null}
        {answer?.download && settled ? (
          <p>
            <a
              href={answer.download.href}
              download
              className={buttonVariants({ variant: "primary", size: "md" })}
              data-answer-focus
            >
              Download the file ({countText(answer.download.rows)}{" "}
              {answer.download.rows === 1 ? "conversion" : "conversions"})
            </a>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="export-from" label="Reached from" error={errors.from}>
            <Input
              id="export-from"
              name="from"
              type="date"
              defaultValue={values.from}
              {...describedBy("export-from", { error: errors.from })}
            />
          </Field>
          <Field id="export-to" label="Until" error={errors.to}>
            <Input
              id="export-to"
              name="to"
              type="date"
              defaultValue={values.to}
              {...describedBy("export-to", { error: errors.to })}
            />
          </Field>
        </div>
        <fieldset
          className="grid gap-4 rounded-2xl border border-line p-4"
          aria-describedby={errors.kinds ? "export-kinds-error" : undefined}
        >
          <legend className="px-1 text-sm font-semibold">
            Outcomes to send, and their conversion action in Google Ads
          </legend>
          {errors.kinds ? (
            <p id="export-kinds-error" className="text-sm font-medium text-danger">
              {errors.kinds}
            </p>
          ) : null}
          {(
            [
              ["scheduled", "Scheduled a first visit", "scheduledName", "scheduledValue"],
              ["patient", "Became a patient", "patientName", "patientValue"],
            ] as const
          ).map(([kind, label, nameField, valueField]) => (
            <div key={kind} className="grid gap-3 border-b border-line pb-4 last:border-0 last:pb-0">
              <label className="flex min-h-6 items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="kinds"
                  value={kind}
                  defaultChecked={kinds.includes(kind)}
                  className="size-5 accent-primary"
                  {...(errors.kinds ? { "aria-invalid": true } : {})}
                />
                {label}
              </label>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
                <Field id={`export-${nameField}`} label="Conversion name" error={errors[nameField]}>
                  <Input
                    id={`export-${nameField}`}
                    name={nameField}
                    maxLength={100}
                    autoComplete="off"
                    defaultValue={values[nameField]}
                    {...describedBy(`export-${nameField}`, { error: errors[nameField] })}
                  />
                </Field>
                <Field id={`export-${valueField}`} label="Value" hint="(optional)" error={errors[valueField]}>
                  <Input
                    id={`export-${valueField}`}
                    name={valueField}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={values[valueField]}
                    {...describedBy(`export-${valueField}`, { error: errors[valueField] })}
                  />
                </Field>
              </div>
            </div>
          ))}
          <Field
            id="export-currency"
            label="Currency of the values"
            description="Only when you give values: three letters, such as USD."
            error={errors.currency}
            className="max-w-xs"
          >
            <Input
              id="export-currency"
              name="currency"
              maxLength={3}
              autoComplete="off"
              defaultValue={values.currency}
              {...describedBy("export-currency", { description: true, error: errors.currency })}
            />
          </Field>
        </fieldset>
        <label className="flex min-h-6 items-start gap-2">
          <input
            type="checkbox"
            name="includeEarlier"
            value="1"
            defaultChecked={values.includeEarlier === "1"}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <span>
            Include conversions already sent in an earlier file{" "}
            <span className="text-muted">(Google counts a click, name and time once, whatever you send twice)</span>
          </span>
        </label>
        <p className="text-sm text-muted">
          Times are written in the clinic&apos;s time zone ({view.timeZone}), which the file names on its first line.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="check" variant="outline" disabled={sending !== null}>
            {sending === "check" ? "Checking..." : "Check what it would hold"}
          </Button>
          <Button type="submit" name="intent" value="prepare" disabled={sending !== null}>
            {sending === "prepare" ? "Making the file..." : "Make the file"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
