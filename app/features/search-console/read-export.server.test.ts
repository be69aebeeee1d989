import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { csvFile, exportZip, fixtureFiles } from "../../../tests/setup/search-console-export";
import { problemText } from "~/lib/upload-problems";
import { planImport } from "./plan-import.server";
import { readExport, type UploadedFile } from "./read-export.server";

const upload = (files: Record<string, Uint8Array | string>): UploadedFile[] =>
  Object.entries(files).map(([name, data]) => ({
    name,
    bytes: typeof data === "string" ? csvFile(data) : data,
  }));
/** The problems of an upload, as the page shows them. */
const problemsOf = (files: Record<string, Uint8Array | string>) => readExport(upload(files)).problems.map(problemText);

const QUERIES_HEADER = "Top queries,Clicks,Impressions,CTR,Position";
const goodQueryRows = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `query ${i + 1},${i},${100 + i},${((i / (100 + i)) * 100).toFixed(2)}%,${(3 + i / 10).toFixed(1)}`,
  );

describe("reading a Search Console export", () => {
  it("reads the zip as downloaded: queries (quoted commas and quotes kept), pages, days, filters; says what it left out", () => {
    const read = readExport([
      { name: "clinic.example-Performance-on-Search-2026-06-02.zip", bytes: exportZip(fixtureFiles("site")) },
    ]);
    expect(read.problems).toEqual([]);
    const result = read.export!;
    expect(result.queries!.rows).toHaveLength(12);
    expect(result.queries!.rows[0]).toEqual({
      key: "winter park psychiatry clinic",
      clicks: 160,
      impressions: 420,
      ctr: 38.1,
      position: 1.2,
    });
    const keys = result.queries!.rows.map((row) => row.key);
    expect(keys).toContain("therapist near me, accepts aetna");
    expect(keys).toContain('dr "rivera" psychiatrist');
    expect(result.pages!.rows.map((row) => row.key)).toEqual([
      "https://clinic.example/",
      "https://clinic.example/services",
      "https://clinic.example/team/dr-rivera",
      "https://clinic.example/blog/adhd-in-adults",
      "https://www.clinic.example/insurance",
    ]);
    // Every day of the chart, the one without impressions (empty CTR and position) too.
    expect(result.dates!.days).toHaveLength(92);
    expect([...result.dates!.days].sort()[0]).toBe("2026-03-01");
    expect(result.filters!.rows).toEqual([
      { name: "Search type", value: "Web", line: 2 },
      { name: "Date", value: "Last 3 months", line: 3 },
    ]);
    expect(result.notes).toEqual([
      "Not used: Countries.csv, Devices.csv and Search appearance.csv. This report needs the queries and pages only.",
    ]);
  });

  it("reads single CSV files, with or without the byte-order mark, with Windows line ends and blank lines", () => {
    const read = readExport([
      {
        name: "Queries.csv",
        bytes: new TextEncoder().encode(`${QUERIES_HEADER}\r\nfoo,2,50,4%,7.5\r\n\r\nbar,0,10,0%,31\r\n`),
      },
      {
        name: "Pages.csv",
        bytes: csvFile("Top pages,Clicks,Impressions,CTR,Position\nhttps://clinic.example/a,1,10,10%,3\n"),
      },
    ]);
    expect(read.problems).toEqual([]);
    expect(read.export!.queries!.rows.map((r) => [r.key, r.clicks, r.impressions, r.ctr, r.position])).toEqual([
      ["foo", 2, 50, 4, 7.5],
      ["bar", 0, 10, 0, 31],
    ]);
    expect(read.export!.pages!.rows).toHaveLength(1);
    expect(read.export!.dates).toBeNull();
    expect(read.export!.filters).toBeNull();
  });

  it("tells a file by its header whatever its name, and a saved copy's name by its table", () => {
    const read = readExport(
      upload({
        "export (3).csv": `${QUERIES_HEADER}\nfoo,1,10,10%,2\n`,
        "Pages (1).csv": "Top pages,Clicks,Impressions,CTR,Position\nhttps://clinic.example/,1,10,10%,2\n",
        "Dates.csv": "Date,Clicks,Impressions,CTR,Position\n2026-03-02,1,10,10%,2\n2026-03-01,0,0,,\n",
      }),
    );
    expect(read.problems).toEqual([]);
    expect(read.export!.queries!.file).toBe("export (3).csv");
    expect(
      readExport([
        { name: "C:\\Users\\x\\Pages\u0000.csv", bytes: csvFile("Top pages,Clicks,Impressions,CTR,Position\n") },
      ]).export!.pages!.file,
    ).toBe("Pages.csv");
    expect(read.export!.pages!.file).toBe("Pages (1).csv");
    expect(read.export!.dates!.days).toEqual(["2026-03-02", "2026-03-01"]);
  });

  it("leaves out rows Google never showed, and says when a table stops at Search Console's 1,000 rows", () => {
    const read = readExport(
      upload({
        "Queries.csv": [QUERIES_HEADER, ...goodQueryRows(999), "never shown,0,0,0%,0"].join("\n"),
      }),
    );
    expect(read.problems).toEqual([]);
    expect(read.export!.queries!.rows).toHaveLength(999);
    expect(read.export!.notes).toEqual([
      "Left out of Queries.csv: 1 row with no impressions (Google never showed them).",
      "Queries.csv has 1,000 rows, the most Search Console puts in an export: queries with fewer impressions are not in it.",
    ]);
  });

  it("names the file, line and column of each bad value", () => {
    const rows = goodQueryRows(12);
    expect(problemsOf({ "Queries.csv": [QUERIES_HEADER, ...rows, "bad ctr,1,10,abc,3"].join("\n") })).toEqual([
      'Queries.csv, line 14, column CTR: "abc" is not a percentage (Search Console writes CTR as 12.5%).',
    ]);
    expect(
      problemsOf({
        "Queries.csv": [
          QUERIES_HEADER,
          "a,1.5,10,10%,3",
          "b,1,-10,10%,3",
          "c,1,10,10,3",
          "d,1,10,101%,3",
          "e,1,10,10%,abc",
          "f,1,10,10%,0.4",
          "g,11,10,10%,3",
          ",1,10,10%,3",
          "a,1,10,10%,3",
          "h,1,30000000000,10%,3",
          "i,1,10,10%,99999999999999",
        ].join("\n"),
      }),
    ).toEqual([
      'Queries.csv, line 2, column Clicks: "1.5" is not a whole number.',
      'Queries.csv, line 3, column Impressions: "-10" is not a whole number.',
      'Queries.csv, line 4, column CTR: "10" is not a percentage (Search Console writes CTR as 12.5%).',
      'Queries.csv, line 5, column CTR: "101%" is not a percentage (Search Console writes CTR as 12.5%).',
      'Queries.csv, line 6, column Position: "abc" is not a position (an average from 1 to 1,000, such as 8.2).',
      'Queries.csv, line 7, column Position: "0.4" is not a position (an average from 1 to 1,000, such as 8.2).',
      "Queries.csv, line 8, column Clicks: 11 clicks but only 10 impressions: a result cannot be clicked more often than it was seen.",
      "Queries.csv, line 9, column Top queries: the query is empty.",
      'Queries.csv, line 10, column Top queries: "a" is listed twice (also on line 2).',
      "Queries.csv, line 11, column Impressions: 30000000000 is more than a site's export can hold.",
      'Queries.csv, line 12, column Position: "99999999999999" is not a position (an average from 1 to 1,000, such as 8.2).',
    ]);
    expect(
      problemsOf({
        "Pages.csv": "Top pages,Clicks,Impressions,CTR,Position\n/services,1,10,10%,3\nftp://x.example/a,1,10,10%,3\n",
        "Chart.csv": "Date,Clicks,Impressions,CTR,Position\n2026-02-31,1,10,10%,3\n03/01/2026,1,10,10%,3\n",
      }),
    ).toEqual([
      'Pages.csv, line 2, column Top pages: "/services" is not a page address: Search Console writes full addresses such as https://example.com/services.',
      'Pages.csv, line 3, column Top pages: "ftp://x.example/a" is not a page address: Search Console writes full addresses such as https://example.com/services.',
      'Chart.csv, line 2, column Date: "2026-02-31" is not a date (Search Console writes days as 2026-03-01).',
      'Chart.csv, line 3, column Date: "03/01/2026" is not a date (Search Console writes days as 2026-03-01).',
    ]);
  });

  it("counts lines as an editor does: a quoted value over two lines, blank lines", () => {
    expect(problemsOf({ "Queries.csv": `${QUERIES_HEADER}\n"two\nlines",1,10,10%,3\n\nnext,x,10,10%,3\n` })).toEqual([
      'Queries.csv, line 5, column Clicks: "x" is not a whole number.',
    ]);
  });

  it("names the line of a row that cannot be read as CSV", () => {
    expect(
      problemsOf({
        "Queries.csv": `${QUERIES_HEADER}\nok,1,10,10%,3\ntherapist near me, accepts aetna,3,540,0.56%,14.2\n`,
      }),
    ).toEqual([
      "Queries.csv, line 3: the line has 6 values; the header has 5. A value with a comma in it must be in quotes.",
    ]);
    expect(problemsOf({ "Queries.csv": `${QUERIES_HEADER}\nok,1,10,10%,3\n"never closed,1,10,10%,3\n` })).toEqual([
      "Queries.csv, line 3: a quoted value is never closed (a quote mark is missing).",
    ]);
    expect(problemsOf({ "Queries.csv": `${QUERIES_HEADER}\nsay "hi",1,10,10%,3\n` })).toEqual([
      'Queries.csv, line 2: a quote mark (") stands inside a value: a value with quote marks must itself be in quotes, with each quote mark doubled.',
    ]);
  });

  it("lists twenty problems of a file and counts the rest", () => {
    const problems = problemsOf({
      "Queries.csv": [QUERIES_HEADER, ...Array.from({ length: 25 }, (_, i) => `q${i},x,10,10%,3`)].join("\n"),
    });
    expect(problems).toHaveLength(21);
    expect(problems.at(-1)).toBe("Queries.csv: and 5 more problems in this file.");
  });

  it("says which header was expected when a file is not a Search Console export", () => {
    expect(problemsOf({ "Queries.csv": "Keyword,Clicks,Impressions,CTR,Position\nfoo,1,10,10%,3\n" })).toEqual([
      'Queries.csv, line 1: expected the header Top queries,Clicks,Impressions,CTR,Position, but the file starts with "Keyword,Clicks,Impressions,CTR,Position".',
    ]);
    expect(problemsOf({ "Pages.csv": `${QUERIES_HEADER}\nfoo,1,10,10%,3\n` })).toEqual([
      'Pages.csv, line 1: expected the header Top pages,Clicks,Impressions,CTR,Position, but the file starts with "Top queries,Clicks,Impressions,CTR,Position".',
    ]);
    expect(problemsOf({ "leads.csv": "First name,Email\nA,a@example.com\n" })).toEqual([
      'leads.csv, line 1: this is not a file of a Search Console Performance export: it starts with "First name,Email". We read Queries.csv (Top queries,Clicks,Impressions,CTR,Position), Pages.csv (Top pages,Clicks,Impressions,CTR,Position), Chart.csv or Dates.csv (Date,Clicks,Impressions,CTR,Position) and Filters.csv (Filter,Value).',
    ]);
    expect(problemsOf({ "Queries.csv": "Top queries,Clicks,Impressions,CTR\nfoo,1,10,10%\n" })).toEqual([
      "Queries.csv, line 1: the column Position is missing: expected the header Top queries,Clicks,Impressions,CTR,Position.",
    ]);
    expect(problemsOf({ "Queries.csv": "" })).toEqual([
      "Queries.csv: the file is empty; it should start with the header Top queries,Clicks,Impressions,CTR,Position.",
    ]);
  });

  it("refuses an export that compares two periods, saying how to export one", () => {
    const header =
      "Top queries,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position";
    expect(problemsOf({ "Queries.csv": `${header}\nfoo,1,0,10,0,10%,0%,3,0\n` })).toEqual([
      'Queries.csv, line 1: this export compares two periods (its columns include "Last 28 days Clicks", "Previous 28 days Clicks"). In Search Console, turn off "Compare" in the date filter, then export one period at a time.',
    ]);
  });

  it("refuses a workbook, a damaged zip, a file that is not UTF-8 text, and an upload without queries or pages", () => {
    const workbook = zipSync({
      "[Content_Types].xml": new TextEncoder().encode("<Types/>"),
      "xl/workbook.xml": new Uint8Array(3),
    });
    expect(problemsOf({ "report.xlsx": workbook })).toEqual([
      'report.xlsx: this is an Excel workbook. In Search Console choose Export, then "Download CSV", and upload the zip it gives.',
    ]);
    const zip = exportZip(fixtureFiles("site"));
    expect(problemsOf({ "export.zip": zip.slice(0, 200) })).toEqual([
      "export.zip: this zip file is damaged and cannot be opened. Download the export again.",
    ]);
    expect(problemsOf({ "Queries.csv": new Uint8Array([0x54, 0x6f, 0x70, 0xff, 0xfe, 0x0a]) })).toEqual([
      "Queries.csv: this file is not text in UTF-8, as Search Console writes its CSV files.",
    ]);
    expect(problemsOf({ "Queries.csv": `${QUERIES_HEADER}\nnul\u0000,1,10,10%,3\n` })).toEqual([
      "Queries.csv: this file is not text in UTF-8, as Search Console writes its CSV files.",
    ]);
    expect(problemsOf({ "Filters.csv": "Filter,Value\nSearch type,Web\n" })).toEqual([
      "Filters.csv: there are no queries or pages in it. Upload the zip Search Console downloads, or its Queries.csv and Pages.csv.",
    ]);
    expect(problemsOf({ "empty.zip": zipSync({ "readme.txt": new Uint8Array(2) }) })).toEqual([
      'empty.zip: this zip holds no CSV files. Upload the zip from Search Console\'s "Download CSV".',
    ]);
  });

  it("refuses two files of one table, and reports the problems of every file at once", () => {
    expect(
      problemsOf({
        "Queries.csv": `${QUERIES_HEADER}\nfoo,1,10,10%,3\n`,
        "Queries (1).csv": `${QUERIES_HEADER}\nbar,1,10,10%,3\n`,
      }),
    ).toEqual(["Queries (1).csv: Queries.csv holds the same table (queries). Upload one export at a time."]);
    expect(
      problemsOf({
        "Queries.csv": `${QUERIES_HEADER}\nfoo,x,10,10%,3\n`,
        "Pages.csv": "Top pages,Clicks,Impressions,CTR,Position\nhttps://clinic.example/,1,10,10%,y\n",
      }),
    ).toEqual([
      'Queries.csv, line 2, column Clicks: "x" is not a whole number.',
      'Pages.csv, line 2, column Position: "y" is not a position (an average from 1 to 1,000, such as 8.2).',
    ]);
  });

  it("refuses an over-long value, and an upload of more CSV files than an export holds", () => {
    expect(problemsOf({ "Queries.csv": `${QUERIES_HEADER}\n${"ü".repeat(1001)},1,10,10%,3\n` })).toEqual([
      "Queries.csv, line 2, column Top queries: the value is 1,001 characters long; Search Console's are far shorter.",
    ]);
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`part ${i}.csv`, csvFile(`${QUERIES_HEADER}\n`)]),
    );
    expect(problemsOf({ "export.zip": zipSync(many) })).toEqual([
      "export.zip: it holds 21 CSV files; a Search Console export has seven. Upload one export at a time.",
    ]);
  });

  it("refuses a zip entry that would unpack past the bound, without unpacking it", () => {
    // A zip whose Queries.csv claims (in its central directory) to unpack to 4 GB.
    const zip = exportZip({ "Queries.csv": `${QUERIES_HEADER}\nfoo,1,10,10%,3\n` });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = zip.length - 22; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x02014b50) {
        view.setUint32(at + 24, 0xfffffff0, true);
        break;
      }
    }
    expect(problemsOf({ "export.zip": zip })).toEqual([
      "export.zip: Queries.csv: this file is too large to be part of a Search Console export.",
    ]);
  });
});

