import { Save } from "lucide-react";
import type * as React from "react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input, inputClass } from "~/components/ui/field";
import { hourWords, LEAD_SETTING_LIMITS, type LeadSettings } from "~/features/leads/lead-settings";
import { cn } from "~/lib/cn";
import { SAVE_SETTINGS_INTENT, type LeadSettingsAnswer, type LeadSettingsPageData } from "../lead-settings-page-types";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const number = new Intl.NumberFormat("en-US");

const DIGEST_SETTING_WORDS: Record<string, string> = {
  SMTP_URL: "SMTP_URL (the mail server)",
  NOTIFY_TO: "NOTIFY_TO (the intake address)",
};

/**
 * The three lead settings in one form, each explained in plain words. Posts
 * to the page's action with or without JavaScript; a refused value is shown
 * under its field with what was typed kept.
 */
export function LeadSettingsForm({ data, answer }: { data: LeadSettingsPageData; answer?: LeadSettingsAnswer }) {
  const { settings } = data;
  const busy = useSendingIntent(SAVE_SETTINGS_INTENT) !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.ok === false ? answer.fields : undefined;
  const values = answer?.ok === false ? answer.values : undefined;
  const promise = { description: <PromiseWords />, error: errors?.promiseHours };
  const retention = { description: <RetentionWords data={data} />, error: errors?.retentionMonths };
  const digest = { description: <DigestWords missing={data.digestMissing} />, error: errors?.digestHour };
  return (
    // Keyed by the saved values, so after a save the fields show what is stored.
    <Form
      key={savedKey(settings)}
      ref={form}
      method="post"
      aria-labelledby="settings-heading"
      className="grid max-w-2xl gap-6"
      noValidate
    >
      <AnswerMessage answer={answer} />
      <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
      <WholeNumberSetting
        id="promise-hours"
        name="promiseHours"
        label="Reply promise"
        hint="(hours)"
        limits={LEAD_SETTING_LIMITS.promiseHours}
        value={values?.promiseHours ?? settings.promiseHours}
        {...promise}
      />
      <WholeNumberSetting
        id="retention-months"
        name="retentionMonths"
        label="Keep finished leads for"
        hint="(months)"
        limits={LEAD_SETTING_LIMITS.retentionMonths}
        value={values?.retentionMonths ?? settings.retentionMonths}
        {...retention}
      />
      <Field id="digest-hour" label="Daily overdue digest" hint="(Eastern time)" {...digest}>
        <select
          id="digest-hour"
          name="digestHour"
          defaultValue={values?.digestHour ?? (settings.digestHour === null ? "off" : String(settings.digestHour))}
          className={cn(inputClass, "max-w-60")}
          {...describedBy("digest-hour", digest)}
        >
          <option value="off">No digest</option>
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hourWords(hour)}
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
        <Save aria-hidden className="size-5" />
        {busy ? "Saving..." : "Save settings"}
      </Button>
    </Form>
  );
}

/** A setting typed as a whole number, its limits told to the browser too (the server checks them). */
function WholeNumberSetting({
  id,
  limits,
  value,
  description,
  error,
  ...field
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  limits: { min: number; max: number };
  value: string | number;
  description: React.ReactNode;
  error?: string;
}) {
  return (
    <Field id={id} label={field.label} hint={field.hint} description={description} error={error}>
      <Input
        id={id}
        name={field.name}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        required
        defaultValue={value}
        className="max-w-40"
        {...describedBy(id, { description, error })}
      />
    </Field>
  );
}

const savedKey = (settings: LeadSettings) =>
  `${settings.promiseHours}-${settings.retentionMonths}-${settings.digestHour ?? "off"}`;

function PromiseWords() {
  const { min, max } = LEAD_SETTING_LIMITS.promiseHours;
  return (
    <>
      How soon we promise a first contact to everyone who sends a request. A request nobody has contacted within this
      many hours is marked late on the overview and in the leads inbox, and counted in the daily digest. From {min} to{" "}
      {max} hours (a week).
    </>
  );
}

function RetentionWords({ data }: { data: LeadSettingsPageData }) {
  const { min, max } = LEAD_SETTING_LIMITS.retentionMonths;
  const months = data.settings.retentionMonths;
  const { due, next } = data.retention;
  const when = next === "tonight" ? "tonight, just after midnight" : "at the next check, within a few minutes";
  return (
    <>
      A lead is finished when the person became a patient or the lead was closed (not a fit, no response, duplicate or
      spam). This many months after it finished, it is deleted with its notes, contact log and timeline. Leads still
      being worked on are never deleted. From {min} to {max} months.{" "}
      <strong className="font-semibold text-ink">
        {due === 0
          ? `No finished lead is older than ${months} months, so the next run (${when}) will delete none.`
          : `${due === 1 ? "1 finished lead is" : `${number.format(due)} finished leads are`} older than ${months} months and will be deleted ${when}.`}
      </strong>
    </>
  );
}

function DigestWords({ missing }: { missing: string[] }) {
  return (
    <>
      Once a day at this time, if any request is past the reply promise, the intake address gets one e-mail with the
      counts and a link to sign in. It never names anyone.{" "}
      <strong className="font-semibold text-ink">
        {missing.length === 0
          ? "It can be sent: the mail server and the intake address are set."
          : `It cannot be sent yet: ${missing.map((name) => DIGEST_SETTING_WORDS[name] ?? name).join(" and ")} ${
              missing.length === 1 ? "is" : "are"
            } not set. Whoever runs the server sets ${missing.length === 1 ? "it" : "them"}, as for the new-request e-mail.`}
      </strong>
    </>
  );
}
