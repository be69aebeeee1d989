import { Send } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { errorProps, Field, Input, inputClass } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { toast } from "~/components/ui/use-toast";
import { LEAD_LIMITS } from "~/features/leads/lead-constants";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { LeadFormResult } from "~/features/leads/lead-form-result";
import { GENERAL_INQUIRY, HERO_SERVICE_LIMIT, splitFullName } from "~/features/leads/split-name";
import { sendLead } from "~/features/leads/send-lead";
import { CrisisNotice } from "~/components/crisis-notice";
import type { Treatment } from "~/features/content/types";

const empty = { name: "", email: "", phone: "", service: "" };

/**
 * The hero's appointment request (spec §1, §4, §5, §8). With JavaScript it
 * posts JSON to /api/leads and answers with toasts; without, the browser
 * posts the form to the home page's action, which comes back with `result`
 * (values kept, problem said) or moves on to /thank-you.
 */
export function HeroLeadForm({
  treatments,
  phone,
  result,
}: {
  treatments: Treatment[];
  phone: string;
  result?: LeadFormResult;
}) {
  const [values, setValues] = useState(() => ({ ...empty, ...result?.values }));
  const fieldError = (name: keyof typeof empty) => result?.fields[name];
  const [submitting, setSubmitting] = useState(false);
  const { pathname } = useLocation();
  const id = useId();

  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = values.name.trim();
    const email = values.email.trim();
    const phoneNumber = values.phone.trim();
    if (!name || !email || !phoneNumber) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please fill in your name, email, and phone number.",
      });
      return;
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    setSubmitting(true);
    try {
      await sendLead({
        ...splitFullName(name),
        email,
        phone: phoneNumber,
        service: values.service || GENERAL_INQUIRY,
        formType: "hero",
        source: pathname,
        smsOptIn: "false",
        ...(honeypot ? { [HONEYPOT_FIELD]: String(honeypot) } : {}),
      });
      toast({
        title: "Request Submitted!",
        description: "We'll contact you within 24 hours to schedule your appointment.",
      });
      setValues(empty);
    } catch {
      toast({
        variant: "destructive",
        title: "Submission Failed",
        description: `Please try again or call us at ${phone}.`,
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action="/?index"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-card border border-line bg-surface p-6 shadow-card"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
          Request an appointment
        </h2>
        <p className="text-sm text-muted">We'll contact you within 24 hours to find a time that works for you.</p>
      </div>
      {result ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
          {result.error}
        </p>
      ) : null}
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
      <Button type="submit" size="lg" disabled={submitting}>
        <Send aria-hidden className="size-5" />
        {submitting ? "Submitting..." : "Request Appointment"}
      </Button>
      <p className="text-xs text-muted">
        Please don't include medical details here; we'll talk about those privately. Prefer to talk now? Call {phone}.
      </p>
      <CrisisNotice className="rounded-xl bg-sand p-3 text-ink" />
    </form>
  );
}
