import { Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input, inputClass } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import type { FormAnswer } from "~/lib/form-answer";
import { CrisisNotice } from "~/components/crisis-notice";
import { cn } from "~/lib/cn";
import {
  APPOINTMENT_LIMITS,
  contactMethodLabels,
  contactMethods,
  contactTimeLabels,
  contactTimes,
  NO_LOCATION_PREFERENCE,
  NOT_SURE_SERVICE,
  OTHER_INSURANCE,
  patientStatuses,
  patientStatusLabels,
  SELF_PAY,
  visitTypeLabels,
  visitTypes,
} from "~/features/leads/appointment-options";
import type { AppointmentChoices } from "../request-pages.server";
import {
  appointmentFields,
  CHECKED,
  appointmentLeadBody,
  emptyAppointmentForm,
  problemsSentence,
  type AppointmentField,
} from "../request-forms";
import { useRequestForm, type CheckFor } from "../use-request-form";
import { ContactFields } from "./contact-fields";
import { CheckboxField, ChoiceGroup, ErrorSummary, FailureAlert, FormSection } from "./form-parts";

const ID = "appointment";
const idOf = (field: AppointmentField) => `${ID}-${field}`;

/**
 * The full appointment request. With JavaScript it checks itself with the
 * lead schema and posts JSON to /api/leads; without, the browser posts it to
 * the page's action, which answers with the same messages (the same FormAnswer). What
 * only matters for one choice (the Florida confirmation for telehealth, the
 * office for in-person visits, the other insurer's name) is shown or hidden
 * by CSS, so it behaves the same with or without script.
 */
