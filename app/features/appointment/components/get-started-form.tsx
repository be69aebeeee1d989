import { PhoneCall } from "lucide-react";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import type { FormAnswer } from "~/lib/form-answer";
import { CrisisNotice } from "~/components/crisis-notice";
import { NOT_SURE_SERVICE } from "~/features/leads/appointment-options";
import {
  CHECKED,
  getStartedLeadBody,
  emptyGetStartedForm,
  getStartedFields,
  problemsSentence,
  type GetStartedField,
} from "../request-forms";
import { useRequestForm, type CheckFor } from "../use-request-form";
import { ContactFields } from "./contact-fields";
import { CheckboxField, ErrorSummary, FailureAlert } from "./form-parts";

const ID = "get-started";
const idOf = (field: GetStartedField) => `${ID}-${field}`;

/** The short form: who you are, how to reach you, and (if you like) what it's about. Behaves like the appointment request. */
export function GetStartedForm({
  services,
  phone,
  clinicName,
  answer,
  labelledBy,
}: {
  services: string[];
  phone: string;
  clinicName: string;
  answer?: FormAnswer<GetStartedField>;
  labelledBy: string;
}) {
  const { values, set, problems, failure, submitting, onSubmit, preload, formRef } = useRequestForm({
    fields: getStartedFields,
    empty: emptyGetStartedForm,
    answer,
    build: getStartedLeadBody,
    loadCheck: () => import("../request-form-check").then((m) => m.checkGetStartedForm as CheckFor<GetStartedField>),
    phone,
  });
  const text = (field: GetStartedField) => (event: { target: { value: string } }) => set(field)(event.target.value);
  const listed = getStartedFields.filter((field) => problems[field]);

  return (
    <form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      // The check is loaded when the visitor starts on the form.
      onFocus={preload}
      aria-labelledby={labelledBy}
      className="grid gap-5 rounded-card border border-line bg-surface p-5 shadow-card sm:p-8"
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
      <ContactFields idOf={idOf} values={values} problems={problems} text={text} />
      <Field id={idOf("service")} label="What would you like help with?" hint="(optional)" error={problems.service}>
        <select
          id={idOf("service")}
          name="service"
          value={values.service}
          onChange={text("service")}
          className={inputClass}
          {...describedBy(idOf("service"), { error: problems.service })}
        >
          <option value={NOT_SURE_SERVICE}>{NOT_SURE_SERVICE}</option>
          {services.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      </Field>
      <CheckboxField
        id={idOf("contactConsent")}
        name="contactConsent"
        required
        label={`I agree that ${clinicName} may contact me by phone or email about this request.`}
        checked={values.contactConsent === CHECKED}
        onChange={(checked) => set("contactConsent")(checked ? CHECKED : "")}
        error={problems.contactConsent}
      />
      <HoneypotField id={`${ID}-website`} />
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        <PhoneCall aria-hidden className="size-5" />
        {submitting ? "Submitting..." : "Request a call back"}
      </Button>
      <p className="text-sm text-muted">Please don't include medical details here — we'll talk about them privately.</p>
    </form>
  );
}
