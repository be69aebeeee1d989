import { desc, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { googleAdsFixture } from "../setup/google-ads-report";
import { importReport } from "../setup/google-ads-import";
import { startTags } from "../setup/html";
import { textOf } from "../setup/page-text";
import { addStaff, signInCookie } from "../setup/staff";

const CONVERSIONS = "/admin/google-ads/conversions";
const BUDGETS = "/admin/google-ads/budgets";
const MARKETING = { name: "Mara Ads", email: "mara.ads@clinic.example", roles: ["marketing"] as const };

/** People whose names, e-mails and phones must never be in a file for Google. */
const PERSON = (n: number) => ({
  firstName: "Quentin",
  lastName: `Leakcheck${n}`,
  email: `quentin.leakcheck${n}@example.com`,
  phone: `(407) 555-01${String(n).padStart(2, "0")}`,
});

/**
 * The offline conversion file and the budgets through HTTP as a browser
 * posts the forms: checking writes nothing; making a file records what it
 * carries (audited) so the next leaves it out unless asked; the file is
 * Google's template with click ids and times alone.
 */
describe.each(databaseKinds())("Google Ads offline conversions and budgets on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  const db = () => app.database.db;

  beforeAll(async () => {
    app = await startApiApp(kind);
    const [user] = await addStaff(app.database, [MARKETING]);
    cookie = await signInCookie(app.url, MARKETING.email);
    await importReport(db(), user!.id, "week.csv", googleAdsFixture("campaigns-daily.csv"));
    const at = (iso: string) => new Date(iso);
    await db()
      .insert(t.leads)
      .values([
        // Scheduled Mar 10, 2:05 p.m. EDT (clocks went forward on Mar 8): a gclid.
        {
          ...PERSON(1),
          formType: "appointment",
          source: "/",
          status: "scheduled",
          campaign: "Psychiatry - Winter Park",
          attribution: { gclid: "Cj0KCQiA-first_lead" },
          createdAt: at("2026-03-02T16:00:00Z"),
          scheduledAt: at("2026-03-10T18:05:00Z"),
        },
        // Scheduled and a patient, from an iPhone: a wbraid.
        {
          ...PERSON(2),
          formType: "appointment",
          source: "/",
          status: "patient",
          attribution: { wbraid: "WBRAIDsecond-lead" },
          createdAt: at("2026-03-03T16:00:00Z"),
          scheduledAt: at("2026-03-05T15:30:00Z"),
          becamePatientAt: at("2026-03-12T19:00:00Z"),
        },
        // A patient too late for Google: more than 90 days after the click.
        {
          ...PERSON(3),
          formType: "appointment",
          source: "/",
          status: "patient",
          attribution: { gclid: "Cj0KCQiA-too_late" },
          createdAt: at("2025-11-20T16:00:00Z"),
          scheduledAt: at("2025-11-25T15:00:00Z"),
          becamePatientAt: at("2026-03-06T15:00:00Z"),
        },
        // A click id no one but a tamperer would send.
        {
          ...PERSON(4),
          formType: "appointment",
          source: "/",
          status: "scheduled",
          attribution: { gclid: '=HYPERLINK("x")' },
          createdAt: at("2026-03-04T16:00:00Z"),
          scheduledAt: at("2026-03-06T15:00:00Z"),
        },
        // Scheduled without any Google click: not Google's to know.
        {
          ...PERSON(5),
          formType: "hero",
          source: "/",
          status: "scheduled",
          createdAt: at("2026-03-04T16:00:00Z"),
          scheduledAt: at("2026-03-06T15:00:00Z"),
        },
        // Spam is never sent.
        {
          ...PERSON(6),
          formType: "hero",
          source: "/",
          status: "spam",
          attribution: { gclid: "Cj0KCQiA-spam_lead" },
          createdAt: at("2026-03-04T16:00:00Z"),
          scheduledAt: at("2026-03-06T15:00:00Z"),
        },
      ]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  };
  const FORM = {
    from: "2026-03-01",
    to: "2026-03-31",
    kinds: ["scheduled", "patient"],
    scheduledName: "Appointment scheduled",
    patientName: "New patient",
    scheduledValue: "",
    patientValue: "",
    currency: "",
  };
  const exports = () => db().select().from(t.adConversionExports).orderBy(t.adConversionExports.id);
  const auditTrail = () =>
    db().select().from(t.auditLog).where(like(t.auditLog.action, "ad_%")).orderBy(desc(t.auditLog.id));
  const fileHref = (html: string) =>
    startTags(html, "a").find((a) => a.href?.startsWith(`${CONVERSIONS}/`) && a.download !== undefined)?.href;

  it("checks a period without writing, then makes Google's file of click ids and times alone, recorded and audited", async () => {
    const audited = (await auditTrail()).length;
    const checked = await post(CONVERSIONS, { intent: "check", ...FORM });
    expect(checked.status).toBe(200);
    const words = textOf(await checked.text());
    expect(words).toContain("Mar 1 – Mar 31, 2026: a file would carry 3 conversions. Nothing is made yet.");
    expect(words).toContain("2 scheduled and 1 new patient from a Google ad click.");
    expect(words).toContain("1 left out: more than 90 days after the click, which Google no longer takes.");
    expect(words).toContain("1 left out: the click id is not one of Google's.");
    expect(await exports()).toEqual([]);
    expect(await auditTrail()).toHaveLength(audited);

    const made = await post(CONVERSIONS, { intent: "prepare", ...FORM, patientValue: "450", currency: "usd" });
    expect(made.status).toBe(200);
    const html = await made.text();
    expect(textOf(html)).toContain(
      "Your file is ready: 3 conversions of Mar 1 – Mar 31, 2026. Upload it in Google Ads under Goals, then Conversions, then Uploads.",
    );
    const href = fileHref(html)!;
    const file = await fetch(`${app.url}${href}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="google-ads-offline-conversions-2026-03-01-to-2026-03-31-\d+\.csv"$/,
    );
    const text = await file.text();
    expect(text).toBe(
      [
        "Parameters:TimeZone=America/New_York",
        "Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
        ",,WBRAIDsecond-lead,Appointment scheduled,2026-03-05 10:30:00,,",
        "Cj0KCQiA-first_lead,,,Appointment scheduled,2026-03-10 14:05:00,,",
        ",,WBRAIDsecond-lead,New patient,2026-03-12 15:00:00,450.00,USD",
        "",
      ].join("\r\n"),
    );
    for (let n = 1; n <= 6; n++) {
      for (const word of Object.values(PERSON(n))) expect(text).not.toContain(word);
    }
    const [record] = await exports();
    expect(record).toMatchObject({
      periodStart: "2026-03-01",
      periodEnd: "2026-03-31",
      rowCount: 3,
      includedEarlier: false,
    });
    const [entry] = await auditTrail();
    expect(entry).toMatchObject({
      action: "ad_conversions_exported",
      actorEmail: MARKETING.email,
      targetId: String(record!.id),
    });
    expect(entry!.detail).toEqual({
      periodStart: "2026-03-01",
      periodEnd: "2026-03-31",
      rows: 3,
      scheduled: 2,
      patients: 1,
      includedEarlier: false,
      names: ["Appointment scheduled", "New patient"],
    });
  });

  it("leaves out what a file carried before, unless asked; the earlier file downloads again unchanged", async () => {
    const [first] = await exports();
    const again = await post(CONVERSIONS, { intent: "prepare", ...FORM });
    expect(again.status).toBe(200);
    const words = textOf(await again.text());
    expect(words).toContain(
      "Mar 1 – Mar 31, 2026: there is nothing to send that was not sent before, so no file was made.",
    );
    expect(words).toContain("3 left out: sent in a file before.");
    expect(await exports()).toHaveLength(1);

    const asked = await post(CONVERSIONS, { intent: "prepare", ...FORM, kinds: ["patient"], includeEarlier: "1" });
    const html = await asked.text();
    expect(textOf(html)).toContain("Your file is ready: 1 conversion of Mar 1 – Mar 31, 2026.");
    const text = await (await fetch(`${app.url}${fileHref(html)}`, { headers: { cookie } })).text();
    expect(text.split("\r\n").slice(2, -1)).toEqual([",,WBRAIDsecond-lead,New patient,2026-03-12 15:00:00,,"]);
    expect(await exports()).toHaveLength(2);
    const firstAgain = await (await fetch(`${app.url}${CONVERSIONS}/${first!.id}`, { headers: { cookie } })).text();
    expect(firstAgain.split("\r\n")).toHaveLength(6);
    expect((await fetch(`${app.url}${CONVERSIONS}/999999`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${app.url}${CONVERSIONS}/abc`, { headers: { cookie } })).status).toBe(404);
  });

  it("refuses what Google could not take or a spreadsheet would run, naming the field (400), and makes nothing", async () => {
    const before = (await exports()).length;
    const cases: [Record<string, string | string[]>, string][] = [
      [{ kinds: [] }, "Choose at least one: scheduled, or became a patient."],
      [{ scheduledName: '=HYPERLINK("http://x")' }, "Start the name with a letter or digit, as Google Ads names are."],
      [
        { patientName: "Appointment scheduled" },
        "Use another name than for scheduled: each outcome is its own conversion action in Google Ads.",
      ],
      [{ to: "2099-01-01" }, "The last day is in the future: choose today or earlier."],
      [{ from: "2026-03-31", to: "2026-03-01" }, "The last day is before the first day."],
      [{ patientValue: "lots", currency: "USD" }, "Write an amount in USD, such as 150 or 150.00, or leave it empty."],
      [{ patientValue: "100" }, "Choose the currency of the values (or leave the values empty)."],
      [{ currency: "XYZ" }, "Use a currency code of three letters, such as USD."],
    ];
    for (const [change, sentence] of cases) {
      const res = await post(CONVERSIONS, { intent: "prepare", ...FORM, ...change });
      expect(res.status, sentence).toBe(400);
      expect(textOf(await res.text()), sentence).toContain(sentence);
    }
    expect((await post(CONVERSIONS, { intent: "send-everything" })).status).toBe(400);
    expect(await exports()).toHaveLength(before);
  });

  it("sets a monthly budget, audited with before and after; refuses an amount it cannot read", async () => {
    const set = await post(BUDGETS, { intent: "set", scope: "account", month: "2026-03", amount: "$3,000" });
    expect(set.status).toBe(200);
    expect(textOf(await set.text())).toContain("Saved: $3,000.00 a month for the whole account, from March 2026 on.");
    const page = textOf(await (await fetch(`${app.url}${BUDGETS}?month=2026-03`, { headers: { cookie } })).text());
    expect(page).toContain("The whole account $3,000.00 $1,932.98");
    const same = await post(BUDGETS, { intent: "set", scope: "account", month: "2026-03", amount: "3000.00" });
    expect(textOf(await same.text())).toContain(
      "Nothing changed: that is already the budget for the whole account in March 2026.",
    );
    const bad = await post(BUDGETS, { intent: "set", scope: "account", month: "2026-13", amount: "-5" });
    expect(bad.status).toBe(400);
    const words = textOf(await bad.text());
    expect(words).toContain("Choose a month, such as 2026-11 (from 2000 to a year from now).");
    expect(words).toContain("Write the amount a month in USD, such as 1500 or 1,500.00 (empty removes the budget).");
    const gone = await post(BUDGETS, { intent: "set", scope: "999999", month: "2026-03", amount: "10" });
    expect(gone.status).toBe(404);
    const removed = await post(BUDGETS, { intent: "set", scope: "account", month: "2026-04", amount: "" });
    expect(textOf(await removed.text())).toContain("Removed the budget for the whole account from April 2026 on.");
    const budgetEntries = (await auditTrail()).filter((e) => e.action === "ad_budget_changed");
    expect(budgetEntries.map((e) => e.detail)).toEqual([
      { scope: "the whole account", month: "2026-04", before: "$3,000.00", after: null },
      { scope: "the whole account", month: "2026-03", before: null, after: "$3,000.00" },
    ]);
  });
});
