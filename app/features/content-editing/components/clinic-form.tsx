import { Save } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { CLINIC_INTENT, type ContentAnswer } from "../content-page-types";
import { CONTENT_LIMITS, SOCIAL_NETWORKS, SOCIAL_WORDS, type ClinicValues } from "../content-rules";
import { TextField } from "./text-field";

/**
 * The clinic's own settings: its name and e-mail (the main phone, address
 * and hours are the main office's, decision 0042), the patient
 * portal and virtual visit links, the reply promise the request forms make,
 * and its social pages. Saving publishes.
 */
export function ClinicForm({ clinic, answer }: { clinic: ClinicValues; answer?: ContentAnswer }) {
  const busy = useSendingIntent(CLINIC_INTENT) !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.ok === false ? answer.fields : {};
  const typed = answer?.ok === false ? answer.values : undefined;
  const value = (name: string, saved: string | null | undefined) => typed?.[name] ?? saved ?? "";
  const field = (name: keyof ClinicValues) => ({
    id: `clinic-${name}`,
    name,
    value: value(name, clinic[name] as string | null),
    error: errors[name],
  });
  return (
    <Form
      key={JSON.stringify(clinic)}
      ref={form}
      method="post"
      aria-labelledby="clinic-heading"
      className="grid max-w-3xl gap-5"
      noValidate
    >
      <AnswerMessage answer={answer} />
      <input type="hidden" name="intent" value={CLINIC_INTENT} />
      <TextField
        {...field("clinicName")}
        label="Clinic name"
        description="Shown in the header, the footer, page titles and search results."
        maxLength={CONTENT_LIMITS.clinicName.max}
        autoComplete="organization"
      />
      <TextField
        {...field("footerEmail")}
        label="E-mail address"
        description="Shown in the footer. The main phone number, address and hours are the main office's, edited with it below."
        type="email"
        autoComplete="email"
      />
      <TextField
        {...field("replyPromise")}
        label="Reply promise"
        description={`How soon the request forms promise a reply. Completes the sentence "We'll contact you …", such as "within 24 hours".`}
        maxLength={CONTENT_LIMITS.replyPromise.max}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("patientPortalUrl")}
          label="Patient portal link"
          hint="(optional)"
          description="A full address starting with https://."
          type="url"
        />
        <TextField
          {...field("virtualVisitUrl")}
          label="Virtual visit link"
          hint="(optional)"
          description="A full address starting with https://."
          type="url"
        />
      </div>
      <fieldset className="grid gap-4 rounded-2xl border border-line p-4">
        <legend className="px-1 font-semibold">Social and booking pages</legend>
        <p className="text-sm text-muted">Each is optional; an empty one is not shown.</p>
        <div className="grid gap-5 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              id={`clinic-social-${network}`}
              name={`social.${network}`}
              label={SOCIAL_WORDS[network].label}
              value={value(`social.${network}`, clinic.social[network])}
              error={errors[`social.${network}`]}
              type="url"
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
        <Save aria-hidden className="size-5" />
        {busy ? "Publishing..." : "Publish clinic settings"}
      </Button>
    </Form>
  );
}
