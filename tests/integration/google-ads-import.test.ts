import { desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { ADS_UPLOAD_MAX_BYTES } from "~/lib/upload-limits";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { adsExcelCsv, campaignReport, googleAdsFixture } from "../setup/google-ads-report";
import { startTags } from "../setup/html";
import { textOf } from "../setup/page-text";
import { addStaff, signInCookie } from "../setup/staff";

const IMPORT = "/admin/google-ads/import";
const MARKETING = { name: "Mara Ads", email: "mara.ads@clinic.example", roles: ["marketing"] as const };
const ADMIN = { name: "Ada Admin", email: "ada.admin@clinic.example", roles: ["admin"] as const };

/**
 * The import through HTTP as a browser without JavaScript posts it
 * (multipart), against the real server on loopback: the preview writes
 * nothing, saving commits the file whole and audited, the same file again
 * changes nothing, a newer file for the same days replaces them, bad files
 * get a sentence per bad line with nothing stored, 413 and 415 at the door.
 */
describe.each(databaseKinds())("Google Ads import on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let adminCookie: string;
  const db = () => app.database.db;

  beforeAll(async () => {
    app = await startApiApp(kind);
    await addStaff(app.database, [MARKETING, ADMIN]);
    cookie = await signInCookie(app.url, MARKETING.email);
    adminCookie = await signInCookie(app.url, ADMIN.email);
  });
  afterAll(async () => {
    await app?.stop();
  });
  beforeEach(async () => {
    await db().delete(t.uploadPreviews);
    await db().delete(t.adCampaigns);
    await db().delete(t.adImports);
  });

  function post(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }, as = cookie) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
    return fetch(`${app.url}${IMPORT}`, { method: "POST", headers: { cookie: as, origin: app.url }, body: form });
  }
  const preview = (name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
    post({ intent: "preview", ...fields }, { name, bytes });
  const previewIdOf = (html: string) => startTags(html, "input").find((input) => input.name === "previewId")?.value;
  async function importFile(name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
    const shown = await preview(name, bytes, fields);
    const html = await shown.text();
    expect(shown.status, textOf(html).slice(0, 1500)).toBe(200);
    const saved = await post({ intent: "save", previewId: previewIdOf(html)! });
    const words = textOf(await saved.text());
    expect(saved.status, words.slice(0, 1500)).toBe(200);
    return { preview: textOf(html), saved: words };
  }
  const days = () => db().select().from(t.adCampaignDays).orderBy(t.adCampaignDays.day, t.adCampaignDays.campaignId);
  const campaigns = () => db().select().from(t.adCampaigns).orderBy(t.adCampaigns.name);
  const auditTrail = () =>
    db().select().from(t.auditLog).where(like(t.auditLog.action, "ad_%")).orderBy(desc(t.auditLog.id));
  const costOf = async () => (await days()).reduce((sum, row) => sum + row.costMicros, 0);

  it("previews a report without storing anything, then saves it whole and audited; a second save stores nothing more", async () => {
    const shown = await preview("Campaign report.csv", googleAdsFixture("campaigns-daily.csv"));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const html = await shown.text();
    const words = textOf(html);
    expect(words).toContain(
      "Read 21 campaign days of 3 campaigns, Mar 1 – Mar 7, 2026. Nothing is saved yet: check the preview below, then save it.",
    );
    expect(words).toContain('Days Mar 1 – Mar 7, 2026 (from the file\'s dates line ("March 1, 2026 - March 7, 2026"))');
    expect(words).toContain("Currency USD (from the file's Currency code column)");
    expect(words).toContain("Campaigns 3 (all new here)");
    expect(words).toContain("In all $1,932.98, 530 clicks, 17,787 impressions, 58.88 conversions by Google's count");
    expect(words).toContain(
      "The file's own total (Total: Campaigns, line 26) agrees with its rows to the cent: $1,932.98, 530 clicks, 17,787 impressions.",
    );
    expect(words).toContain(
      "Google's account total (line 25) is $12.34 more than the campaigns in the file: campaigns hidden by a filter in Google Ads are not in it.",
    );
    expect(words).toContain("Nothing is stored for these campaigns and days yet: saving adds them.");
    expect(await campaigns()).toEqual([]);
    expect(await days()).toEqual([]);
    expect(await db().select().from(t.adImports)).toEqual([]);

    const previewId = previewIdOf(html)!;
    const saved = await post({ intent: "save", previewId });
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain(
      "Saved: 21 campaign days of 3 campaigns, Mar 1 – Mar 7, 2026, $1,932.98.",
    );
    expect((await campaigns()).map((c) => [c.name, c.googleId])).toEqual([
      ["ADHD Evaluation - Orlando", "21456789013"],
      ["Brand - Clinic Name", "21456789014"],
      ["Psychiatry - Winter Park", "21456789012"],
    ]);
    expect(await days()).toHaveLength(21);
    expect(await costOf()).toBe(1_932_980_000);
    const [imported] = await db().select().from(t.adImports);
    expect(imported).toMatchObject({
      kind: "campaigns",
      periodStart: "2026-03-01",
      periodEnd: "2026-03-07",
      fileName: "Campaign report.csv",
      rowCount: 21,
      campaignCount: 3,
      costMicros: 1_932_980_000,
      currency: "USD",
    });
    const [entry] = await auditTrail();
    expect(entry).toMatchObject({
      action: "ad_report_imported",
      actorEmail: MARKETING.email,
      targetId: String(imported!.id),
    });
    expect(entry!.detail).toMatchObject({
      kind: "campaigns",
      periodStart: "2026-03-01",
      periodEnd: "2026-03-07",
      currency: "USD",
      before: null,
      after: { rows: 21, impressions: 17_787, clicks: 530, costMicros: 1_932_980_000 },
    });

    // The button pressed twice: stored once.
    const again = await post({ intent: "save", previewId });
    expect(again.status).toBe(200);
    expect(textOf(await again.text())).toContain("This file was already saved: 21 campaign days of 3 campaigns");
    expect(await days()).toHaveLength(21);
    expect((await auditTrail()).filter((e) => e.targetId === String(imported!.id))).toHaveLength(1);
    // Only its maker can save a preview.
    const other = await preview("Campaign report.csv", googleAdsFixture("campaigns-daily.csv"));
    const otherSave = await post(
      { intent: "save", previewId: previewIdOf(await other.text())! },
      undefined,
      adminCookie,
    );
    expect(otherSave.status).toBe(404);
  });

  it("stores the same figures from the Excel .csv (UTF-16, tabs) as from the .csv", async () => {
    const stored = async () => {
      const names = new Map((await campaigns()).map((c) => [c.id, c.name]));
      return (await days()).map(({ importId: _, campaignId, ...row }) => ({ campaign: names.get(campaignId), ...row }));
    };
    await importFile("a.csv", googleAdsFixture("campaigns-daily.csv"));
    const fromCsv = await stored();
    await db().delete(t.adCampaigns);
    await importFile("b.csv", googleAdsFixture("campaigns-daily-excel.csv"));
    expect(await stored()).toEqual(fromCsv);
    expect(fromCsv).toHaveLength(21);
    expect(await costOf()).toBe(1_932_980_000);
  });

  it("re-importing the same file changes nothing; a newer file for the same days replaces them, other campaigns kept", async () => {
    await importFile("week.csv", googleAdsFixture("campaigns-daily.csv"));
    const first = (await days()).map(({ importId: _, ...row }) => row);
    const again = await importFile("week.csv", googleAdsFixture("campaigns-daily.csv"));
    expect(again.preview).toContain(
      "What is stored for these campaigns and days adds up to exactly this file's figures ($1,932.98): saving it again changes nothing.",
    );
    expect(again.saved).toContain("It replaced 21 stored before for the same days.");
    expect((await days()).map(({ importId: _, ...row }) => row)).toEqual(first);

    // Google corrected two days of one campaign (invalid clicks credited), and it had no impressions on Mar 7.
    const newer = campaignReport([
      "2026-03-01,Psychiatry - Winter Park,21456789012,Enabled,USD,900,30,3.33%,3.37,101.10,3.33",
      "2026-03-02,Psychiatry - Winter Park,21456789012,Enabled,USD,957,34,3.55%,3.37,114.65,3.78",
      '2026-03-03,Psychiatry - Winter Park,21456789012,Enabled,USD,"1,014",37,3.65%,3.37,124.83,4.11',
      '2026-03-04,Psychiatry - Winter Park,21456789012,Enabled,USD,"1,071",40,3.73%,3.38,135.01,4.44',
      '2026-03-05,Psychiatry - Winter Park,21456789012,Enabled,USD,"1,128",43,3.81%,3.38,145.19,4.78',
      '2026-03-06,Psychiatry - Winter Park,21456789012,Enabled,USD,"1,185",45,3.80%,3.37,151.84,5.00',
      'Total: Campaigns,,,,USD,"6,255",229,3.66%,3.38,772.62,25.44',
    ]);
    const replaced = await importFile("newer.csv", newer);
    expect(replaced.preview).toContain(
      "Saving replaces the 7 campaign days stored now for these campaigns (Mar 1 – Mar 7, 2026), $945.07 in all. Nothing is added twice; other campaigns are kept.",
    );
    const psychiatry = (await campaigns()).find((c) => c.name.startsWith("Psychiatry"))!;
    const itsDays = (await days()).filter((d) => d.campaignId === psychiatry.id);
    expect(itsDays.map((d) => [d.day, d.costMicros])).toEqual([
      ["2026-03-01", 101_100_000],
      ["2026-03-02", 114_650_000],
      ["2026-03-03", 124_830_000],
      ["2026-03-04", 135_010_000],
      ["2026-03-05", 145_190_000],
      ["2026-03-06", 151_840_000],
    ]);
    // The other two campaigns' 14 days are as they were.
    expect(await days()).toHaveLength(20);
    expect(await costOf()).toBe(1_932_980_000 - 945_070_000 + 772_620_000);
    const [entry] = await auditTrail();
    expect(entry!.detail).toMatchObject({
      before: { rows: 7, costMicros: 945_070_000 },
      after: { rows: 6, costMicros: 772_620_000 },
    });
  });

  it("imports the search terms report, and a newer one for the same campaigns and days replaces it", async () => {
    const { preview: words } = await importFile("Search terms report.csv", googleAdsFixture("search-terms.csv"));
    expect(words).toContain("Read 7 search terms of 3 campaigns, Mar 1 – Mar 7, 2026.");
    expect(words).toContain(
      "Google does not name the searches too few people made: together they cost $52.66 (line 12). They are counted in the campaign report, not listed here.",
    );
    const terms = await db().select().from(t.adSearchTerms).orderBy(t.adSearchTerms.id);
    expect(terms).toHaveLength(7);
    expect(terms[4]).toMatchObject({
      searchTerm: "adult adhd test, orlando fl",
      matchType: "Phrase match",
      adGroup: "ADHD testing",
      periodStart: "2026-03-01",
      periodEnd: "2026-03-07",
      costMicros: 119_140_000,
      conversionsHundredths: 200,
    });
    // The campaigns are the same ones the campaign report names, found by name.
    await importFile("week.csv", googleAdsFixture("campaigns-daily.csv"));
    expect(await campaigns()).toHaveLength(3);
    const again = await importFile(
      "terms.csv",
      new TextEncoder().encode(
        [
          "Search terms report",
          '"March 1, 2026 - March 7, 2026"',
          "Search term,Match type,Campaign,Ad group,Clicks,Impr.,Currency code,Cost",
          "psychiatrist winter park,Exact match,Psychiatry - Winter Park,Psychiatrists,60,480,USD,208.00",
          "",
        ].join("\r\n"),
      ),
    );
    expect(again.preview).toContain(
      "Saving replaces the 3 search terms stored now for these campaigns (Mar 1 – Mar 7, 2026)",
    );
    const left = await db().select().from(t.adSearchTerms);
    expect(left).toHaveLength(5);
    expect(left.reduce((sum, row) => sum + row.costMicros, 0)).toBe(867_190_000 - 436_320_000 + 208_000_000);
  });

  it("answers bad files with the reason on each bad line and stores nothing: 400, 415 for no text, never a 500", async () => {
    const audited = (await auditTrail()).length;
    const cases: [string, Uint8Array, number, string][] = [
      [
        "quote.csv",
        campaignReport(['2026-03-01,"Broken,1,Enabled,USD,10,1,10.00%,1.00,1.00']),
        400,
        "quote.csv, line 4: a quoted value is never closed (a quote mark is missing).",
      ],
      [
        "currency.csv",
        campaignReport(["2026-03-01,A,1,Enabled,ABC,10,1,10.00%,1.00,1.00,1.00"]),
        400,
        'currency.csv, line 4, column Currency code: "ABC" is not a currency code we know (Google Ads writes three letters, such as USD).',
      ],
      [
        "dates.csv",
        campaignReport(["2026-04-01,A,1,Enabled,USD,10,1,10.00%,1.00,1.00,1.00"]),
        400,
        'dates.csv, line 4, column Day: 2026-04-01 is outside the report\'s own dates ("March 1, 2026 - March 7, 2026", line 2).',
      ],
      [
        "keywords.csv",
        new TextEncoder().encode(
          "Search keyword report\r\nAll time\r\nKeyword,Campaign,Clicks,Impr.,Cost\r\nx,A,1,1,1.00\r\n",
        ),
        400,
        "keywords.csv, line 3: this is a Google Ads keywords report (it has a Keyword column). Upload the campaign report or the search terms report.",
      ],
      [
        "report.xlsx",
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
        415,
        'report.xlsx: this is an Excel workbook (.xlsx) or a zip file, not a CSV file. In Google Ads choose Download, then ".csv" or "Excel .csv".',
      ],
    ];
    for (const [name, bytes, status, sentence] of cases) {
      const res = await preview(name, bytes);
      expect(res.status, name).toBe(status);
      const words = textOf(await res.text());
      expect(words, name).toContain(
        "This file could not be imported, and nothing was stored. Here is what needs fixing:",
      );
      expect(words, name).toContain(sentence);
    }
    const empty = await post({ intent: "preview" }, { name: "empty.csv", bytes: new Uint8Array() });
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain(
      'The file has nothing in it. In Google Ads choose Download, then ".csv" or "Excel .csv", and upload that file.',
    );
    const none = await post({ intent: "preview" });
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain('Choose the file Google Ads downloaded (".csv" or "Excel .csv").');
    const noCurrency = await preview(
      "nocur.csv",
      adsExcelCsv([
        ["Campaign report"],
        ["All time"],
        ["Day", "Campaign", "Impr.", "Clicks", "Cost"],
        ["2026-03-02", "A", "10", "1", "1.00"],
      ]),
    );
    expect(noCurrency.status).toBe(400);
    expect(textOf(await noCurrency.text())).toContain(
      "The file has no Currency code column: choose the account's currency (Google Ads shows it under Admin, then Account settings).",
    );
    expect((await post({ intent: "save", previewId: "not-a-preview" })).status).toBe(400);
    expect((await post({ intent: "import-everything" })).status).toBe(400);
    expect(await campaigns()).toEqual([]);
    expect(await db().select().from(t.uploadPreviews)).toEqual([]);
    expect(await auditTrail()).toHaveLength(audited);
  });

  it("keeps one currency: a file in another one than the stored figures' is refused, and the chosen currency is used when a file has none", async () => {
    await importFile("week.csv", googleAdsFixture("campaigns-daily.csv"));
    const euros = await preview("eur.csv", campaignReport(["2026-03-02,A,1,Enabled,EUR,10,1,10.00%,1.00,1.00,1.00"]));
    expect(euros.status).toBe(400);
    expect(textOf(await euros.text())).toContain(
      "eur.csv: its figures are in EUR, but the figures stored so far are in USD. One account's reports only, please: an account keeps one currency.",
    );
    const noColumn = adsExcelCsv([
      ["Campaign report"],
      ["All time"],
      ["Day", "Campaign", "Impr.", "Clicks", "Cost"],
      ["2026-03-02", "New one", "10", "1", "1.00"],
    ]);
    const { preview: words } = await importFile("usd.csv", noColumn);
    expect(words).toContain(
      "Currency USD (the currency of the figures stored so far (the file has no Currency code column))",
    );
  });

  it("refuses a body past the upload bound (413) and one that is not a form (415)", async () => {
    const big = new Uint8Array(ADS_UPLOAD_MAX_BYTES + 1024).fill(0x61);
    const tooLarge = await preview("big.csv", big);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe("These files are too large to upload here (the limit is 25 MB).");
    const fiftyMb = await preview("fifty.csv", new Uint8Array(50 * 1024 * 1024).fill(0x61));
    expect(fiftyMb.status).toBe(413);
    const json = await fetch(`${app.url}${IMPORT}`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/json" },
      body: JSON.stringify({ intent: "preview" }),
    });
    expect(json.status).toBe(415);
    expect(await campaigns()).toEqual([]);
  });

  it("says when a saved preview's campaigns would go to the wrong place: several stored campaigns of one name", async () => {
    await db()
      .insert(t.adCampaigns)
      .values([
        { googleId: "1", name: "Twin" },
        { googleId: "2", name: "Twin" },
      ]);
    const res = await preview(
      "twin.csv",
      adsExcelCsv([
        ["Campaign report"],
        ["All time"],
        ["Day", "Campaign", "Currency code", "Impr.", "Clicks", "Cost"],
        ["2026-03-02", "Twin", "USD", "10", "1", "1.00"],
      ]),
    );
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain(
      'twin.csv, line 4, column Campaign: several campaigns stored here are named "Twin": add the Campaign ID column in Google Ads so this row goes to the right one.',
    );
    expect(await db().select().from(t.adCampaignDays).where(eq(t.adCampaignDays.day, "2026-03-02"))).toEqual([]);
  });
});
