import { describe, expect, it } from "vitest";
import { csvFile, exportZip, fixtureFiles } from "../../../tests/setup/search-console-export";
import { isLowCtr, isNearTop, typicalCtr } from "./opportunity-rules";
import { problemText } from "~/lib/upload-problems";
import { periodText, readDateFilter } from "~/lib/periods";
import { planImport } from "./plan-import.server";
import { readExport } from "./read-export.server";
import type { ImportChoices } from "./search-console-types";

const PUBLIC_URL = "https://clinic.example";
const NONE: ImportChoices = { from: "", to: "", searchType: "", page: "" };
const QUERIES = "Top queries,Clicks,Impressions,CTR,Position\nfoo,1,10,10%,3\n";
const PAGES_ONE = "Top pages,Clicks,Impressions,CTR,Position\nhttps://clinic.example/services/,1,10,10%,3\n";

function plan(files: Record<string, Uint8Array | string>, choices: Partial<ImportChoices> = {}) {
  const read = readExport(
    Object.entries(files).map(([name, data]) => ({ name, bytes: typeof data === "string" ? csvFile(data) : data })),
  );
  expect(read.problems.map(problemText)).toEqual([]);
  const planned = planImport(read.export!, { ...NONE, ...choices }, PUBLIC_URL);
  return planned.ok ? { plan: planned.plan } : { problems: planned.problems.map(problemText), fields: planned.fields };
}

describe("the period of an export", () => {
  it.each([
    ["Aug 28, 2026-Sep 3, 2026", { start: "2026-08-28", end: "2026-09-03" }],
    ["June 1, 2026 - June 30, 2026", { start: "2026-06-01", end: "2026-06-30" }],
    ["Sept 1, 2026 – Sept 30, 2026", { start: "2026-09-01", end: "2026-09-30" }],
    ["2026-08-08 - 2026-08-09", { start: "2026-08-08", end: "2026-08-09" }],
    ["6/1/26 - 6/13/26", { start: "2026-06-01", end: "2026-06-13" }],
    ["Dec 30, 2025 - Jan 2, 2026", { start: "2025-12-30", end: "2026-01-02" }],
    ["Mar 5, 2026", { start: "2026-03-05", end: "2026-03-05" }],
  ])("reads %s as days", (label, period) => {
    expect(readDateFilter(label)).toEqual({ kind: "range", period });
  });

  it("knows a relative range says no days, and does not guess at words it cannot read", () => {
    expect(readDateFilter("Last 3 months")).toEqual({ kind: "relative", label: "Last 3 months" });
    expect(readDateFilter("Last 28 days")).toEqual({ kind: "relative", label: "Last 28 days" });
    expect(readDateFilter("Feb 30, 2026 - Mar 2, 2026").kind).toBe("unreadable");
    expect(readDateFilter("Junk 1, 2026").kind).toBe("unreadable");
    expect(readDateFilter("Mar 9, 2026 - Mar 2, 2026").kind).toBe("unreadable");
  });

  it("writes periods in plain words", () => {
    expect(periodText({ start: "2026-03-01", end: "2026-05-31" })).toBe("Mar 1 – May 31, 2026");
    expect(periodText({ start: "2025-12-01", end: "2026-02-28" })).toBe("Dec 1, 2025 – Feb 28, 2026");
    expect(periodText({ start: "2026-03-05", end: "2026-03-05" })).toBe("Mar 5, 2026");
  });
});

