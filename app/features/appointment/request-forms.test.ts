import { describe, expect, it } from "vitest";
import { titleWithSite } from "~/features/seo/page-jsonld";
import { checkAppointmentForm, checkGetStartedForm } from "./request-form-check";
import {
  appointmentLeadBody,
  CHECKED,
  emptyAppointmentForm,
  emptyGetStartedForm,
  pickValues,
  appointmentFields,
} from "./request-forms";

const filled = {
  ...emptyAppointmentForm,
  name: "  Ana Maria Lopez ",
  email: " ana@example.com ",
  phone: "407 555 0100",
  patientStatus: "new",
  visitType: "in_person",
  location: "orlando",
  insurance: "aetna",
  contactConsent: CHECKED,
};

describe("the appointment form's values as a lead", () => {
  it("splits the name, trims, and keeps only what fits the choices made", () => {
    const result = checkAppointmentForm({
      ...filled,
      telehealthInFlorida: CHECKED,
      insuranceOther: "left from an earlier choice",
      note: "   ",
    });
    expect(result).toEqual({
      ok: true,
      lead: {
        firstName: "Ana",
        lastName: "Maria Lopez",
        email: "ana@example.com",
        phone: "407 555 0100",
        service: "Not sure yet",
        formType: "appointment",
        source: "/request-appointment",
        smsOptIn: "false",
        details: {
          preferredContact: "phone",
          preferredTime: "any",
          patientStatus: "new",
          visitType: "in_person",
          location: "orlando",
          insurance: "aetna",
          contactConsent: true,
        },
      },
    });
  });

  it("asks for the Florida confirmation with telehealth, and leaves the office out", () => {
    const body = appointmentLeadBody({ ...filled, visitType: "telehealth" });
    expect(body.details).not.toHaveProperty("location");
    expect(body.details).toHaveProperty("telehealthInFlorida", false);
    const result = checkAppointmentForm({ ...filled, visitType: "telehealth" });
    expect(result).toMatchObject({ ok: false, trapped: false });
    expect(!result.ok && result.fields).toEqual({
      telehealthInFlorida: "For telehealth, please confirm you will be in Florida at the time of each visit.",
    });
  });

  it("puts every message on its input, in the form's order, with the name as one field", () => {
    const result = checkAppointmentForm({ ...emptyAppointmentForm, preferredContact: "text" });
    expect(!result.ok && Object.keys(result.fields)).toEqual([
      "name",
      "email",
      "phone",
      "patientStatus",
      "visitType",
      "insurance",
      "contactConsent",
      "smsOptIn",
    ]);
    expect(!result.ok && result.fields.name).toBe("Please enter your name.");
  });

  it("tells a filled honeypot apart from a person's mistakes", () => {
    expect(checkAppointmentForm(filled, "http://spam.example")).toMatchObject({ ok: false, trapped: true });
    expect(checkGetStartedForm({ ...emptyGetStartedForm, name: "Sam" })).toMatchObject({ ok: false, trapped: false });
  });

  it("reads a posted form: its own fields only, an unticked box empty", () => {
    const values = pickValues(appointmentFields, { name: "Ana", smsOptInX: "on", favourite: "teal" });
    expect(values.name).toBe("Ana");
    expect(values.smsOptIn).toBe("");
    expect(values.preferredTime).toBe("");
    expect(Object.keys(values)).toEqual([...appointmentFields]);
  });
});

describe("page titles", () => {
  it("add the clinic's name when it fits in 60 characters", () => {
    expect(titleWithSite("Request an Appointment", "Cypress Lane Behavioral Health")).toBe(
      "Request an Appointment | Cypress Lane Behavioral Health",
    );
    expect(titleWithSite("Request an Appointment", "A Very Long Clinic Name That Goes On and On")).toBe(
      "Request an Appointment",
    );
  });
});
