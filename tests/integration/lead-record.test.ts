import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { clientContext, databaseContext, staffContext } from "~/context";
import type { Database } from "~/db/client.server";
import {
  auditLog,
  leadEvents,
  leads,
  notificationOutbox,
  pageViews,
  users,
  visits,
  type LeadStatus,
  type User,
} from "~/db/schema";
import type { ActiveSession } from "~/features/auth/session.server";
import { createLead } from "~/features/leads/leads.server";
import { leadSchema, type LeadInput } from "~/features/leads/lead-schema";
import {
  addNote,
  assignLead,
  changeStatus,
  deleteLead,
  logContact,
  markDuplicate,
  type LeadActor,
} from "~/features/lead-record/lead-changes.server";
import { leadPageAction, leadPageData } from "~/features/lead-record/lead-page.server";
import { loadLeadRecord } from "~/features/lead-record/lead-record.server";
import type { LeadAnswer } from "~/features/lead-record/lead-record-types";
import { recordLeadView, VIEW_WINDOW_MINUTES } from "~/features/lead-record/lead-view-audit.server";
import { clinicDateTimeInputValue } from "~/lib/clinic-time";
import { describeOnEachDatabase } from "../setup/database-suite";
import { openTestDatabase } from "../setup/database";
import { addStaff } from "../setup/staff";

/** A made-up person asking for an appointment, as the request form sends it. */
const ROWAN = {
  formType: "appointment",
  firstName: "Rowan",
  lastName: "Ellis-Testperson",
  email: "rowan.ellis@example.com",
  phone: "(407) 555-0142",
  service: "Anxiety Treatment",
  source: "/request-appointment",
  smsOptIn: "true",
  attribution: {
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "spring-anxiety",
    utmTerm: "anxiety therapist",
    gclid: "Cj0KCQiA-abcdefghijklmnopqrstuvwxyz",
    landingPage: "/anxiety-treatment",
    referrer: "https://www.google.com/",
  },
  details: {
    preferredContact: "text",
    preferredTime: "morning",
    patientStatus: "new",
    visitType: "in_person",
    location: "winter-park",
    insurance: "aetna",
    note: "Mornings before nine are best; evenings are hard for me.",
    contactConsent: true,
  },
} satisfies LeadInput;

const HOUR = 3_600_000;

