import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, notificationOutbox } from "../../app/db/schema";
import { startApiApp, type ApiApp } from "../setup/api-app";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        if (options.reject) return callback(new Error("mailbox unavailable"));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lead = {
  firstName: "Jordan",
  lastName: "Examplesson",
  email: "jordan.examplesson@example.com",
  phone: "407-555-0177",
  service: "Depression Treatment",
  formType: "hero",
  source: "/",
  smsOptIn: "false",
};

/** The Subject header, decoded from RFC 2047 Q or B encoding. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, " ");
  return header
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}

async function postLead(app: ApiApp, body: object) {
  return fetch(`${app.url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
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
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: ApiApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startApiApp("pglite", {
      SMTP_URL: smtp.url,
      NOTIFY_TO: "intake@cypresslane.example",
      PUBLIC_URL: "https://clinic.example",
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("e-mails the intake address with a sign-in link and no personal or health data", async () => {
    expect((await postLead(app, lead)).status).toBe(201);
    const mail = await waitFor(() => smtp.received[0]);
    const [row] = await app.database.db.select().from(leads).where(eq(leads.email, lead.email));
    expect(mail.to).toEqual(["intake@cypresslane.example"]);
    expect(subjectOf(mail.raw)).toBe("New appointment request — sign in to view");
    const body = mail.raw.replace(/=\r?\n/g, "");
    expect(body).toContain(`https://clinic.example/admin/leads/${row!.id}`);
    for (const secret of ["Jordan", "Examplesson", "jordan.examplesson", "555-0177", "Depression"]) {
      expect(mail.raw).not.toContain(secret);
    }
    const [outbox] = await app.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.leadId, row!.id));
    expect(outbox!.outcome).toBe("sent");
    expect(outbox!.sentAt).not.toBeNull();
  });

  it("sends nothing for a phone click", async () => {
    const before = smtp.received.length;
    const res = await postLead(app, {
      firstName: "Phone",
      lastName: "Click",
      email: "phone-click@tracking.invalid",
      phone: "+14075550142",
      formType: "phone_click",
      source: "/",
      smsOptIn: "false",
    });
    expect(res.status).toBe(201);
    await postLead(app, { ...lead, email: "second@example.com" });
    await waitFor(() => (smtp.received.length > before ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before + 1);
  });
});

describe("when the mail server refuses", () => {
  it("keeps the notification queued with the reason and tries again later; the visitor still gets 201", async () => {
    const smtp = await startSmtp({ reject: true });
    const app = await startApiApp("pglite", { SMTP_URL: smtp.url, NOTIFY_TO: "intake@cypresslane.example" });
    try {
      expect((await postLead(app, lead)).status).toBe(201);
      const row = await waitFor(async () => {
        const [r] = await app.database.db.select().from(notificationOutbox);
        return r?.outcome ? r : undefined;
      });
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.outcome).toMatch(/mailbox unavailable/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(app.logs()).toContain("staff notification failed; will retry");
    } finally {
      await app.stop();
      await smtp.close();
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
