import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, notificationOutbox } from "~/db/schema";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { HERO_LEAD } from "../setup/leads";

/** POST /api/leads for the appointment request and the get-started form: `details` checked per form type. */

const contact = {
  firstName: "Jordan",
  lastName: "Appointment Testperson",
  phone: "(407) 555-0177",
  service: "Medication Management",
  source: "/request-appointment",
  smsOptIn: "true",
};

const details = {
  preferredContact: "text",
  preferredTime: "evening",
  patientStatus: "new",
  visitType: "in_person",
  location: "winter-park",
  insurance: "florida-blue",
  note: "Weekday evenings suit me best.",
  contactConsent: true,
};

const appointment = (email: string, change: Record<string, unknown> = {}) => ({
  ...contact,
  email,
  formType: "appointment",
  details: { ...details, ...change },
});

describe.each(databaseKinds())("appointment leads through POST /api/leads on %s", (kind) => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp(kind, { RATE_LIMIT_FORMS: "1000" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (body: unknown) => app.postJson("/api/leads", body);
  const byEmail = (email: string) => app.database.db.select().from(leads).where(eq(leads.email, email));

  async function refused(body: unknown) {
    const res = await post(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(typeof answer.error).toBe("string");
    return answer.fields;
  }

  it("stores an in-person appointment request with its details, and queues the staff notification", async () => {
    const res = await post(appointment("in.person@example.com"));
    expect(res.status).toBe(201);
    const [row] = await byEmail("in.person@example.com");
    expect(row).toMatchObject({
      formType: "appointment",
      firstName: "Jordan",
      lastName: "Appointment Testperson",
      phone: "(407) 555-0177",
      service: "Medication Management",
      source: "/request-appointment",
      smsOptIn: true,
      details,
    });
    const queued = await app.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.leadId, row!.id));
    expect(queued).toHaveLength(1);
  });

  it("stores a note holding half of a UTF-16 pair (only a script sends one) with U+FFFD in its place, not a 500", async () => {
    // JSON.stringify writes a lone surrogate as the escape "\ud800", which PostgreSQL's jsonb refuses.
    const body = appointment("broken.character@example.com", { note: "Evenings \ud800please" });
    expect(JSON.stringify(body)).toContain("\\ud800");
    const res = await post({ ...body, lastName: "Testperson\udc00" });
    expect(res.status).toBe(201);
    const [row] = await byEmail("broken.character@example.com");
    expect(row!.details).toMatchObject({ note: "Evenings \uFFFDplease" });
    expect(row!.lastName).toBe("Testperson\uFFFD");
  });

  it("stores a telehealth request with the Florida confirmation, another insurer and trimmed text", async () => {
    const body = appointment("telehealth@example.com", {
      visitType: "telehealth",
      telehealthInFlorida: true,
      location: undefined,
      insurance: "other",
      insuranceOther: "  Acme Health Plan ",
      note: "   ",
      preferredContact: "email",
    });
    expect((await post({ ...body, smsOptIn: "false" })).status).toBe(201);
    const [row] = await byEmail("telehealth@example.com");
    expect(row!.smsOptIn).toBe(false);
    // An empty note is left out, not stored as "".
    expect(row!.details).toEqual({
      preferredContact: "email",
      preferredTime: "evening",
      patientStatus: "new",
      visitType: "telehealth",
      telehealthInFlorida: true,
      insurance: "other",
      insuranceOther: "Acme Health Plan",
      contactConsent: true,
    });
  });

  it("answers 400 without details, naming details", async () => {
    const { details: _left, ...body } = appointment("no.details@example.com");
    expect(await refused(body)).toHaveProperty("details");
    expect(await refused({ ...body, details: "in person please" })).toHaveProperty("details");
    expect(await byEmail("no.details@example.com")).toEqual([]);
  });

  it("answers 400 naming every missing or bad details field", async () => {
    const fields = await refused(
      appointment("bad.details@example.com", {
        preferredContact: "carrier pigeon",
        preferredTime: undefined,
        patientStatus: "maybe",
        visitType: undefined,
        insurance: undefined,
        note: "x".repeat(501),
        contactConsent: false,
        favouriteColour: "teal",
      }),
    );
    expect(Object.keys(fields).sort()).toEqual(
      [
        "details.contactConsent",
        "details.favouriteColour",
        "details.insurance",
        "details.note",
        "details.patientStatus",
        "details.preferredContact",
        "details.preferredTime",
        "details.visitType",
      ].sort(),
    );
    expect(fields["details.note"]).toMatch(/500 characters/);
    expect(await byEmail("bad.details@example.com")).toEqual([]);
  });

  it("answers 400 for telehealth without the Florida confirmation, naming it", async () => {
    for (const confirmation of [undefined, false]) {
      const fields = await refused(
        appointment("no.florida@example.com", {
          visitType: "telehealth",
          location: undefined,
          telehealthInFlorida: confirmation,
        }),
      );
      expect(Object.keys(fields)).toEqual(["details.telehealthInFlorida"]);
      expect(fields["details.telehealthInFlorida"]).toMatch(/Florida/);
    }
    expect(await byEmail("no.florida@example.com")).toEqual([]);
  });

  it("answers 400 for choices that do not fit together or that we do not have", async () => {
    expect(
      await refused(appointment("mismatch@example.com", { telehealthInFlorida: true, insuranceOther: "Acme" })),
    ).toEqual({
      "details.telehealthInFlorida": expect.any(String),
      "details.insuranceOther": expect.any(String),
    });
    // Texts need the SMS consent.
    expect(Object.keys(await refused({ ...appointment("mismatch@example.com"), smsOptIn: "false" }))).toEqual([
      "smsOptIn",
    ]);
    // An office and an insurer the clinic does not have (checked against the database).
    expect(
      await refused(appointment("mismatch@example.com", { location: "paris", insurance: "imaginary-health" })),
    ).toEqual({ "details.location": expect.any(String), "details.insurance": expect.any(String) });
    expect(await byEmail("mismatch@example.com")).toEqual([]);
  });

  it("answers 400 for details on a hero lead or a phone click", async () => {
    const hero = { ...HERO_LEAD, email: "hero.details@example.com" };
    expect(await refused({ ...hero, details })).toHaveProperty("details");
    expect(await refused({ ...hero, details: {} })).toHaveProperty("details");
    expect(await refused({ ...hero, formType: "phone_click", details: {} })).toHaveProperty("details");
    expect(await byEmail("hero.details@example.com")).toEqual([]);
    // Without details the same hero lead is fine.
    expect((await post(hero)).status).toBe(201);
  });

  it("stores a get-started lead with its consent, and refuses one without", async () => {
    const body = {
      ...contact,
      email: "get.started@example.com",
      service: "Not sure yet",
      source: "/get-started",
      smsOptIn: "false",
      formType: "get_started",
    };
    expect(await refused(body)).toHaveProperty("details");
    expect(await refused({ ...body, details: { contactConsent: false } })).toHaveProperty("details.contactConsent");
    expect(await refused({ ...body, details: { ...details } })).toHaveProperty("details.visitType");
    expect((await post({ ...body, details: { contactConsent: true } })).status).toBe(201);
    const [row] = await byEmail("get.started@example.com");
    expect(row).toMatchObject({ formType: "get_started", service: "Not sure yet", details: { contactConsent: true } });
  });

  it("never writes the request's contents to the log", async () => {
    const logs = app.logs();
    expect(logs).toContain('"formType":"appointment"');
    for (const secret of ["Jordan", "Testperson", "555-0177", "Weekday evenings", "florida-blue", "Acme"]) {
      expect(logs).not.toContain(secret);
    }
  });
});