describeOnEachDatabase("a lead's page", (database) => {
  let sam: User;
  let ada: User;
  let mo: User;
  let away: User;
  const actor = (user: User): LeadActor => ({ id: user.id, email: user.email, ip: "127.0.0.1" });
  const db = () => database().db;

  beforeAll(async () => {
    [sam, ada, mo, away] = (await addStaff(database(), [
      { name: "Sam Stafford", email: "sam.stafford@clinic.example", roles: ["intake"] },
      { name: "Ada Admin", email: "ada.admin@clinic.example", roles: ["admin"] },
      { name: "Mo Marketer", email: "mo.marketer@clinic.example", roles: ["marketing"] },
      { name: "Vic Away", email: "vic.away@clinic.example", roles: ["intake"] },
    ])) as [User, User, User, User];
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, away.id));
  });

  /** A lead as the public form stores it, arrived `hoursAgo` hours ago. */
  async function newLead(overrides: Partial<LeadInput> = {}, hoursAgo = 0, visitId: number | null = null) {
    const id = await createLead(db(), leadSchema.parse({ ...ROWAN, ...overrides }), {
      channel: "Paid Search",
      campaign: "spring-anxiety",
      landingPage: "/anxiety-treatment",
      visitId,
    });
    if (hoursAgo) {
      const at = new Date(Date.now() - hoursAgo * HOUR);
      await db().update(leads).set({ createdAt: at, statusChangedAt: at }).where(eq(leads.id, id));
    }
    return id;
  }
  const leadNow = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;
  const eventsOf = (id: string) => db().select().from(leadEvents).where(eq(leadEvents.leadId, id));
  const auditOf = (id: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));

  describe("what the page shows", () => {
    it("lays out all the person sent for a phone call, with the visit that led to it", async () => {
      const [visit] = await db()
        .insert(visits)
        .values({
          visitorId: 42n,
          startedAt: new Date(Date.now() - 3 * HOUR - 10 * 60_000),
          lastSeenAt: new Date(Date.now() - 3 * HOUR),
          entryPath: "/anxiety-treatment",
          exitPath: "/request-appointment",
          pageviews: 3,
          channel: "Paid Search",
          browser: "Safari",
          os: "iOS",
          deviceType: "mobile",
        })
        .returning({ id: visits.id });
      const base = Date.now() - 3 * HOUR - 10 * 60_000;
      await db()
        .insert(pageViews)
        .values([
          { visitId: visit!.id, occurredAt: new Date(base + 4 * 60_000), path: "/request-appointment" },
          { visitId: visit!.id, occurredAt: new Date(base), path: "/anxiety-treatment" },
          { visitId: visit!.id, occurredAt: new Date(base + 2 * 60_000), path: "/team/dana-whitfield" },
        ]);
      const id = await newLead({}, 3, visit!.id);
      const record = (await loadLeadRecord(db(), id))!;

      expect(record.name).toBe("Rowan Ellis-Testperson");
      expect(record.contact).toEqual({
        phone: "(407) 555-0142",
        phoneHref: "tel:4075550142",
        email: "rowan.ellis@example.com",
        emailHref: "mailto:rowan.ellis@example.com",
      });
      expect(record.received.form).toBe("Appointment request");
      expect(record.waited).toEqual({ text: "Waiting 3 h", late: false });
      expect(Object.fromEntries(record.asked.map((f) => [f.term, f.value]))).toEqual({
        Service: "Anxiety Treatment",
        "Preferred contact": "Text message",
        "Best time to reach them": "Morning",
        "Visit type": "In person",
        Office: "Winter Park Office",
        Insurance: "Aetna",
        Patient: "New to the clinic",
        "Text messages": "Yes: they agreed to text messages about this request",
        Consent: "They agreed that we may contact them about this request",
      });
      expect(record.note).toBe(ROWAN.details.note);
      const source = Object.fromEntries(record.source.map((f) => [f.term, f.value]));
      expect(source).toMatchObject({
        Channel: "Paid Search",
        Campaign: "spring-anxiety",
        "UTM source": "google",
        "UTM medium": "cpc",
        "UTM term": "anxiety therapist",
        "Ad click": "Google Ads click: Cj0KCQiA…",
        "Landing page": "/anxiety-treatment",
        Referrer: "https://www.google.com/",
        "Page of the form": "/request-appointment",
      });
      // Which click id, never the whole of it.
      expect(JSON.stringify(record)).not.toContain(ROWAN.attribution.gclid);
      expect(record.visit.known).toBe(true);
      if (!record.visit.known) return;
      expect(record.visit.pages.map((p) => p.path)).toEqual([
        "/anxiety-treatment",
        "/team/dana-whitfield",
        "/request-appointment",
      ]);
      expect(Object.fromEntries(record.visit.facts.map((f) => [f.term, f.value]))).toMatchObject({
        Device: "Mobile",
        Browser: "Safari on iOS",
        "Entry page": "/anxiety-treatment",
        "Pages seen": "3",
      });
      expect(record.timeline.map((e) => e.sentence)).toEqual([
        "Rowan Ellis-Testperson sent a request (Appointment request)",
      ]);
      // Assignable: active staff with lead details only.
      expect(record.staff.map((s) => s.name)).toEqual(["Ada Admin", "Sam Stafford"]);
    });

    it("words telehealth, another insurer and no office; says when the visit is not known; flags a late request", async () => {
      const id = await newLead(
        {
          smsOptIn: "false",
          details: {
            ...ROWAN.details,
            preferredContact: "phone",
            visitType: "telehealth",
            telehealthInFlorida: true,
            location: undefined,
            insurance: "other",
            insuranceOther: "Sunshine Health",
            note: undefined,
          },
        },
        30,
      );
      const record = (await loadLeadRecord(db(), id))!;
      const asked = Object.fromEntries(record.asked.map((f) => [f.term, f.value]));
      expect(asked).toMatchObject({
        "Visit type": "Telehealth (video)",
        "In Florida for telehealth": "Yes, they confirmed they will be in Florida for each visit",
        Insurance: "Other: Sunshine Health",
        "Text messages": "No: they did not agree to texts, so call or e-mail",
      });
      expect(asked.Office).toBeUndefined();
      expect(record.note).toBeNull();
      expect(record.visit).toEqual({ known: false });
      expect(record.waited).toEqual({ text: "Over 24 h — 30 h", late: true });
      const inPerson = await newLead({
        details: { ...ROWAN.details, location: "no_preference", insurance: "self_pay" },
      });
      const other = Object.fromEntries((await loadLeadRecord(db(), inPerson))!.asked.map((f) => [f.term, f.value]));
      expect(other).toMatchObject({ Office: "No preference", Insurance: "Self-pay" });
    });

    it("shows a tap on the phone link as a tap: no one to call back, never waiting, no duplicates", async () => {
      const id = await newLead({
        formType: "phone_click",
        firstName: "Phone",
        lastName: "Click",
        email: "phone-click@tracking.invalid",
        phone: "(407) 555-0142",
        source: "/locations/orlando",
        details: undefined,
        smsOptIn: "false",
      });
      const record = (await loadLeadRecord(db(), id))!;
      expect(record).toMatchObject({ isPhoneClick: true, name: "Call tapped", contact: null, waited: null });
      expect(record.received.page).toBe("/locations/orlando");
      expect(record.asked).toEqual([]);
      expect(record.duplicates).toEqual([]);
      expect(record.timeline.at(-1)!.sentence).toBe("Someone tapped the clinic's phone link on /locations/orlando");
    });

    it("answers null for a lead that does not exist", async () => {
      expect(await loadLeadRecord(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
    });
  });

  describe("the pipeline", () => {
    it("moves to contacted: first contact set, status time, version raised, one event with the reason, audited without it", async () => {
      const id = await newLead({}, 2);
      const now = new Date();
      const outcome = await changeStatus(
        db(),
        actor(sam),
        id,
        { intent: "status", status: "contacted", reason: "Spoke briefly; calling back Monday.", version: 1 },
        now,
      );
      expect(outcome).toEqual({ kind: "done", message: "The status is now Contacted." });
      const lead = await leadNow(id);
      expect(lead).toMatchObject({ status: "contacted", version: 2, scheduledAt: null, becamePatientAt: null });
      expect(lead.firstContactedAt?.getTime()).toBe(now.getTime());
      expect(lead.statusChangedAt.getTime()).toBe(now.getTime());
      const events = await eventsOf(id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actorId: sam.id,
        kind: "status",
        detail: { from: "new", to: "contacted", reason: "Spoke briefly; calling back Monday." },
      });
      const audits = await auditOf(id, "lead_status_changed");
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorId: sam.id,
        targetType: "lead",
        detail: { from: "new", to: "contacted" },
      });
      expect(JSON.stringify(audits)).not.toContain("Monday");

      const record = (await loadLeadRecord(db(), id))!;
      expect(record.waited).toBeNull();
      expect(record.firstContact).toMatchObject({ inTime: true });
      expect(record.timeline[0]).toMatchObject({
        sentence: "Sam Stafford changed the status from New to Contacted",
        quote: { label: "Reason", text: "Spoke briefly; calling back Monday." },
      });
    });

    it("keeps the first time a lead was scheduled and became a patient, and the first contact", async () => {
      const id = await newLead({}, 5);
      const start = Date.now();
      const t = (h: number) => new Date(start - h * HOUR);
      const move = (status: LeadStatus, version: number, at: Date) =>
        changeStatus(db(), actor(sam), id, { intent: "status", status, reason: null, version }, at);
      expect((await move("patient", 1, t(4))).kind).toBe("done");
      let lead = await leadNow(id);
      // Straight to patient: contacted and scheduled then too.
      expect(lead.firstContactedAt).toEqual(t(4));
      expect(lead.scheduledAt).toEqual(t(4));
      expect(lead.becamePatientAt).toEqual(t(4));
      expect((await move("contacted", 2, t(3))).kind).toBe("done");
      expect((await move("scheduled", 3, t(2))).kind).toBe("done");
      expect((await move("not_a_fit", 4, t(1))).kind).toBe("done");
      lead = await leadNow(id);
      expect(lead).toMatchObject({ status: "not_a_fit", version: 5 });
      expect(lead.firstContactedAt).toEqual(t(4));
      expect(lead.scheduledAt).toEqual(t(4));
      expect(lead.becamePatientAt).toEqual(t(4));
      expect(lead.statusChangedAt).toEqual(t(1));
    });

    it("refuses the status it already has: 'It is already …', nothing written", async () => {
      const id = await newLead();
      const outcome = await changeStatus(db(), actor(sam), id, {
        intent: "status",
        status: "new",
        reason: null,
        version: 1,
      });
      expect(outcome).toEqual({ kind: "refused", field: "status", message: "It is already New." });
      expect(await eventsOf(id)).toEqual([]);
      expect((await leadNow(id)).version).toBe(1);
    });

    it("lets exactly one of two changes made on the same version win; the other learns who changed it to what", async () => {
      const id = await newLead();
      const [first, second] = await Promise.all([
        changeStatus(db(), actor(sam), id, { intent: "status", status: "scheduled", reason: null, version: 1 }),
        changeStatus(db(), actor(ada), id, { intent: "status", status: "contacted", reason: null, version: 1 }),
      ]);
      const outcomes = [first, second];
      expect(outcomes.filter((o) => o.kind === "done")).toHaveLength(1);
      const conflict = outcomes.find((o) => o.kind === "conflict");
      expect(conflict).toBeDefined();
      const lead = await leadNow(id);
      expect(lead.version).toBe(2);
      expect(await eventsOf(id)).toHaveLength(1);
      expect(await auditOf(id, "lead_status_changed")).toHaveLength(1);
      const winner = lead.status === "scheduled" ? "Sam Stafford" : "Ada Admin";
      const loser = lead.status === "scheduled" ? "Contacted" : "Scheduled";
      expect(conflict).toEqual({
        kind: "conflict",
        what: expect.stringMatching(
          new RegExp(
            `^${winner} changed this lead to ${lead.status === "scheduled" ? "Scheduled" : "Contacted"} at \\d{1,2}:\\d\\d [AP]M while you were looking at it\\.$`,
          ),
        ),
        yours: `Your change (to ${loser}) was not saved.`,
      });
      // A change made on the version the page now shows goes through.
      expect(
        (await changeStatus(db(), actor(ada), id, { intent: "status", status: "patient", reason: null, version: 2 }))
          .kind,
      ).toBe("done");
    });

    it("answers missing for a lead that is gone", async () => {
      const input = { intent: "status", status: "contacted", reason: null, version: 1 } as const;
      expect(await changeStatus(db(), actor(sam), "00000000-0000-4000-8000-000000000000", input)).toEqual({
        kind: "missing",
      });
    });
  });

  describe("contact attempts", () => {
    it("logs an attempt at the time given; the earliest attempt is the first contact; the version stays", async () => {
      const id = await newLead({}, 6);
      const done = await logContact(db(), actor(sam), id, {
        intent: "contact",
        method: "call",
        outcome: "left_message",
        at: new Date(Date.now() - 2 * HOUR),
        note: "Voicemail full after the beep.",
      });
      expect(done).toEqual({ kind: "done", message: "The contact attempt is logged." });
      const earlier = new Date(Date.now() - 4 * HOUR);
      await logContact(db(), actor(ada), id, {
        intent: "contact",
        method: "email",
        outcome: "sent",
        at: earlier,
        note: null,
      });
      const later = new Date(Date.now() - HOUR);
      await logContact(db(), actor(sam), id, {
        intent: "contact",
        method: "text",
        outcome: "reached",
        at: later,
        note: null,
      });
      const lead = await leadNow(id);
      expect(lead.firstContactedAt).toEqual(earlier);
      expect(lead).toMatchObject({ version: 1, status: "new" });
      const audits = await auditOf(id, "lead_contact_logged");
      expect(audits.map((a) => a.detail)).toEqual(
        expect.arrayContaining([
          { method: "call", outcome: "left_message" },
          { method: "email", outcome: "sent" },
          { method: "text", outcome: "reached" },
        ]),
      );
      expect(JSON.stringify(audits)).not.toContain("Voicemail");
      const record = (await loadLeadRecord(db(), id))!;
      expect(record.timeline.map((e) => e.sentence)).toEqual([
        "Sam Stafford texted — reached them",
        "Sam Stafford called — left a message",
        "Ada Admin e-mailed — e-mail or text sent",
        "Rowan Ellis-Testperson sent a request (Appointment request)",
      ]);
      expect(record.timeline[1]!.quote).toEqual({ label: "Note", text: "Voicemail full after the beep." });
      expect(record.waited).toBeNull();
      expect(record.firstContact).toMatchObject({ after: "2 h", inTime: true });
    });

    it("refuses a time before the request arrived or still to come; the minute it arrived is allowed", async () => {
      const id = await newLead({}, 1);
      const arrived = (await leadNow(id)).createdAt;
      const attempt = (at: Date) =>
        logContact(db(), actor(sam), id, { intent: "contact", method: "call", outcome: "no_answer", at, note: null });
      expect(await attempt(new Date(arrived.getTime() - 2 * 60_000))).toEqual({
        kind: "refused",
        field: "at",
        message: "That is before the request arrived: enter when it happened.",
      });
      expect(await attempt(new Date(Date.now() + 5 * 60_000))).toMatchObject({ kind: "refused", field: "at" });
      expect(await eventsOf(id)).toEqual([]);
      const sameMinute = new Date(Math.floor(arrived.getTime() / 60_000) * 60_000);
      expect((await attempt(sameMinute)).kind).toBe("done");
      // Never before the arrival itself: the wait cannot come out negative.
      expect((await leadNow(id)).firstContactedAt).toEqual(arrived);
    });
  });

  describe("assignment", () => {
    it("assigns to intake or an admin, and to nobody; refuses marketing, disabled and unknown people", async () => {
      const id = await newLead();
      const assign = (assignee: string, version: number) =>
        assignLead(db(), actor(ada), id, { intent: "assign", assignee, version });
      expect(await assign(mo.id, 1)).toMatchObject({ kind: "refused", field: "assignee" });
      expect(await assign(away.id, 1)).toMatchObject({ kind: "refused", field: "assignee" });
      expect(await assign("00000000-0000-4000-8000-000000000000", 1)).toMatchObject({ kind: "refused" });
      expect(await assign(sam.id, 1)).toEqual({ kind: "done", message: "The lead is assigned to Sam Stafford." });
      expect(await assign(sam.id, 2)).toEqual({
        kind: "refused",
        field: "assignee",
        message: "It is already assigned to Sam Stafford.",
      });
      // The page was drawn before Sam got it: a conflict, not a silent overwrite.
      expect(await assign(ada.id, 1)).toEqual({
        kind: "conflict",
        what: expect.stringMatching(
          /^Ada Admin assigned this lead to Sam Stafford at .+ while you were looking at it\.$/,
        ),
        yours: "Your change (assigning it to Ada Admin) was not saved.",
      });
      expect(await assign("", 2)).toEqual({ kind: "done", message: "The lead is assigned to nobody now." });
      const lead = await leadNow(id);
      expect(lead).toMatchObject({ assignedTo: null, version: 3 });
      const events = (await eventsOf(id)).sort((a, b) => a.id - b.id);
      expect(events.map((e) => e.detail)).toEqual([
        { from: null, to: sam.id },
        { from: sam.id, to: null },
      ]);
      expect((await auditOf(id, "lead_assigned")).map((a) => a.detail)).toEqual(
        expect.arrayContaining([
          { from: null, to: sam.id },
          { from: sam.id, to: null },
        ]),
      );
      const record = (await loadLeadRecord(db(), id))!;
      expect(record.timeline.slice(0, 2).map((e) => e.sentence)).toEqual([
        "Ada Admin removed the assignment (it was Sam Stafford)",
        "Ada Admin assigned the lead to Sam Stafford",
      ]);
    });
  });

  describe("notes", () => {
    it("adds a note to the timeline; the audit trail records only that one was added", async () => {
      const id = await newLead();
      const text = "Prefers a woman therapist.\nAsked about evening telehealth.";
      expect(await addNote(db(), actor(sam), id, { intent: "note", text })).toEqual({
        kind: "done",
        message: "The note is added.",
      });
      const [event] = await eventsOf(id);
      expect(event).toMatchObject({ kind: "note", actorId: sam.id, detail: { text } });
      const audits = await auditOf(id, "lead_note_added");
      expect(audits).toHaveLength(1);
      expect(audits[0]!.detail).toEqual({});
      const record = (await loadLeadRecord(db(), id))!;
      expect(record.timeline[0]).toMatchObject({ sentence: "Sam Stafford added a note", quote: { text } });
    });

    it("names a former staff member when the account is gone", async () => {
      const [temp] = await addStaff(database(), [
        { name: "Tess Temporary", email: "tess.temp@clinic.example", roles: ["intake"] },
      ]);
      const id = await newLead();
      await addNote(db(), actor(temp!), id, { intent: "note", text: "Called from the front desk." });
      await db().delete(users).where(eq(users.id, temp!.id));
      const record = (await loadLeadRecord(db(), id))!;
      expect(record.timeline[0]!.sentence).toBe("A former staff member added a note");
    });
  });

  describe("possible duplicates", () => {
    it("lists other requests with the same e-mail or phone, newest first, never phone clicks; marks and refuses as the rules say", async () => {
      const email = "jules.marsh@example.com";
      const original = await newLead({ firstName: "Jules", lastName: "Marsh", email, phone: "407-555-0171" }, 48);
      const byPhone = await newLead(
        { firstName: "J", lastName: "Marsh", email: "other.address@example.com", phone: "+1 (407) 555-0171" },
        24,
      );
      const latest = await newLead(
        { firstName: "Jules", lastName: "Marsh", email: "  JULES.MARSH@example.com ", phone: "407 555 0100" },
        1,
      );
      await newLead({
        formType: "phone_click",
        firstName: "Phone",
        lastName: "Click",
        email: "phone-click@tracking.invalid",
        phone: "407-555-0171",
        source: "/",
        details: undefined,
        smsOptIn: "false",
      });
      const record = (await loadLeadRecord(db(), latest))!;
      expect(record.duplicates.map((d) => [d.id, d.name, d.sameBy, d.status])).toEqual([
        [original, "Jules M.", "Same e-mail", "New"],
      ]);
      const first = (await loadLeadRecord(db(), original))!;
      expect(first.duplicates.map((d) => [d.id, d.sameBy])).toEqual([
        [latest, "Same e-mail"],
        [byPhone, "Same phone"],
      ]);

      const mark = (id: string, target: string, version: number) =>
        markDuplicate(db(), actor(sam), id, { intent: "duplicate", target, version });
      expect(await mark(latest, latest, 1)).toEqual({
        kind: "refused",
        field: "target",
        message: "A lead cannot be a duplicate of itself.",
      });
      expect(await mark(latest, "00000000-0000-4000-8000-000000000000", 1)).toMatchObject({
        kind: "refused",
        message: "That lead was not found. It may have been deleted.",
      });
      expect(await mark(latest, original, 1)).toEqual({ kind: "done", message: "The lead is marked as a duplicate." });
      const marked = await leadNow(latest);
      expect(marked).toMatchObject({ status: "duplicate", duplicateOf: original, version: 2 });
      expect((await eventsOf(latest))[0]).toMatchObject({
        kind: "duplicate",
        detail: { target: original, from: "new" },
      });
      expect((await auditOf(latest, "lead_marked_duplicate"))[0]!.detail).toEqual({ duplicateOf: original });
      // The original cannot become a duplicate of its own duplicate.
      expect(await mark(original, latest, 1)).toMatchObject({
        kind: "refused",
        message: "That lead is marked as a duplicate of this one, so this one cannot be its duplicate.",
      });
      expect(await mark(latest, original, 2)).toMatchObject({
        kind: "refused",
        message: "It is already marked as a duplicate of that lead.",
      });
      expect(await mark(latest, byPhone, 1)).toMatchObject({
        kind: "conflict",
        what: expect.stringMatching(
          /^Sam Stafford marked this lead as a duplicate at .+ while you were looking at it\.$/,
        ),
      });

      const again = (await loadLeadRecord(db(), latest))!;
      expect(again.pipeline.duplicateOf).toMatchObject({ id: original, name: "Jules M." });
      expect(again.duplicates.find((d) => d.id === original)?.isOriginal).toBe(true);
      expect(again.timeline[0]).toMatchObject({
        sentence: "Sam Stafford marked this lead as a duplicate of",
        link: { label: "Jules M." },
      });
      expect((await loadLeadRecord(db(), original))!.duplicates.find((d) => d.id === latest)?.isCopy).toBe(true);
      // Leaving "duplicate" clears the mark.
      await changeStatus(db(), actor(sam), latest, { intent: "status", status: "contacted", reason: null, version: 2 });
      expect(await leadNow(latest)).toMatchObject({ status: "contacted", duplicateOf: null });
    });
  });

  describe("the audit of openings", () => {
    it("records an opening once per person while they work on the lead, and again when they come back later", async () => {
      const id = await newLead();
      const t0 = new Date();
      const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
      expect(await recordLeadView(db(), actor(sam), id, t0)).toBe(true);
      // The page reloading after its own form: no new opening.
      expect(await recordLeadView(db(), actor(sam), id, minutes(1))).toBe(false);
      // Another person's look is theirs.
      expect(await recordLeadView(db(), actor(ada), id, minutes(1))).toBe(true);
      // Working on it keeps it one opening: a note at 8 minutes, the reload after it at 12.
      await addNote(db(), actor(sam), id, { intent: "note", text: "Left a voicemail." }, minutes(8));
      expect(await recordLeadView(db(), actor(sam), id, minutes(12))).toBe(false);
      // Back after a break longer than the window: a new opening.
      expect(await recordLeadView(db(), actor(sam), id, minutes(8 + VIEW_WINDOW_MINUTES + 1))).toBe(true);
      const views = await auditOf(id, "lead_viewed");
      expect(views.map((v) => [v.actorId, v.detail])).toEqual([
        [sam.id, {}],
        [ada.id, {}],
        [sam.id, {}],
      ]);
      expect(await recordLeadView(db(), actor(sam), "00000000-0000-4000-8000-000000000000")).toBe(false);
    });
  });

  describe("deletion on request", () => {
    it("deletes the lead, its timeline and notification; leaves no trace of the person anywhere", async () => {
      const person = {
        firstName: "Marisol",
        lastName: "Quillfeather",
        email: "marisol.quillfeather@example.com",
        phone: "(321) 555-0187",
      };
      const id = await newLead(person, 2);
      const copy = await newLead({ ...person, details: { ...ROWAN.details, note: "Second try" } }, 1);
      await changeStatus(db(), actor(sam), id, {
        intent: "status",
        status: "contacted",
        reason: "Marisol prefers Zephyrhills hours",
        version: 1,
      });
      await logContact(db(), actor(sam), id, {
        intent: "contact",
        method: "call",
        outcome: "reached",
        at: null,
        note: "Quillfeather family",
      });
      await addNote(db(), actor(sam), id, { intent: "note", text: "Marisol Quillfeather, (321) 555-0187" });
      await assignLead(db(), actor(sam), id, { intent: "assign", assignee: sam.id, version: 2 });
      await markDuplicate(db(), actor(sam), copy, { intent: "duplicate", target: id, version: 1 });
      await recordLeadView(db(), actor(sam), id);
      expect(await db().select().from(notificationOutbox).where(eq(notificationOutbox.leadId, id))).toHaveLength(1);

      expect(
        await deleteLead(db(), actor(ada), id, { intent: "delete", deletionReason: "requested", confirm: "yes" }),
      ).toEqual({
        kind: "done",
        message: "The lead was deleted.",
      });
      expect(await leadNow(id)).toBeUndefined();
      expect(await eventsOf(id)).toEqual([]);
      expect(await db().select().from(notificationOutbox).where(eq(notificationOutbox.leadId, id))).toEqual([]);
      expect((await leadNow(copy)).duplicateOf).toBeNull();
      const [deleted] = await auditOf(id, "lead_deleted");
      expect(deleted).toMatchObject({ actorId: ada.id, targetType: "lead", detail: { reason: "requested" } });

      // The copy still exists, with the same person: take it away too, then search everything.
      await deleteLead(db(), actor(ada), copy, { intent: "delete", deletionReason: "requested", confirm: "yes" });
      const tables = (await db().execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] };
      expect(tables.rows.map((t) => t.table_name)).toEqual(
        expect.arrayContaining(["leads", "lead_events", "audit_log", "notification_outbox"]),
      );
      const traces = ["Marisol", "Quillfeather", "marisol.quillfeather", "555-0187", "5550187", "Zephyrhills"];
      for (const { table_name } of tables.rows) {
        for (const trace of traces) {
          const found = (await db().execute(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text ilike ${`%${trace}%`}`,
          )) as unknown as { rows: { n: number }[] };
          expect(found.rows[0]!.n, `"${trace}" in ${table_name}`).toBe(0);
        }
      }
      expect(
        await deleteLead(db(), actor(ada), id, { intent: "delete", deletionReason: "requested", confirm: "yes" }),
      ).toEqual({
        kind: "missing",
      });
    });
  });

  describe("the page's action and loader", () => {
    function contextFor(user: User, db: Database = database()) {
      const context = new RouterContextProvider();
      context.set(databaseContext, db);
      context.set(staffContext, { user, session: {} } as unknown as ActiveSession);
      context.set(clientContext, { ip: "127.0.0.1", userAgent: "test" });
      return context;
    }
    const post = (fields: Record<string, string>) =>
      new Request("http://localhost/admin/lead-insights/leads/x", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    async function act(id: string, fields: Record<string, string>, user = sam, db?: Database) {
      const answer = (await leadPageAction(post(fields), contextFor(user, db), id)) as unknown as {
        data: LeadAnswer;
        init: { status: number };
      };
      return { status: answer.init?.status ?? 200, answer: answer.data };
    }
    async function thrown(work: () => Promise<unknown>) {
      try {
        await work();
      } catch (error) {
        return error as { data?: unknown; init?: { status: number }; status?: number; headers?: Headers };
      }
      throw new Error("expected a thrown answer");
    }

    it("refuses a forged status, an overlong note and an unknown intent with 400, keeping what was typed", async () => {
      const id = await newLead();
      const forged = await act(id, { intent: "status", status: "vip", version: "1" });
      expect(forged.status).toBe(400);
      expect(forged.answer.fields.status).toBe("Choose one of the statuses in the list.");
      const long = "a".repeat(2001);
      const overlong = await act(id, { intent: "note", text: long });
      expect(overlong.status).toBe(400);
      expect(overlong.answer.fields.text).toBe("The note must be at most 2000 characters.");
      expect(overlong.answer.values?.text).toBe(long);
      const unknown = await act(id, { intent: "archive" });
      expect(unknown.status).toBe(400);
      expect(unknown.answer.message).toMatch(/could not be understood/);
      const same = await act(id, { intent: "status", status: "new", version: "1" });
      expect(same).toMatchObject({ status: 400, answer: { fields: { status: "It is already New." } } });
      const noVersion = await act(id, { intent: "status", status: "contacted" });
      expect(noVersion.status).toBe(400);
      expect(noVersion.answer.message).toMatch(/reload the page/);
      expect(await eventsOf(id)).toEqual([]);
    });

    it("answers 200 for a change, 409 with both sentences for a stale version, 303 to the inbox after a deletion", async () => {
      const id = await newLead();
      const done = await act(id, { intent: "status", status: "contacted", version: "1" });
      expect(done).toMatchObject({
        status: 200,
        answer: { ok: true, intent: "status", message: "The status is now Contacted." },
      });
      const stale = await act(id, { intent: "status", status: "scheduled", version: "1", reason: "Booked" }, ada);
      expect(stale.status).toBe(409);
      expect(stale.answer.conflict?.what).toMatch(/^Sam Stafford changed this lead to Contacted at /);
      expect(stale.answer.conflict?.yours).toBe("Your change (to Scheduled) was not saved.");
      expect(stale.answer.values).toMatchObject({ status: "scheduled", reason: "Booked" });
      const contact = await act(id, { intent: "contact", method: "call", outcome: "sent", at: "" });
      expect(contact.status).toBe(400);
      expect(contact.answer.fields.outcome).toMatch(/for an e-mail or a text/);
      const future = await act(id, {
        intent: "contact",
        method: "call",
        outcome: "reached",
        at: clinicDateTimeInputValue(new Date(Date.now() + 24 * HOUR)),
      });
      expect(future).toMatchObject({ status: 400, answer: { fields: { at: expect.stringMatching(/still to come/) } } });
      const unconfirmed = await act(id, { intent: "delete", deletionReason: "requested" });
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.answer.fields.confirm).toMatch(/Tick the box/);
      const gone = await thrown(() => act(id, { intent: "delete", deletionReason: "mistake", confirm: "yes" }));
      expect(gone.status).toBe(303);
      expect(gone.headers?.get("location")).toBe("/admin/lead-insights/leads?deleted=1");
      const missing = await thrown(() => act(id, { intent: "note", text: "Too late" }));
      expect(missing.init?.status).toBe(404);
    });

    it("answers 404 for a malformed or unknown id without asking the database about a malformed one", async () => {
      for (const id of ["1", "not-a-uuid", "'; drop table leads; --", "00000000-0000-4000-8000-00000000000g"]) {
        expect((await thrown(() => leadPageData(contextFor(sam), id))).init?.status, id).toBe(404);
        expect((await thrown(() => act(id, { intent: "note", text: "x" }))).init?.status, id).toBe(404);
      }
      const unknown = await thrown(() => leadPageData(contextFor(sam), "00000000-0000-4000-8000-000000000000"));
      expect(unknown.init?.status).toBe(404);
      expect(
        await db().select().from(auditLog).where(eq(auditLog.targetId, "00000000-0000-4000-8000-000000000000")),
      ).toEqual([]);
    });

    it("records the opening in the loader, but not when the same request posted a form", async () => {
      const id = await newLead();
      await leadPageData(contextFor(ada), id);
      expect(await auditOf(id, "lead_viewed")).toHaveLength(1);
      // A no-JavaScript post draws the page again in the same request: that is no new opening.
      const context = contextFor(sam);
      const request = post({ intent: "status", status: "spam", version: "1" });
      await leadPageAction(request, context, id);
      await leadPageData(context, id);
      expect((await auditOf(id, "lead_viewed")).map((v) => v.actorId)).toEqual([ada.id]);
    });
  });
});

describe("a lead's page while the database is away", () => {
  it("answers 503 to a change and to the page, with a clear sentence and nothing half-written", async () => {
    const away = await openTestDatabase("pglite");
    const [sam] = await addStaff(away, [{ name: "Sam Stafford", email: "sam.away@clinic.example", roles: ["intake"] }]);
    const id = await createLead(away.db, leadSchema.parse(ROWAN));
    await away.close();
    const context = new RouterContextProvider();
    context.set(databaseContext, away);
    context.set(staffContext, { user: sam!, session: {} } as unknown as ActiveSession);
    context.set(clientContext, { ip: "127.0.0.1", userAgent: "test" });
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "note", text: "Typed while the database was away" }),
    });
    const answer = (await leadPageAction(request, context, id)) as unknown as {
      data: LeadAnswer;
      init: { status: number };
    };
    expect(answer.init.status).toBe(503);
    expect(answer.data.message).toMatch(/could not save this right now/i);
    expect(answer.data.values?.text).toBe("Typed while the database was away");
    // The page drawn after it in the same request says so at once, without waiting again.
    await expect(leadPageData(context, id)).rejects.toMatchObject({ init: { status: 503 } });
    const fresh = new RouterContextProvider();
    fresh.set(databaseContext, away);
    fresh.set(staffContext, { user: sam!, session: {} } as unknown as ActiveSession);
    fresh.set(clientContext, { ip: "127.0.0.1", userAgent: "test" });
    await expect(leadPageData(fresh, id)).rejects.toMatchObject({ init: { status: 503 } });
  });
});