describe("what an upload is", () => {
  it("takes the whole site's period from Chart.csv when Filters.csv says only 'Last 3 months'", () => {
    const { plan: site } = plan({ "export.zip": exportZip(fixtureFiles("site")) });
    expect(site).toMatchObject({
      period: { start: "2026-03-01", end: "2026-05-31" },
      searchType: "web",
      scope: "",
      sources: {
        period: "from Chart.csv, its first and last day",
        searchType: "from Filters.csv",
        scope: "the export has no page filter",
      },
    });
    expect(site!.queries).toHaveLength(12);
    expect(site!.pages).toHaveLength(5);
    expect(site!.files).toEqual([
      "Chart.csv",
      "Countries.csv",
      "Devices.csv",
      "Filters.csv",
      "Pages.csv",
      "Queries.csv",
      "Search appearance.csv",
    ]);
  });

  it("takes a page export's page and dates from its Filters.csv", () => {
    const { plan: page } = plan({ "export.zip": exportZip(fixtureFiles("page-services")) });
    expect(page).toMatchObject({
      period: { start: "2026-03-01", end: "2026-05-31" },
      searchType: "web",
      scope: "https://clinic.example/services",
      sources: { period: "from Filters.csv", scope: "from Filters.csv" },
    });
    expect(page!.queries!.map((q) => q.key)).toEqual([
      "psychiatrist winter park",
      "adhd evaluation orlando",
      "medication management",
    ]);
  });

  it("uses what staff entered where the files are silent: dates, search type, the page", () => {
    const { plan: typed } = plan(
      { "Queries.csv": QUERIES },
      { from: "2026-02-01", to: "2026-02-28", searchType: "image", page: "/services/" },
    );
    expect(typed).toMatchObject({
      period: { start: "2026-02-01", end: "2026-02-28" },
      searchType: "image",
      scope: "https://clinic.example/services",
      sources: { period: "as you entered", searchType: "as you chose", scope: "as you entered" },
      pages: null,
    });
    expect(
      plan({ "Queries.csv": QUERIES }, { from: "2026-02-01", to: "2026-02-28", page: "https://www.clinic.example/x" })
        .plan!.scope,
    ).toBe("https://www.clinic.example/x");
  });

  it("asks for the dates when the files do not say them", () => {
    expect(plan({ "Queries.csv": QUERIES })).toEqual({
      problems: [],
      fields: {
        from: "The files do not say which days they cover. Enter the first and last day of the period you exported.",
      },
    });
    expect(plan({ "Queries.csv": QUERIES, "Filters.csv": "Filter,Value\nDate,Last 3 months\n" }).fields).toEqual({
      from: `The export's Filters.csv says "Last 3 months" but not which days. Enter the first and last day of that period, or include Chart.csv from the same zip (it lists the days).`,
    });
    expect(plan({ "Queries.csv": QUERIES }, { from: "2026-02-30", to: "" }).fields).toEqual({
      from: "Enter a date such as 2026-03-01.",
    });
    expect(plan({ "Queries.csv": QUERIES }, { from: "2026-03-01" }).fields).toEqual({ to: "Enter the last day too." });
    expect(plan({ "Queries.csv": QUERIES }, { from: "2026-03-09", to: "2026-03-01" }).fields).toEqual({
      to: "The last day cannot come before the first.",
    });
  });

  it("refuses what staff entered when it contradicts the files", () => {
    const zip = exportZip(fixtureFiles("page-services"));
    expect(plan({ "export.zip": zip }, { from: "2026-03-01", to: "2026-05-30" }).fields).toEqual({
      from: "The export covers Mar 1 – May 31, 2026 (from Filters.csv). Leave the dates empty, or upload the export of the dates you entered.",
    });
    expect(plan({ "export.zip": zip }, { searchType: "news" }).fields).toEqual({
      searchType:
        'The export is of Web results (from Filters.csv). Leave this on "As the export says", or upload the other export.',
    });
    expect(plan({ "export.zip": zip }, { page: "/about" }).fields).toEqual({
      page: "The export is for /services (from Filters.csv). Leave this empty, or upload that page's export.",
    });
    // The same page spelled another way is no contradiction.
    expect(
      plan({ "export.zip": zip }, { page: "/services/", searchType: "web", from: "2026-03-01", to: "2026-05-31" }).plan,
    ).toBeDefined();
    expect(
      plan(
        { "Queries.csv": QUERIES },
        { from: "2026-03-01", to: "2026-03-02", page: "services", searchType: "shopping" },
      ).fields,
    ).toEqual({
      page: "Enter a path of this site such as /services, or a full address starting with https://.",
      searchType: "Choose one of the search types listed.",
    });
  });

  it("refuses Chart.csv days outside the dates Filters.csv names", () => {
    expect(
      plan({
        "Queries.csv": QUERIES,
        "Filters.csv": 'Filter,Value\nDate,"Mar 1, 2026-Mar 31, 2026"\n',
        "Chart.csv": "Date,Clicks,Impressions,CTR,Position\n2026-04-02,1,10,10%,3\n2026-03-01,1,10,10%,3\n",
      }).problems,
    ).toEqual([
      "Chart.csv: its days run from 2026-03-01 to 2026-04-02, outside the period Filters.csv names (Mar 1 – Mar 31, 2026). These files are not from one export.",
    ]);
  });

  it("reads a 'URLs containing' page filter as one page only when the export's Pages.csv shows one", () => {
    const filters =
      'Filter,Value\nSearch type,Web\nDate,"Mar 1, 2026-Mar 31, 2026"\nPage,+https://clinic.example/services\n';
    expect(plan({ "Queries.csv": QUERIES, "Pages.csv": PAGES_ONE, "Filters.csv": filters }).plan).toMatchObject({
      scope: "https://clinic.example/services",
      sources: { scope: "from Filters.csv and Pages.csv" },
    });
    expect(plan({ "Queries.csv": QUERIES, "Filters.csv": filters }).problems).toEqual([
      'Filters.csv, line 4, column Value: this export covers every address containing "https://clinic.example/services", which can be several pages. In Search Console, filter by "Exact URL" and export again.',
    ]);
  });

  it("refuses exports filtered to a part of the site, naming the filter's line", () => {
    expect(
      plan({
        "Queries.csv": QUERIES,
        "Filters.csv":
          "Filter,Value\nSearch type,Discover\nDate,Last 3 months\nCountry,United States\nDevice,Mobile\nPage,-/blog\n",
      }).problems,
    ).toEqual([
      'Filters.csv, line 2, column Value: "Discover" is not a search type we know (Web, Image, Video, News).',
      'Filters.csv, line 4, column Value: this export is filtered by Country ("United States"), so its figures are only part of the site\'s. Remove that filter in Search Console and export again.',
      'Filters.csv, line 5, column Value: this export is filtered by Device ("Mobile"), so its figures are only part of the site\'s. Remove that filter in Search Console and export again.',
      'Filters.csv, line 6, column Value: "-/blog" leaves pages out rather than naming one. Export the whole site, or filter by "Exact URL" to one page.',
    ]);
  });
});

