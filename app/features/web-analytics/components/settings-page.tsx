import { Save } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { PageHeader } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input, inputClass } from "~/components/ui/field";
import { ANALYTICS_SETTING_LIMITS } from "~/features/analytics-upkeep/analytics-settings";
import { ANALYTICS_PATH } from "~/lib/analytics-paths";
import { answerFor } from "~/lib/form-answer";
import { cn } from "~/lib/cn";
import { zoneWords } from "~/lib/time-zones";
import {
  SAVE_ANALYTICS_SETTINGS_INTENT,
  type AnalyticsSettingsAnswer,
  type AnalyticsSettingsPageData,
} from "../settings-page-types";

const number = new Intl.NumberFormat("en-US");

/** /admin/analytics/settings: how long analytics are kept, and how the daily summaries stand. Administrators only. */
export function AnalyticsSettingsPage({
  data,
  answer,
}: {
  data: AnalyticsSettingsPageData;
  answer?: AnalyticsSettingsAnswer;
}) {
  // A save's message shows once the page's data has reloaded too, so the message and the field agree.
  const settled = useNavigation().state === "idle";
  const shown = settled ? answerFor(answer, SAVE_ANALYTICS_SETTINGS_INTENT) : undefined;
  const busy = useSendingIntent(SAVE_ANALYTICS_SETTINGS_INTENT) !== null;
  const form = useFormFeedback(shown);
  const error = shown?.ok === false ? shown.fields?.retentionMonths : undefined;
  const typed = shown?.ok === false ? shown.values?.retentionMonths : undefined;
  const zoneError = shown?.ok === false ? shown.fields?.timeZone : undefined;
  const zoneTyped = shown?.ok === false ? shown.values?.timeZone : undefined;
  const zoneDescription = (
    <>
      Days on the dashboard begin at midnight here, daylight-saving changes included. After a change, every day is
      summarised again in the background; the dashboard reads the records meanwhile, so it is slower for a few minutes.
    </>
  );
  const { min, max } = ANALYTICS_SETTING_LIMITS.retentionMonths;
  const description = (
    <>
      Visits, page views and events older than this are deleted every night, with the daily summaries of their days.
      They hold no name or address, only counts; a shorter time keeps less.
    </>
  );
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Analytics settings"
        description={
          <>
            How long the website&rsquo;s visit records are kept, and where the dashboard&rsquo;s days begin. Every
            change is recorded in the audit trail.{" "}
            <Link to={ANALYTICS_PATH} className="text-primary underline underline-offset-4">
              Back to analytics
            </Link>
          </>
        }
      />
      <Form
        key={`${data.settings.retentionMonths} ${data.settings.timeZone}`}
        ref={form}
        method="post"
        aria-label="Analytics settings"
        className="grid max-w-2xl gap-6"
        noValidate
      >
        <AnswerMessage answer={shown} />
        <input type="hidden" name="intent" value={SAVE_ANALYTICS_SETTINGS_INTENT} />
        <Field id="retention-months" label="Keep analytics for" hint="(months)" description={description} error={error}>
          <Input
            id="retention-months"
            name="retentionMonths"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            defaultValue={typed ?? data.settings.retentionMonths}
            className="max-w-40"
            {...describedBy("retention-months", { description, error })}
          />
        </Field>
        <Field id="time-zone" label="Time zone of the days" description={zoneDescription} error={zoneError}>
          <select
            id="time-zone"
            name="timeZone"
            required
            defaultValue={zoneTyped ?? data.settings.timeZone}
            className={cn(inputClass, "max-w-80")}
            {...describedBy("time-zone", { description: zoneDescription, error: zoneError })}
          >
            {zoneTyped && !data.timeZones.includes(zoneTyped) ? <option value={zoneTyped}>{zoneTyped}</option> : null}
            {data.timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zoneWords(zone)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
          <Save aria-hidden className="size-5" />
          {busy ? "Saving..." : "Save settings"}
        </Button>
      </Form>
      <section aria-labelledby="upkeep-heading" className="grid max-w-2xl gap-3">
        <h2 id="upkeep-heading" className="text-2xl font-bold text-primary-dark">
          Upkeep
        </h2>
        <p>Days begin at midnight in {zoneWords(data.settings.timeZone)}, daylight-saving changes included.</p>
        <p>
          {number.format(data.rollups.days)} {data.rollups.days === 1 ? "day is" : "days are"} summarised for the
          dashboard
          {data.rollups.pending > 0
            ? `; ${number.format(data.rollups.pending)} more ${data.rollups.pending === 1 ? "is" : "are"} being summarised now (their figures are read from the records meanwhile).`
            : ". Each day is summarised an hour after it ends."}
        </p>
        <p>
          {data.lastRetention
            ? `The last nightly deletion started ${data.lastRetention.startedText}: ${data.lastRetention.finished ? (data.lastRetention.outcome ?? "done") : "still running"}.`
            : "The nightly deletion has not run yet; it runs at the first check after midnight."}
        </p>
      </section>
    </div>
  );
}