export function AppointmentForm({
  choices,
  phone,
  clinicName,
  promise,
  answer,
  labelledBy,
}: {
  choices: AppointmentChoices;
  phone: string;
  clinicName: string;
  /** The clinic's reply promise ("within 24 hours"), edited at /admin/content. */
  promise: string;
  answer?: FormAnswer<AppointmentField>;
  labelledBy: string;
}) {
  const { values, set, problems, failure, submitting, onSubmit, preload, formRef } = useRequestForm({
    fields: appointmentFields,
    empty: emptyAppointmentForm,
    answer,
    build: appointmentLeadBody,
    loadCheck: () => import("../request-form-check").then((m) => m.checkAppointmentForm as CheckFor<AppointmentField>),
    phone,
  });
  const text = (field: AppointmentField) => (event: { target: { value: string } }) => set(field)(event.target.value);
  const tick = (field: AppointmentField) => (checked: boolean) => set(field)(checked ? CHECKED : "");
  const listed = appointmentFields.filter((field) => problems[field]);

  return (
    <form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      // The check is loaded when the visitor starts on the form.
      onFocus={preload}
      aria-labelledby={labelledBy}
      className="grid gap-8 rounded-card border border-line bg-surface p-5 shadow-card sm:p-8"
    >
      <CrisisNotice className="rounded-xl bg-sand p-3 text-ink" />
      {listed.length > 0 ? (
        <ErrorSummary
          id={`${ID}-summary`}
          autoFocus={Boolean(answer)}
          sentence={problemsSentence(listed.length)}
          problems={listed.map((field) => ({ target: idOf(field), message: problems[field]! }))}
        />
      ) : null}
      {failure ? <FailureAlert message={failure} autoFocus={Boolean(answer)} /> : null}
      <p className="text-sm text-muted">All fields are required unless they say optional.</p>

      <FormSection title="About you">
        <ContactFields idOf={idOf} values={values} problems={problems} text={text} />
        <ChoiceGroup
          id={idOf("patientStatus")}
          name="patientStatus"
          legend="Have you been to our clinic before?"
          options={patientStatuses}
          labels={patientStatusLabels}
          value={values.patientStatus}
          onChange={set("patientStatus")}
          error={problems.patientStatus}
          className="sm:grid-cols-2"
        />
      </FormSection>

      <FormSection title="How should we reach you?">
        <ChoiceGroup
          id={idOf("preferredContact")}
          name="preferredContact"
          legend="Best way to contact you"
          options={contactMethods}
          labels={contactMethodLabels}
          value={values.preferredContact}
          onChange={set("preferredContact")}
          error={problems.preferredContact}
          className="sm:grid-cols-3"
        />
        <ChoiceGroup
          id={idOf("preferredTime")}
          name="preferredTime"
          legend="Best time to reach you"
          options={contactTimes}
          labels={contactTimeLabels}
          value={values.preferredTime}
          onChange={set("preferredTime")}
          error={problems.preferredTime}
          className="grid-cols-2 sm:grid-cols-4"
        />
      </FormSection>

      <FormSection title="Your visit">
        <Field id={idOf("service")} label="What would you like help with?" error={problems.service}>
          <select
            id={idOf("service")}
            name="service"
            value={values.service}
            onChange={text("service")}
            className={inputClass}
            {...describedBy(idOf("service"), { error: problems.service })}
          >
            <option value={NOT_SURE_SERVICE}>{NOT_SURE_SERVICE}</option>
            {choices.services.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </Field>
        <div className="group/visit grid gap-4">
          <ChoiceGroup
            id={idOf("visitType")}
            name="visitType"
            legend="How would you like to meet?"
            options={visitTypes}
            labels={visitTypeLabels}
            value={values.visitType}
            onChange={set("visitType")}
            error={problems.visitType}
            className="sm:grid-cols-2"
          />
          <div className="hidden rounded-xl border border-line bg-canvas p-4 group-has-[[value=telehealth]:checked]/visit:grid">
            <CheckboxField
              id={idOf("telehealthInFlorida")}
              name="telehealthInFlorida"
              label="I will be in Florida at the time of each telehealth visit"
              description="Our clinicians are licensed in Florida, so the law lets us see you by telehealth only while you are in Florida, even if you live somewhere else."
              checked={values.telehealthInFlorida === CHECKED}
              onChange={tick("telehealthInFlorida")}
              error={problems.telehealthInFlorida}
            />
          </div>
          <Field
            id={idOf("location")}
            label="Preferred office"
            hint="(for in-person visits)"
            error={problems.location}
            className="group-has-[[value=telehealth]:checked]/visit:hidden"
          >
            <select
              id={idOf("location")}
              name="location"
              value={values.location}
              onChange={text("location")}
              className={inputClass}
              {...describedBy(idOf("location"), { error: problems.location })}
            >
              <option value={NO_LOCATION_PREFERENCE}>No preference</option>
              {choices.locations.map((office) => (
                <option key={office.slug} value={office.slug}>
                  {office.name}: {office.street}, {office.city}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </FormSection>

      <FormSection title="Insurance">
        <div className="group/insurance grid gap-4">
          <Field
            id={idOf("insurance")}
            label="How would you like to pay for your visits?"
            description="Choose your insurance company, or tell us you'll pay yourself. If you use insurance, we'll check your benefits with you before your first visit."
            error={problems.insurance}
          >
            <select
              id={idOf("insurance")}
              name="insurance"
              required
              value={values.insurance}
              onChange={text("insurance")}
              className={inputClass}
              {...describedBy(idOf("insurance"), { description: true, error: problems.insurance })}
            >
              <option value="">Choose one</option>
              {choices.providers.map((provider) => (
                <option key={provider.slug} value={provider.slug}>
                  {provider.name}
                </option>
              ))}
              <option value={SELF_PAY}>I'll pay myself (self-pay)</option>
              <option value={OTHER_INSURANCE}>Other / not sure</option>
            </select>
          </Field>
          <Field
            id={idOf("insuranceOther")}
            label="Name of your insurance company"
            hint="(optional)"
            error={problems.insuranceOther}
            className="hidden group-has-[option[value=other]:checked]/insurance:grid"
          >
            <Input
              id={idOf("insuranceOther")}
              name="insuranceOther"
              maxLength={APPOINTMENT_LIMITS.insuranceOther}
              value={values.insuranceOther}
              onChange={text("insuranceOther")}
              {...describedBy(idOf("insuranceOther"), { error: problems.insuranceOther })}
            />
          </Field>
        </div>
      </FormSection>

      <FormSection title="Anything else?">
        <Field
          id={idOf("note")}
          label="Anything you'd like us to know"
          hint="(optional)"
          description={
            <>
              Please don't include medical details here — we'll talk about them privately. Up to{" "}
              {APPOINTMENT_LIMITS.note} characters.
            </>
          }
          error={problems.note}
        >
          <textarea
            id={idOf("note")}
            name="note"
            rows={4}
            maxLength={APPOINTMENT_LIMITS.note}
            value={values.note}
            onChange={text("note")}
            className={cn(inputClass, "py-3")}
            {...describedBy(idOf("note"), { description: true, error: problems.note })}
          />
        </Field>
      </FormSection>

      <FormSection title="Your consent">
        <CheckboxField
          id={idOf("contactConsent")}
          name="contactConsent"
          required
          label={`I agree that ${clinicName} may contact me by phone or email about this request.`}
          checked={values.contactConsent === CHECKED}
          onChange={tick("contactConsent")}
          error={problems.contactConsent}
        />
        <CheckboxField
          id={idOf("smsOptIn")}
          name="smsOptIn"
          label="Optional: send me text messages about my request and appointments."
          description={`By ticking this box, you agree to receive text messages from ${clinicName} at the phone number above, such as scheduling messages and appointment reminders. Message frequency varies. Message and data rates may apply. Reply STOP to opt out at any time, or HELP for help. Agreeing is not a condition of care.`}
          checked={values.smsOptIn === CHECKED}
          onChange={tick("smsOptIn")}
          error={problems.smsOptIn}
        />
      </FormSection>

      <HoneypotField id={`${ID}-website`} />
      <div className="grid gap-3">
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
          <Send aria-hidden className="size-5" />
          {submitting ? "Submitting..." : "Send my request"}
        </Button>
        <p className="text-sm text-muted">
          Sending this form does not book a visit yet. It tells us you&apos;d like one, and we&apos;ll call or email you{" "}
          {promise} to find a time.
        </p>
      </div>
    </form>
  );
}