describe("the opportunities' rules", () => {
  it("knows the typical click rate of the first page's positions only", () => {
    expect(typicalCtr(1)).toBe(28.5);
    expect(typicalCtr(3.4)).toBe(11);
    expect(typicalCtr(10.4)).toBe(2.5);
    expect(typicalCtr(10.6)).toBeNull();
  });

  it("flags a query seen at least 100 times, on the first page, clicked less than half as often as usual", () => {
    expect(isLowCtr({ impressions: 880, ctr: 1.36, position: 8.9 })).toBe(true); // typical 2.8%: half is 1.4%
    expect(isLowCtr({ impressions: 880, ctr: 1.4, position: 8.9 })).toBe(false);
    expect(isLowCtr({ impressions: 100, ctr: 3, position: 5 })).toBe(true); // exactly 100 impressions
    expect(isLowCtr({ impressions: 99, ctr: 0, position: 3 })).toBe(false);
    expect(isLowCtr({ impressions: 540, ctr: 0.56, position: 14.2 })).toBe(false); // the second page: near the top instead
  });

  it("finds queries at positions 5 to 20 seen at least 20 times", () => {
    expect(isNearTop({ impressions: 100, ctr: 3, position: 5 })).toBe(true);
    expect(isNearTop({ impressions: 20, ctr: 5, position: 20 })).toBe(true);
    expect(isNearTop({ impressions: 19, ctr: 0, position: 12 })).toBe(false);
    expect(isNearTop({ impressions: 95, ctr: 0, position: 4.99 })).toBe(false);
    expect(isNearTop({ impressions: 150, ctr: 0, position: 20.1 })).toBe(false);
  });
});