describe("reading damaged files", () => {
  /** mulberry32: small and seedable, so a failure names the seed that made it. */
  function rng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const PIECES = ['"', ",", "\n", "\r\n", "%", "-", "0", "9.", "\uFEFF", "é", "\u0000", "Top pages", ""];

  it("never throws on 300 seeded mutations of the fixtures: each upload is read (and planned) or refused with problems", () => {
    const site = fixtureFiles("site");
    const decoder = new TextDecoder();
    for (let seed = 1; seed <= 300; seed++) {
      const random = rng(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const files: Record<string, Uint8Array> = { ...site };
      const name = pick(Object.keys(site));
      let text = decoder.decode(site[name]);
      for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits--) {
        const at = Math.floor(random() * text.length);
        text = `${text.slice(0, at)}${pick(PIECES)}${text.slice(at + Math.floor(random() * 3))}`;
      }
      files[name] = new TextEncoder().encode(text);
      const upload = random() < 0.5 ? [{ name: "export.zip", bytes: exportZip(files) }] : upload_(files);
      if (random() < 0.2) {
        // A flipped byte in the zip itself.
        const zip = exportZip(files);
        zip[Math.floor(random() * zip.length)] ^= 0xff;
        upload.splice(0, upload.length, { name: "export.zip", bytes: zip });
      }
      let read: ReturnType<typeof readExport>;
      try {
        read = readExport(upload);
      } catch (error) {
        throw new Error(`seed ${seed} threw: ${(error as Error).message}`);
      }
      expect(Boolean(read.export) !== read.problems.length > 0, `seed ${seed}`).toBe(true);
      if (read.export) {
        const planned = planImport(
          read.export,
          { from: "", to: "", searchType: "", page: "" },
          "https://clinic.example",
        );
        expect(planned.ok || planned.problems.length + Object.keys(planned.fields).length > 0, `seed ${seed}`).toBe(
          true,
        );
      }
    }
  });

  function upload_(files: Record<string, Uint8Array>): UploadedFile[] {
    return Object.entries(files).map(([name, bytes]) => ({ name, bytes }));
  }
});
