import { describe, expect, it } from "vitest";
import { adsCsv, adsExcelCsv, campaignReport, googleAdsFixture } from "../../../tests/setup/google-ads-report";
import { problemText } from "~/lib/upload-problems";
import { readAdsReport, type ReportReading } from "./read-report.server";

const NOW = new Date("2026-11-26T15:00:00Z");
const read = (name: string, bytes: Uint8Array) => readAdsReport({ name, bytes }, { now: NOW });
/** The reading's problems as the page shows them. */
const problems = (reading: ReportReading) => (reading.ok ? [] : reading.problems.map(problemText));
const ok = (reading: ReportReading) => {
  expect(problems(reading)).toEqual([]);
  if (!reading.ok) throw new Error("not read");
  return reading.report;
};
const row = (
  day: string,
  name: string,
  id: string,
  impressions: string,
  clicks: string,
  ctr: string,
  cpc: string,
  cost: string,
  conversions = "1.00",
  currency = "USD",
) =>
  [day, name, id, "Enabled", currency, impressions, clicks, ctr, cpc, cost, conversions]
    .map((v) => (v.includes(",") ? `"${v}"` : v))
    .join(",");

describe("reading a Google Ads report", () => {
  it("reads the daily campaign report as downloaded (.csv): title, dates, every row, '--', thousands, totals that agree", () => {
    const report = ok(read("Campaign report.csv", googleAdsFixture("campaigns-daily.csv")));
    expect(report).toMatchObject({
      kind: "campaigns",
      format: ".csv (UTF-8, commas)",
      title: "Campaign report",
      dateLine: { line: 2, text: "March 1, 2026 - March 7, 2026", period: { start: "2026-03-01", end: "2026-03-07" } },
      byDay: true,
      currency: "USD",
      hasConversions: true,
    });
    expect(report.rows).toHaveLength(21);
    expect(report.rows[0]).toEqual({
      line: 4,
      campaign: { googleId: "21456789013", name: "ADHD Evaluation - Orlando" },
      day: "2026-03-01",
      impressions: 1180,
      clicks: 22,
      costMicros: 112_420_000,
      conversions: 244,
      adGroup: "",
      searchTerm: "",
      matchType: "",
    });
    // The day Brand had no clicks: Avg. CPC "--", nothing spent.
    expect(report.rows.find((r) => r.day === "2026-03-04" && r.campaign.name.startsWith("Brand"))).toMatchObject({
      clicks: 0,
      costMicros: 0,
      conversions: 0,
    });
    expect(report.rows.reduce((sum, r) => sum + r.costMicros, 0)).toBe(1_932_980_000);
    expect(report.totals.map((t) => [t.label, t.line, t.costMicros])).toEqual([
      ["Account", 25, 1_945_320_000],
      ["Campaigns", 26, 1_932_980_000],
      ["Search", 27, 1_932_980_000],
    ]);
  });

  it("reads the same report downloaded as Excel .csv (UTF-16 with a byte-order mark, tabs) to the same rows", () => {
    const utf8 = ok(read("a.csv", googleAdsFixture("campaigns-daily.csv")));
    const excel = ok(read("b.csv", googleAdsFixture("campaigns-daily-excel.csv")));
    expect(excel.format).toBe("Excel .csv (UTF-16, tabs)");
    expect(excel.rows).toEqual(utf8.rows);
    expect(excel.totals).toEqual(utf8.totals);
    expect(excel.dateLine).toEqual(utf8.dateLine);
  });

  it("reads the search terms report: a term with a comma in quotes, match types, ad groups, the period's days", () => {
    const report = ok(read("Search terms report.csv", googleAdsFixture("search-terms.csv")));
    expect(report).toMatchObject({ kind: "search_terms", byDay: false, currency: "USD" });
    expect(report.rows).toHaveLength(7);
    expect(report.rows[4]).toMatchObject({
      searchTerm: "adult adhd test, orlando fl",
      matchType: "Phrase match",
      adGroup: "ADHD testing",
      campaign: { googleId: null, name: "ADHD Evaluation - Orlando" },
      day: null,
      clicks: 23,
      impressions: 455,
      costMicros: 119_140_000,
      conversions: 200,
    });
    expect(report.totals.map((t) => t.label)).toEqual(["Search terms", "Other search terms", "Account"]);
  });

  it("reads British English dates, a report of one day without a Day column, and days written with their weekday", () => {
    const british = ok(
      read(
        "uk.csv",
        campaignReport(
          [row("2026-03-02", "Brand", "1", "10", "1", "10.00%", "1.00", "1.00")],
          "1 March 2026 - 7 March 2026",
        ),
      ),
    );
    expect(british.dateLine?.period).toEqual({ start: "2026-03-01", end: "2026-03-07" });
    const oneDay = ok(
      read(
        "day.csv",
        adsCsv([
          "Campaign report",
          '"March 3, 2026 - March 3, 2026"',
          "Campaign,Currency code,Impr.,Clicks,Cost",
          "Brand,USD,10,1,1.00",
        ]),
      ),
    );
    expect(oneDay.rows[0]).toMatchObject({ day: "2026-03-03", campaign: { googleId: null, name: "Brand" } });
    expect(oneDay.byDay).toBe(true);
    const weekday = ok(
      read(
        "w.csv",
        adsExcelCsv([
          ["Campaign report"],
          ["All time"],
          ["Day", "Campaign", "Impr.", "Clicks", "Cost"],
          ["Tue, Mar 3, 2026", "Brand", "10", "1", "1.00"],
        ]),
      ),
    );
    expect(weekday.rows[0]!.day).toBe("2026-03-03");
    expect(weekday.dateLine).toMatchObject({ text: "All time", period: null });
    expect(weekday.currency).toBeNull();
  });

  it("refuses what is not a report's text with 415: a workbook, a PDF, bytes that are no text", () => {
    const xlsx = read("report.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(xlsx).toMatchObject({ ok: false, status: 415 });
    expect(problems(xlsx)).toEqual([
      'report.xlsx: this is an Excel workbook (.xlsx) or a zip file, not a CSV file. In Google Ads choose Download, then ".csv" or "Excel .csv".',
    ]);
    expect(problems(read("report.pdf", new TextEncoder().encode("%PDF-1.7 …")))).toEqual([
      'report.pdf: this is a PDF. In Google Ads choose Download, then ".csv" or "Excel .csv".',
    ]);
    const garbage = read("x.csv", new Uint8Array([0x41, 0xc3, 0x28, 0x42, 0x43]));
    expect(garbage).toMatchObject({ ok: false, status: 415 });
  });

  it("refuses an empty file, a CSV of another report, and one with nothing but its header, each in a sentence", () => {
    expect(problems(read("empty.csv", new Uint8Array()))).toEqual([
      'empty.csv: the file is empty. In Google Ads choose Download, then ".csv" or "Excel .csv", and upload that file.',
    ]);
    expect(problems(read("blank.csv", adsCsv(["", ""])))).toEqual([
      "blank.csv: the file has no lines with anything in them.",
    ]);
    expect(
      problems(
        read(
          "kw.csv",
          adsCsv([
            "Search keyword report",
            '"March 1, 2026 - March 7, 2026"',
            "Keyword status,Keyword,Match type,Campaign,Ad group,Clicks,Impr.,Cost",
          ]),
        ),
      ),
    ).toEqual([
      "kw.csv, line 3: this is a Google Ads keywords report (it has a Keyword column). Upload the campaign report or the search terms report.",
    ]);
    expect(
      problems(read("Queries.csv", adsCsv(["Top queries,Clicks,Impressions,CTR,Position", "x,1,2,50%,3"]))),
    ).toEqual([
      "Queries.csv, line 1: this is a Search Console export, not a Google Ads campaign or search terms report.",
    ]);
    expect(problems(read("leads.csv", adsCsv(["Name,Email", "a,b"])))).toEqual([
      'leads.csv, line 1: this is not a Google Ads campaign or search terms report: none of its first lines is a header with a Campaign column (it starts with "Name,Email").',
    ]);
    expect(problems(read("h.csv", campaignReport(["Total: Account,,,,USD,0,0,0.00%,--,0.00,0.00"])))).toEqual([
      "h.csv: the report has no rows with a campaign, only its header and totals. Choose dates in Google Ads when the campaigns ran.",
    ]);
  });

  it("refuses reports broken down otherwise than by day, or missing a column, naming the header's line", () => {
    expect(
      problems(
        read(
          "w.csv",
          adsCsv(["Campaign report", "All time", "Week,Campaign,Impr.,Clicks,Cost", "2026-03-02,A,1,1,1.00"]),
        ),
      ),
    ).toEqual([
      "w.csv, line 3: this report is broken down by week, which adds days together. In Google Ads choose Segment, then Time, then Day, and download it again.",
    ]);
    expect(
      problems(
        read(
          "d.csv",
          adsCsv([
            "Campaign report",
            "All time",
            "Day,Device,Campaign,Impr.,Clicks,Cost",
            "2026-03-02,Mobile phones,A,1,1,1.00",
          ]),
        ),
      ),
    ).toEqual([
      "d.csv, line 3: this report is broken down by Device, so a campaign's day is spread over several rows. Remove that segment in Google Ads (keep Day) and download it again.",
    ]);
    expect(
      problems(read("m.csv", adsCsv(["Campaign report", "All time", "Day,Campaign,Clicks", "2026-03-02,A,1"]))),
    ).toEqual([
      'm.csv, line 3: the columns "Impr." and "Cost" are missing. In Google Ads add them to the table (Columns), then download the report again.',
    ]);
    expect(
      problems(
        read(
          "t.csv",
          adsCsv(["Campaign report", '"March 1, 2026 - March 7, 2026"', "Campaign,Impr.,Clicks,Cost", "A,1,1,1.00"]),
        ),
      ),
    ).toEqual([
      't.csv, line 3: this report adds up every day of "March 1, 2026 - March 7, 2026", so it cannot be shown day by day. In Google Ads choose Segment, then Time, then Day, and download it again.',
    ]);
  });

  it("names every bad line with its column and reason: broken quoting, unknown or mixed currencies, days outside any range, numbers", () => {
    expect(
      problems(
        read(
          "q.csv",
          campaignReport([
            row("2026-03-01", "A", "1", "10", "1", "10.00%", "1.00", "1.00"),
            '2026-03-02,"Broken,1,Enabled,USD,10,1,10.00%,1.00,1.00',
          ]),
        ),
      ),
    ).toEqual(["q.csv, line 5: a quoted value is never closed (a quote mark is missing)."]);
    const lines = [
      row("2026-03-01", "A", "1", "10", "1", "10.00%", "1.00", "1.00", "1.00", "XYZ"),
      row("2026-03-01", "B", "2", "10", "1", "10.00%", "1.00", "1.00", "1.00", "USD"),
      row("2026-03-02", "B", "2", "10", "1", "10.00%", "1.00", "1.00", "1.00", "EUR"),
      row("2026-03-09", "B", "2", "10", "1", "10.00%", "1.00", "1.00"),
      row("2031-03-02", "B", "2", "10", "1", "10.00%", "1.00", "1.00"),
      row("1999-03-02", "B", "2", "10", "1", "10.00%", "1.00", "1.00"),
      row("2026-02-30", "B", "2", "10", "1", "10.00%", "1.00", "1.00"),
      row("2026-03-03", "B", "2", "1O", "1", "10.00%", "1.00", "1.00"),
      row("2026-03-03", "C", "3", "10", "1", "10.00%", "1.00", "-1.00"),
      row("2026-03-03", "D", "4", "10", "1", "10.00%", "1.00", "$1.00"),
      row("2026-03-03", "E", "5", "10", "1", "25.00%", "1.00", "1.00"),
      row("2026-03-03", "F", "6", "10", "2", "20.00%", "3.00", "1.00"),
      row("2026-03-03", "G", "x7", "10", "1", "10.00%", "1.00", "1.00"),
      row("2026-03-03", "H", "8", "10", "1", "10.00%", "1.00", "1.00", "1.234"),
      row("2026-03-03", "B", "2", "10", "1", "10.00%", "1.00", "1.00"),
      row("2026-03-03", "B", "2", "10", "1", "10.00%", "1.00", "1.00"),
      "2026-03-03,I,9,Enabled,USD,10,1",
    ];
    const reading = read("bad.csv", campaignReport(lines));
    expect(reading).toMatchObject({ ok: false, status: 400 });
    expect(problems(reading)).toEqual([
      'bad.csv, line 4, column Currency code: "XYZ" is not a currency code we know (Google Ads writes three letters, such as USD).',
      "bad.csv, line 6, column Currency code: this row is in EUR, the rows before it in USD (line 5). A Google Ads account has one currency: download one account at a time.",
      'bad.csv, line 7, column Day: 2026-03-09 is outside the report\'s own dates ("March 1, 2026 - March 7, 2026", line 2).',
      "bad.csv, line 8, column Day: 2031-03-02 is in the future: a report cannot hold figures for days that have not happened.",
      "bad.csv, line 9, column Day: 1999-03-02 is before Google Ads existed (October 2000).",
      'bad.csv, line 10, column Day: "2026-02-30" is not a day (Google Ads writes days as 2026-03-01).',
      'bad.csv, line 11, column Impr.: "1O" is not a whole number (Google Ads writes 1,234).',
      'bad.csv, line 12, column Cost: "-1.00" is below zero: a campaign\'s cost never is.',
      'bad.csv, line 13, column Cost: "$1.00" is not an amount (Google Ads writes 1,234.56, without a currency sign).',
      "bad.csv, line 14, column CTR: 25.00% does not match 1 click out of 10 impressions (10.00%): the row's columns may have slipped.",
      "bad.csv, line 15, column Avg. CPC: 3.00 does not match the cost divided by 2 clicks: the row's columns may have slipped.",
      'bad.csv, line 16, column Campaign ID: "x7" is not a campaign ID (Google Ads writes digits only).',
      'bad.csv, line 17, column Conversions: "1.234" is not a number of conversions (Google Ads writes 12.50).',
      "bad.csv, line 19: campaign 2 on 2026-03-03 is listed twice (also on line 18).",
      "bad.csv, line 20: the line has 7 values; the header has 11. A value with a comma in it must be in quotes.",
    ]);
  });

  it("catches a file whose rows do not add up to its own totals, and counts problems past twenty", () => {
    const rows = [
      row("2026-03-01", "A", "1", "10", "1", "10.00%", "1.00", "1.00"),
      row("2026-03-02", "A", "1", "10", "1", "10.00%", "1.00", "1.00"),
    ];
    expect(
      problems(read("cut.csv", campaignReport([...rows, "Total: Campaigns,,,,USD,20,2,10.00%,1.00,3.00,2.00"]))),
    ).toEqual([
      "cut.csv, line 6: the file's own total (Total: Campaigns) says 3.00 for Cost, but its rows add up to 2.00. The file is incomplete or was changed after it was downloaded: download it again.",
    ]);
    expect(
      problems(read("acc.csv", campaignReport([...rows, "Total: Account,,,,USD,19,2,10.53%,1.00,2.00,2.00"]))),
    ).toEqual([
      "acc.csv, line 6: the account's total (Total: Account) says 19 for Impr., less than its rows add up to (20). The file was changed after it was downloaded: download it again.",
    ]);
    const many = Array.from({ length: 25 }, (_, i) =>
      row("2026-03-01", `C${i}`, String(i), "x", "1", "10.00%", "1.00", "1.00"),
    );
    const listed = problems(read("many.csv", campaignReport(many)));
    expect(listed).toHaveLength(21);
    expect(listed.at(-1)).toBe("many.csv: and 5 more problems in this file.");
  });

  it("without Campaign IDs, two campaigns of one name on one day are told apart by nothing: it says how to fix it", () => {
    const lines = [
      "Campaign report",
      "All time",
      "Day,Campaign,Impr.,Clicks,Cost",
      "2026-03-01,Same,1,0,0.00",
      "2026-03-01,Same,2,0,0.00",
    ];
    expect(problems(read("n.csv", adsCsv(lines)))).toEqual([
      'n.csv, line 5: a campaign named "Same" on 2026-03-01 is listed twice (also on line 4). If two campaigns have the same name, add the Campaign ID column in Google Ads so they can be told apart.',
    ]);
  });
});

describe("reading damaged Google Ads reports", () => {
  it("never throws on 300 seeded mutations of the fixtures: each is read or refused with problems", () => {
    let seed = 17;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sources = [
      googleAdsFixture("campaigns-daily.csv"),
      googleAdsFixture("campaigns-daily-excel.csv"),
      googleAdsFixture("search-terms.csv"),
    ];
    const pieces = ['"', ",", "\t", "\r\n", "--", "Total: Account", "%", "9".repeat(30), "\u0000", "é"];
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const source = sources[i % sources.length]!;
      const bytes = Array.from(source);
      for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits--) {
        const at = Math.floor(random() * bytes.length);
        const kind = random();
        if (kind < 0.3) bytes.splice(at, 1 + Math.floor(random() * 40));
        else if (kind < 0.6) bytes[at] = Math.floor(random() * 256);
        else bytes.splice(at, 0, ...new TextEncoder().encode(pieces[Math.floor(random() * pieces.length)]!));
      }
      const reading = read(`mutated-${i}.csv`, new Uint8Array(bytes));
      if (!reading.ok) {
        refused += 1;
        expect(reading.problems.length).toBeGreaterThan(0);
        for (const problem of reading.problems) expect(problem.message.length).toBeGreaterThan(10);
      }
    }
    // Most mutations break something the reader checks (a total, a number, the quoting).
    expect(refused).toBeGreaterThan(150);
  });
});
