import { Send } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "react-router";
import { CrisisNotice } from "~/components/crisis-notice";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useJsonForm } from "~/components/form/use-json-form";
import { Button } from "~/components/ui/button";
import { errorProps, Field, Input, inputClass } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import type { Treatment } from "~/features/content/types";
import { LEAD_LIMITS } from "~/features/leads/lead-constants";
import { sendLead } from "~/features/leads/send-lead";
import { GENERAL_INQUIRY, HERO_SERVICE_LIMIT, splitFullName } from "~/features/leads/split-name";
import type { FormAnswer } from "~/lib/form-answer";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { CHECK_FIELDS_MESSAGE, heroFieldFor, MISSING_MESSAGE, missingFields, type HeroField } from "../hero-form";

const empty: Record<HeroField, string> = { name: "", email: "", phone: "", service: "" };

/**
 * The hero's appointment request (spec §1, §4, §5, §8). With JavaScript it
 * posts JSON to /api/leads; without, the browser posts the form to the home
 * page's action. Either way the answer is one FormAnswer: each problem under
 * its field, the sentence above the form, the keyboard on the first problem,
 * and the spec's toasts ('Missing Information', 'Submission Failed',
 * 'Request Submitted!'). A page action's success is /thank-you.
 */
export function HeroLeadForm({
  treatments,
  phone,
  promise,
  answer: pageAnswer,
}: {
  treatments: Treatment[];
  phone: string;
  /** The clinic's reply promise ("within 24 hours"), edited at /admin/content. */
  promise: string;
  answer?: FormAnswer<HeroField>;
}) {
  const { answer, sending, submit, answerHere } = useJsonForm<HeroField>(pageAnswer);
  const [values, setValues] = useState(() => ({ ...empty, ...pageAnswer?.values }));
  const form = useFormFeedback(answer, {
    accepted: {
      title: "Request Submitted!",
      description: `We'll contact you ${promise} to schedule your appointment.`,
    },
    refused: (refusal) =>
      refusal.message === MISSING_MESSAGE
        ? { variant: "destructive", title: "Missing Information", description: MISSING_MESSAGE }
        : {
            variant: "destructive",
            title: "Submission Failed",
            description: `Please try again or call us at ${phone}.`,
          },
  });
  const fieldError = (name: HeroField) => (answer?.ok ? undefined : answer?.fields[name]);
  const { pathname } = useLocation();
  const id = useId();

  const set = (field: HeroField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const missing = missingFields(values);
    if (Object.keys(missing).length > 0) {
      answerHere({ ok: false, message: MISSING_MESSAGE, fields: missing });
      return;
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const sent = await submit(
      () =>
        sendLead({
          ...splitFullName(values.name.trim()),
          email: values.email.trim(),
          phone: values.phone.trim(),
          service: values.service || GENERAL_INQUIRY,
          formType: "hero",
          source: pathname,
          smsOptIn: "false",
          ...(honeypot ? { [HONEYPOT_FIELD]: String(honeypot) } : {}),
        }),
      {
        fallback: `Please try again or call us at ${phone}.`,
        fieldFor: heroFieldFor,
        fieldsMessage: CHECK_FIELDS_MESSAGE,
      },
    );
    if (sent) setValues(empty);
  }

  return (
    <form
      ref={form}
      method="post"
      action="/?index"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-card border border-line bg-surface p-5 shadow-card md:gap-4 md:p-6"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
          Request an appointment
        </h2>
        <p className="text-sm text-muted">We'll contact you {promise} to find a time that works for you.</p>
      </div>
      {answer?.ok ? null : <AnswerMessage answer={answer} />}
      <Field id={`${id}-name`} error={fieldError("name")} label="Full name">
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          required
          // First and last name, with the space between them.
          maxLength={LEAD_LIMITS.name * 2 + 1}
          value={values.name}
          onChange={set("name")}
          {...errorProps(`${id}-name`, fieldError("name"))}
        />
      </Field>
      <Field id={`${id}-email`} error={fieldError("email")} label="Email">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={LEAD_LIMITS.email}
          value={values.email}
          onChange={set("email")}
          {...errorProps(`${id}-email`, fieldError("email"))}
        />
      </Field>
      <Field id={`${id}-phone`} error={fieldError("phone")} label="Phone">
        <Input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={LEAD_LIMITS.phone}
          value={values.phone}
          onChange={set("phone")}
          {...errorProps(`${id}-phone`, fieldError("phone"))}
        />
      </Field>
      <Field id={`${id}-service`} label="Service" hint="(optional)">
        <select
          id={`${id}-service`}
          name="service"
          value={values.service}
          onChange={set("service")}
          className={inputClass}
        >
          <option value="">{GENERAL_INQUIRY}</option>
          {treatments.slice(0, HERO_SERVICE_LIMIT).map((t) => (
            <option key={t.id} value={t.title}>
              {t.title}
            </option>
          ))}
        </select>
      </Field>
      <HoneypotField id={`${id}-website`} />
      <Button type="submit" size="lg" disabled={sending}>
        <Send aria-hidden className="size-5" />
        {sending ? "Submitting..." : "Request Appointment"}
      </Button>
      <p className="text-xs text-muted">
        Please don't include medical details here; we'll talk about those privately. Prefer to talk now? Call {phone}.
      </p>
      <CrisisNotice className="rounded-xl bg-sand p-3 text-ink" />
    </form>
  );
}
