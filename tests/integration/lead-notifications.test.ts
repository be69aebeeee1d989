import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, notificationOutbox } from "~/db/schema";
import { PHONE_CLICK_LEAD } from "~/features/leads/lead-constants";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { HERO_LEAD } from "../setup/leads";
import { startSmtpSink, type SmtpSink } from "../setup/smtp-sink";

const lead = HERO_LEAD;

function postLead(app: ApiApp, body: object) {
  return app.postJson("/api/leads", body);
}

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("staff notification of a new lead", () => {
  let smtp: SmtpSink;
  let app: ApiApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startApiApp("pglite", {
      SMTP_URL: smtp.url,
      NOTIFY_TO: "intake@cypresslane.example",
      PUBLIC_URL: "https://clinic.example",
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it("e-mails the intake address with a sign-in link and no personal or health data", async () => {
    expect((await postLead(app, lead)).status).toBe(201);
    const mail = await smtp.waitFor("intake@cypresslane.example");
    const [row] = await app.database.db.select().from(leads).where(eq(leads.email, lead.email));
    expect(mail.to).toEqual(["intake@cypresslane.example"]);
    expect(mail.subject).toBe("New appointment request — sign in to view");
    // The lead's own page, by its random id (tests/e2e/staff-overview-audit.test.ts follows it after signing in).
    expect(mail.text).toContain(`https://clinic.example/admin/lead-insights/leads/${row!.id}`);
    // HERO_LEAD's person, contact and service.
    for (const secret of ["Avery", "Quinn", "Testperson", "avery.quinn", "555-0199", "Anxiety"]) {
      expect(mail.raw).not.toContain(secret);
    }
    // The row is marked once the server has accepted the message.
    const outbox = await waitFor(async () => {
      const [r] = await app.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.leadId, row!.id));
      return r?.sentAt ? r : undefined;
    });
    expect(outbox.outcome).toBe("sent");
  });

  it("sends nothing for a phone click", async () => {
    const before = smtp.mails.length;
    const res = await postLead(app, {
      ...PHONE_CLICK_LEAD,
      phone: "+14075550142",
      formType: "phone_click",
      source: "/",
      smsOptIn: "false",
    });
    expect(res.status).toBe(201);
    // Then a lead that is notified. The notifier sends its queue in order, so once this one's
    // e-mail has gone, one for the phone click (queued first) would have gone before it.
    expect((await postLead(app, { ...lead, email: "second@example.com" })).status).toBe(201);
    const [second] = await app.database.db.select().from(leads).where(eq(leads.email, "second@example.com"));
    await waitFor(async () => {
      const [r] = await app.database.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.leadId, second!.id));
      return r?.sentAt ? r : undefined;
    });
    expect(smtp.mails.length).toBe(before + 1);
    const [click] = await app.database.db.select().from(leads).where(eq(leads.email, PHONE_CLICK_LEAD.email));
    expect(
      await app.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.leadId, click!.id)),
    ).toEqual([]);
  });
});

describe("when the mail server refuses", () => {
  it("keeps the notification queued with the reason and tries again later; the visitor still gets 201", async () => {
    const smtp = await startSmtpSink({ refuse: true });
    const app = await startApiApp("pglite", { SMTP_URL: smtp.url, NOTIFY_TO: "intake@cypresslane.example" });
    try {
      const before = Date.now();
      expect((await postLead(app, lead)).status).toBe(201);
      const row = await waitFor(async () => {
        const [r] = await app.database.db.select().from(notificationOutbox);
        return r?.outcome ? r : undefined;
      });
      const after = Date.now();
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.outcome).toMatch(/mailbox unavailable/);
      // The first retry is a minute after the failure, which came between `before` and `after`.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 60_000);
      expect(app.logs()).toContain("staff notification failed; will retry");
    } finally {
      await app.stop();
      await smtp.stop();
    }
  });
});

describe("without SMTP settings", () => {
  it("logs one line per lead saying no notification was sent", async () => {
    const app = await startApiApp("pglite");
    try {
      expect((await postLead(app, lead)).status).toBe(201);
      expect((await postLead(app, { ...lead, email: "other@example.com" })).status).toBe(201);
      await waitFor(() => (app.logs().split("notification not sent").length - 1 >= 2 ? true : undefined));
      expect(app.logs().split("notification not sent").length - 1).toBe(2);
      const rows = await app.database.db.select().from(notificationOutbox);
      expect(rows.map((r) => r.outcome)).toEqual(["skipped", "skipped"]);
      expect(app.logs()).not.toContain("Jordan");
    } finally {
      await app.stop();
    }
  });
});
