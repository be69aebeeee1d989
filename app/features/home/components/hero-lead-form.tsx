import { Send } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, inputClass } from "~/components/ui/field";
import { toast } from "~/components/ui/use-toast";
import { GENERAL_INQUIRY, HERO_SERVICE_LIMIT, splitFullName } from "~/features/leads/split-name";
import { submitLead } from "~/features/leads/submit-lead";
import { CrisisNotice } from "~/features/site/components/crisis-notice";
import type { Treatment } from "~/features/content/types";

const empty = { name: "", email: "", phone: "", service: "" };

/**
 * The hero's appointment request (spec §1, §4, §5, §8). Its server side
 * arrives with the leads work; until then a submission fails and says so.
 */
export function HeroLeadForm({ treatments, phone }: { treatments: Treatment[]; phone: string }) {
  const [values, setValues] = useState(empty);
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
    setSubmitting(true);
    try {
      await submitLead({
        ...splitFullName(name),
        email,
        phone: phoneNumber,
        service: values.service || GENERAL_INQUIRY,
        formType: "hero",
        source: pathname,
        smsOptIn: "false",
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
      action="/api/leads"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-card border border-line bg-surface p-6 shadow-card"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
          Request an appointment
        </h2>
        <p className="text-sm text-muted">We'll reach out to find a time that works for you.</p>
      </div>
      <Field id={`${id}-name`} label="Full name">
        <Input id={`${id}-name`} name="name" autoComplete="name" required value={values.name} onChange={set("name")} />
      </Field>
      <Field id={`${id}-email`} label="Email">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set("email")}
        />
      </Field>
      <Field id={`${id}-phone`} label="Phone">
        <Input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          value={values.phone}
          onChange={set("phone")}
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
      <Button type="submit" size="lg" disabled={submitting}>
        <Send aria-hidden className="size-5" />
        {submitting ? "Submitting..." : "Request Appointment"}
      </Button>
      <p className="text-xs text-muted">
        Online requests are being switched on. If sending fails, please call us at {phone}.
      </p>
      <CrisisNotice className="rounded-xl bg-sand p-3 text-ink" />
    </form>
  );
}
