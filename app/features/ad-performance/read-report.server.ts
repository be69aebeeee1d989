import type { AdReportKind } from "~/db/schema";
import { readCsvLines, type CsvLine } from "~/lib/csv-lines.server";
import { readDateFilter, readDay, type Period } from "~/lib/periods";
import { ProblemList, type UploadProblem } from "~/lib/upload-problems";
import { binaryKindOf, decodeUploadText, uploadBaseName, type BinaryKind } from "~/lib/upload-text.server";
import { currencyDecimals, MICROS, readAmountMicros } from "./money";
import {
  COARSE_SEGMENTS,
  COLUMN_NAMES,
  FIRST_ADS_DAY,
  OTHER_REPORTS,
  REQUIRED_COLUMNS,
  SPLITTING_SEGMENTS,
  TOTAL_PREFIX,
  type ReportColumn,
} from "./report-format";
import { plural } from "~/lib/plural";

/** A file as it was uploaded. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** A campaign as a report names it: by Google's campaign ID when the file has that column. */
export interface CampaignRef {
  googleId: string | null;
  name: string;
}

/** One row of a report, its values read and checked. Money in micros, conversions in hundredths. */
export interface ReportRow {
  line: number;
  campaign: CampaignRef;
  /** The row's day; null in a search terms report of the whole period. */
  day: string | null;
  impressions: number;
  clicks: number;
  costMicros: number;
  /** null when the file has no Conversions column. */
  conversions: number | null;
  /** Search terms only ("" in a campaign report). */
  adGroup: string;
  searchTerm: string;
  matchType: string;
}

/** A totals row of the file ("Total: Campaigns"), with what it says where it says it. */
export interface FileTotal {
  label: string;
  line: number;
  impressions: number | null;
  clicks: number | null;
  costMicros: number | null;
}

export interface AdsReport {
  kind: AdReportKind;
  file: string;
  /** "Excel .csv (UTF-16, tabs)" or ".csv (UTF-8, commas)": what Google Ads called the download. */
  format: string;
  /** The report's name on its first line. */
  title: string | null;
  /** The dates line: what it says, and the days when it names them ("All time" does not). */
  dateLine: { line: number; text: string; period: Period | null } | null;
  /** The rows carry a Day each (or the whole file is one day). */
  byDay: boolean;
  rows: ReportRow[];
  /** The Currency code the rows carry; null when the file has no such column. */
  currency: string | null;
  hasConversions: boolean;
  totals: FileTotal[];
}

export type ReportReading =
  | { ok: true; report: AdsReport }
  /** 415: the file is no text at all (a workbook, a PDF); 400: text with problems, each named by line. */
  | { ok: false; status: 400 | 415; problems: UploadProblem[] };

/** More rows than this is no report a clinic's account downloads (a daily report of 50 campaigns over 10 years is 180,000). */
export const MAX_REPORT_ROWS = 250_000;
/** No campaign is shown a trillion times a day; past this a number is a damaged file. */
const MAX_COUNT = 1_000_000_000_000;
/** Names in Google Ads stop at 255 characters; search terms are shorter still. */
const MAX_TEXT = 1000;
/** The report's header is on its third line; a few more lines of preamble are tolerated. */
const HEADER_SEARCH_LINES = 6;

const WHOLE = /^(\d{1,3}(?:,\d{3})+|\d+)$/;
const PERCENT = /^(\d+(?:\.\d+)?)\s?%$/;
const NONE = "--";
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

const binaryWords: Record<BinaryKind, string> = {
  zip: 'this is an Excel workbook (.xlsx) or a zip file, not a CSV file. In Google Ads choose Download, then ".csv" or "Excel .csv".',
  xls: 'this is an Excel workbook, not a CSV file. In Google Ads choose Download, then ".csv" or "Excel .csv".',
  pdf: 'this is a PDF. In Google Ads choose Download, then ".csv" or "Excel .csv".',
  gzip: 'this is a compressed file. In Google Ads choose Download, then ".csv" or "Excel .csv", and upload the file it gives.',
  image: 'this is a picture, not a report. In Google Ads choose Download, then ".csv" or "Excel .csv".',
};

const lower = (text: string) => text.trim().toLowerCase();
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
const countWords = (n: number) => n.toLocaleString("en-US");

/** "Day" → its position in the header, for every column the header has (by any of its names). */
function columnsOf(header: readonly string[]): Partial<Record<ReportColumn, number>> {
  const at: Partial<Record<ReportColumn, number>> = {};
  const names = header.map(lower);
  for (const [column, aliases] of Object.entries(COLUMN_NAMES) as [ReportColumn, readonly string[]][]) {
    const index = names.findIndex((name) => aliases.some((alias) => alias.toLowerCase() === name));
    if (index >= 0) at[column] = index;
  }
  return at;
}

/** One day as Google Ads writes it in the Day column ("2026-03-01"; also "Mar 1, 2026", "Sun, Mar 1, 2026"). */
function readDayCell(text: string): string | null {
  return readDay(text.trim().replace(/^[A-Za-z]{3,9},\s+/, ""));
}

function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Reads one file downloaded from Google Ads: its encoding and separator,
 * its title and dates lines, which report it is (by its header), every row
 * with each value checked, and its totals rows, which must agree with the
 * rows to the cent. Every problem names the line (as a text editor counts
 * it) and the column; none means every row was read.
 */
export function readAdsReport(upload: UploadedFile, { now = new Date() }: { now?: Date } = {}): ReportReading {
  const file = uploadBaseName(upload.name) || "The file";
  const refuse = (status: 400 | 415, message: string, line?: number): ReportReading => ({
    ok: false,
    status,
    problems: [{ file, ...(line !== undefined ? { line } : {}), message }],
  });
  if (upload.bytes.length === 0) {
    return refuse(
      400,
      'the file is empty. In Google Ads choose Download, then ".csv" or "Excel .csv", and upload that file.',
    );
  }
  const binary = binaryKindOf(upload.bytes);
  if (binary) return refuse(415, binaryWords[binary]);
  const decoded = decodeUploadText(upload.bytes, { utf16: true });
  if (!decoded.ok) {
    return refuse(
      415,
      'this file is not text as Google Ads writes its reports (UTF-8 or UTF-16). In Google Ads choose Download, then ".csv" or "Excel .csv".',
    );
  }
  // "Excel .csv" separates values by tabs; ".csv" by commas. The header tells, by whichever it has more of.
  const head = decoded.text.split(/\r?\n/, HEADER_SEARCH_LINES).join("\n");
  const delimiter = (head.match(/\t/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) / 4 ? "\t" : ",";
  const format =
    delimiter === "\t"
      ? `Excel .csv (${decoded.encoding === "utf-8" ? "UTF-8" : "UTF-16"}, tabs)`
      : `.csv (${decoded.encoding === "utf-8" ? "UTF-8" : "UTF-16"}, commas)`;
  // The first lines alone, to find the header; then the table from the header on (see readCsvLines).
  const opening = readCsvLines(decoded.text.split(/\r?\n/, HEADER_SEARCH_LINES).join("\n"), { delimiter });
  if (!opening.ok) return refuse(400, opening.message, opening.line);
  if (opening.lines.length === 0) return refuse(400, "the file has no lines with anything in them.");
  const headerIndex = opening.lines.findIndex(({ cells }) =>
    cells.map(lower).some((cell) => cell === "campaign" || cell === "search term"),
  );
  if (headerIndex < 0) {
    const first = opening.lines[0]!;
    const other = OTHER_REPORTS.find(({ column }) => first.cells.some((cell) => lower(cell) === column.toLowerCase()));
    const starts = first.cells.join(delimiter === "\t" ? " " : ",").slice(0, 120);
    return refuse(
      400,
      other
        ? `this is a ${other.name}, not a Google Ads campaign or search terms report.`
        : `this is not a Google Ads campaign or search terms report: none of its first lines is a header with a Campaign column (it starts with "${starts}").`,
      first.line,
    );
  }
  const preamble = opening.lines.slice(0, headerIndex);
  const read = readCsvLines(decoded.text, { delimiter, fromLine: opening.lines[headerIndex]!.line });
  if (!read.ok) return refuse(400, read.message, read.line);
  const header = read.lines[0]!;
  const rows = read.lines.slice(1);
  const names = header.cells.map((cell) => cell.trim());
  const at = columnsOf(names);
  const has = (name: string) => names.some((cell) => cell.toLowerCase() === name.toLowerCase());
  const kind: AdReportKind = at.searchTerm !== undefined ? "search_terms" : "campaigns";

  if (kind === "campaigns") {
    const other = OTHER_REPORTS.find(({ column }) => has(column));
    if (other) {
      return refuse(
        400,
        `this is a Google Ads ${other.name} (it has a ${other.column} column). Upload the campaign report or the search terms report.`,
        header.line,
      );
    }
  }
  const coarse = COARSE_SEGMENTS.find((segment) => has(segment));
  if (coarse && at.day === undefined) {
    return refuse(
      400,
      `this report is broken down by ${coarse.toLowerCase()}, which adds days together. In Google Ads choose Segment, then Time, then Day, and download it again.`,
      header.line,
    );
  }
  const splitting = SPLITTING_SEGMENTS.find((segment) => has(segment));
  if (splitting) {
    return refuse(
      400,
      `this report is broken down by ${splitting}, so a campaign's day is spread over several rows. Remove that segment in Google Ads (keep Day) and download it again.`,
      header.line,
    );
  }
  const missing = REQUIRED_COLUMNS[kind].filter((column) => at[column] === undefined);
  if (missing.length > 0) {
    const words = missing.map((column) => `"${COLUMN_NAMES[column][0]}"`);
    return refuse(
      400,
      `the ${missing.length === 1 ? "column" : "columns"} ${listed(words)} ${missing.length === 1 ? "is" : "are"} missing. In Google Ads add ${missing.length === 1 ? "it" : "them"} to the table (Columns), then download the report again.`,
      header.line,
    );
  }
  if (rows.length > MAX_REPORT_ROWS) {
    return refuse(
      400,
      `the file has ${countWords(rows.length)} rows; a report of one account has far fewer. Download a shorter period at a time (at most ${countWords(MAX_REPORT_ROWS)} rows).`,
    );
  }

  // The preamble: the report's name, then its dates.
  let title: string | null = null;
  let dateLine: AdsReport["dateLine"] = null;
  for (const { line, cells } of preamble) {
    const text = cells.join(delimiter === "\t" ? " " : ",").trim();
    const dates = readDateFilter(text);
    if (dates.kind !== "unreadable" && !dateLine) {
      dateLine = { line, text, period: dates.kind === "range" ? dates.period : null };
    } else if (title === null) title = text.slice(0, 200);
  }

  const found = new ProblemList(file, 20);
  const today = todayIso(now);
  const reportRows: ReportRow[] = [];
  const totals: FileTotal[] = [];
  const seen = new Map<string, number>();
  let currency: string | null = null;
  let currencyLine = 0;
  const rangeDay = dateLine?.period && dateLine.period.start === dateLine.period.end ? dateLine.period.start : null;
  if (kind === "campaigns" && at.day === undefined && !rangeDay) {
    return refuse(
      400,
      dateLine
        ? `this report adds up every day of "${dateLine.text}", so it cannot be shown day by day. In Google Ads choose Segment, then Time, then Day, and download it again.`
        : "this report has no Day column. In Google Ads choose Segment, then Time, then Day, and download it again.",
      at.day === undefined ? header.line : undefined,
    );
  }

  for (const row of rows) {
    const { line, cells } = row;
    const cell = (column: ReportColumn) => {
      const index = at[column];
      return index === undefined ? undefined : (cells[index] ?? "").trim();
    };
    const firstFilled = cells.find((value) => value.trim() !== "")?.trim() ?? "";
    if (TOTAL_PREFIX.test(firstFilled)) {
      totals.push(readTotal(row, firstFilled, cell));
      continue;
    }
    if (cells.length !== names.length) {
      found.add({
        line,
        message: `the line has ${cells.length} values; the header has ${names.length}.${delimiter === "," ? " A value with a comma in it must be in quotes." : ""}`,
      });
      continue;
    }
    const fail = (column: ReportColumn, message: string) => {
      found.add({ line, column: COLUMN_NAMES[column][0], message });
      return null;
    };
    const name = cell("campaign")!;
    if (!name) {
      fail("campaign", "the campaign's name is empty.");
      continue;
    }
    if (name.length > MAX_TEXT) {
      fail("campaign", `the name is ${countWords(name.length)} characters long; Google Ads names are far shorter.`);
      continue;
    }
    let googleId: string | null = null;
    const idText = cell("campaignId");
    if (idText !== undefined) {
      if (!/^\d{1,20}$/.test(idText)) {
        fail("campaignId", `"${idText.slice(0, 40)}" is not a campaign ID (Google Ads writes digits only).`);
        continue;
      }
      googleId = idText;
    }

    let day: string | null = null;
    const dayText = cell("day");
    if (dayText !== undefined) {
      day = readDayCell(dayText);
      if (!day) {
        fail("day", `"${dayText.slice(0, 40)}" is not a day (Google Ads writes days as 2026-03-01).`);
        continue;
      }
      if (day < FIRST_ADS_DAY) {
        fail("day", `${day} is before Google Ads existed (October 2000).`);
        continue;
      }
      if (day > today) {
        fail("day", `${day} is in the future: a report cannot hold figures for days that have not happened.`);
        continue;
      }
      const period = dateLine?.period;
      if (period && (day < period.start || day > period.end)) {
        fail("day", `${day} is outside the report's own dates ("${dateLine!.text}", line ${dateLine!.line}).`);
        continue;
      }
    } else if (kind === "campaigns") {
      day = rangeDay;
    }

    const currencyText = cell("currency");
    if (currencyText !== undefined) {
      if (!/^[A-Z]{3}$/.test(currencyText) || !KNOWN_CURRENCIES.has(currencyText)) {
        fail(
          "currency",
          `"${currencyText.slice(0, 20)}" is not a currency code we know (Google Ads writes three letters, such as USD).`,
        );
        continue;
      }
      if (currency === null) {
        currency = currencyText;
        currencyLine = line;
      } else if (currencyText !== currency) {
        fail(
          "currency",
          `this row is in ${currencyText}, the rows before it in ${currency} (line ${currencyLine}). A Google Ads account has one currency: download one account at a time.`,
        );
        continue;
      }
    }

    const whole = (column: "impressions" | "clicks") => {
      const text = cell(column)!;
      if (text === NONE || text === "") return 0;
      if (!WHOLE.test(text))
        return fail(column, `"${text.slice(0, 40)}" is not a whole number (Google Ads writes 1,234).`);
      const n = Number(text.replace(/,/g, ""));
      return n <= MAX_COUNT ? n : fail(column, `${text} is more than any account's report holds.`);
    };
    const impressions = whole("impressions");
    const clicks = whole("clicks");
    const costText = cell("cost")!;
    const costMicros =
      costText === NONE || costText === ""
        ? 0
        : (readAmountMicros(costText) ??
          fail(
            "cost",
            costText.startsWith("-")
              ? `"${costText}" is below zero: a campaign's cost never is.`
              : `"${costText.slice(0, 40)}" is not an amount (Google Ads writes 1,234.56, without a currency sign).`,
          ));
    let conversions: number | null = null;
    const conversionsText = cell("conversions");
    if (conversionsText !== undefined) {
      const micros = conversionsText === NONE || conversionsText === "" ? 0 : readAmountMicros(conversionsText);
      if (micros === null || micros % (MICROS / 100) !== 0) {
        fail(
          "conversions",
          `"${conversionsText.slice(0, 40)}" is not a number of conversions (Google Ads writes 12.50).`,
        );
        continue;
      }
      conversions = micros / (MICROS / 100);
    }
    if (impressions === null || clicks === null || costMicros === null) continue;
    if (!checkRates(cell, { impressions, clicks, costMicros, currency }, fail)) continue;

    const searchTerm = cell("searchTerm") ?? "";
    const adGroup = cell("adGroup") ?? "";
    const matchType = cell("matchType") ?? "";
    if (kind === "search_terms") {
      if (!searchTerm) {
        fail("searchTerm", "the search term is empty.");
        continue;
      }
      if (searchTerm.length > MAX_TEXT || adGroup.length > MAX_TEXT || matchType.length > 100) {
        fail("searchTerm", "the line's values are far longer than Google Ads writes them.");
        continue;
      }
    }
    const key = [googleId ?? `name:${name}`, day ?? "", adGroup, searchTerm, matchType].join("\u0001");
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const what =
        kind === "campaigns"
          ? googleId
            ? `campaign ${googleId} on ${day}`
            : `a campaign named "${name.slice(0, 80)}" on ${day}`
          : `"${searchTerm.slice(0, 80)}" in ${adGroup ? `ad group "${adGroup.slice(0, 60)}" of ` : ""}"${name.slice(0, 60)}"${day ? ` on ${day}` : ""}`;
      const hint =
        kind === "campaigns" && !googleId
          ? " If two campaigns have the same name, add the Campaign ID column in Google Ads so they can be told apart."
          : "";
      found.add({ line, message: `${what} is listed twice (also on line ${earlier}).${hint}` });
      continue;
    }
    seen.set(key, line);
    reportRows.push({
      line,
      campaign: { googleId, name },
      day,
      impressions,
      clicks,
      costMicros,
      conversions,
      adGroup,
      searchTerm,
      matchType,
    });
  }
  if (found.size > 0) return { ok: false, status: 400, problems: found.all() };
  if (reportRows.length === 0) {
    return refuse(
      400,
      "the report has no rows with a campaign, only its header and totals. Choose dates in Google Ads when the campaigns ran.",
    );
  }
  const totalsProblem = checkTotals(kind, reportRows, totals);
  if (totalsProblem) return { ok: false, status: 400, problems: [{ file, ...totalsProblem }] };
  return {
    ok: true,
    report: {
      kind,
      file,
      format,
      title,
      dateLine,
      byDay: at.day !== undefined || (kind === "campaigns" && rangeDay !== null),
      rows: reportRows,
      currency,
      hasConversions: at.conversions !== undefined,
      totals,
    },
  };
}

/** A totals row, read leniently: a figure it does not give (or gives unreadably) is null. */
function readTotal(row: CsvLine, label: string, cell: (column: ReportColumn) => string | undefined): FileTotal {
  const count = (column: "impressions" | "clicks") => {
    const text = cell(column);
    return text !== undefined && WHOLE.test(text) ? Number(text.replace(/,/g, "")) : null;
  };
  const cost = cell("cost");
  return {
    label: label.replace(TOTAL_PREFIX, "").trim(),
    line: row.line,
    impressions: count("impressions"),
    clicks: count("clicks"),
    costMicros: cost !== undefined ? readAmountMicros(cost) : null,
  };
}

/**
 * CTR and average CPC, when the file has them, must be what its clicks,
 * impressions and cost make (within Google's rounding): a row whose columns
 * slipped, or a file edited by hand, says so here instead of being stored.
 */
function checkRates(
  cell: (column: ReportColumn) => string | undefined,
  row: { impressions: number; clicks: number; costMicros: number; currency: string | null },
  fail: (column: ReportColumn, message: string) => null,
): boolean {
  const ctrText = cell("ctr");
  if (ctrText !== undefined && ctrText !== NONE && ctrText !== "") {
    const match = PERCENT.exec(ctrText);
    if (!match) {
      fail("ctr", `"${ctrText.slice(0, 40)}" is not a percentage (Google Ads writes CTR as 3.45%).`);
      return false;
    }
    const expected = row.impressions > 0 ? (row.clicks / row.impressions) * 100 : 0;
    if (Math.abs(Number(match[1]) - expected) > 0.0051) {
      fail(
        "ctr",
        `${ctrText} does not match ${countWords(row.clicks)} ${plural(row.clicks, "click", "clicks")} out of ${countWords(row.impressions)} ${plural(row.impressions, "impression", "impressions")} (${expected.toFixed(2)}%): the row's columns may have slipped.`,
      );
      return false;
    }
  }
  const cpcText = cell("avgCpc");
  if (cpcText !== undefined && cpcText !== NONE && cpcText !== "" && row.clicks > 0) {
    const cpc = readAmountMicros(cpcText);
    if (cpc === null) {
      fail("avgCpc", `"${cpcText.slice(0, 40)}" is not an amount (Google Ads writes 1.23, without a currency sign).`);
      return false;
    }
    // Cost and the average are each rounded to the currency's smallest unit: they may differ by one.
    const unit = MICROS / 10 ** (row.currency ? currencyDecimals(row.currency) : 2);
    if (Math.abs(cpc - row.costMicros / row.clicks) > unit * 1.01) {
      fail(
        "avgCpc",
        `${cpcText} does not match the cost divided by ${countWords(row.clicks)} ${plural(row.clicks, "click", "clicks")}: the row's columns may have slipped.`,
      );
      return false;
    }
  }
  return true;
}

/**
 * The file's own totals against its rows: "Total: Campaigns" (or "Total:
 * Search terms") must equal them exactly, and "Total: Account" may only be
 * more (campaigns a filter left out). A file cut short or edited is caught here.
 */
function checkTotals(
  kind: AdReportKind,
  rows: readonly ReportRow[],
  totals: readonly FileTotal[],
): { line: number; message: string } | null {
  const sum = { impressions: 0, clicks: 0, costMicros: 0 };
  for (const row of rows) {
    sum.impressions += row.impressions;
    sum.clicks += row.clicks;
    sum.costMicros += row.costMicros;
  }
  const own = kind === "campaigns" ? "campaigns" : "search terms";
  const figures = [
    ["impressions", "Impr."],
    ["clicks", "Clicks"],
    ["costMicros", "Cost"],
  ] as const;
  const show = (key: (typeof figures)[number][0], n: number) =>
    key === "costMicros" ? (n / MICROS).toLocaleString("en-US", { minimumFractionDigits: 2 }) : countWords(n);
  for (const total of totals) {
    const label = total.label.toLowerCase();
    for (const [key, column] of figures) {
      const stated = total[key];
      if (stated === null) continue;
      if (label === own && stated !== sum[key]) {
        return {
          line: total.line,
          message: `the file's own total (Total: ${total.label}) says ${show(key, stated)} for ${column}, but its rows add up to ${show(key, sum[key])}. The file is incomplete or was changed after it was downloaded: download it again.`,
        };
      }
      if (label === "account" && stated < sum[key]) {
        return {
          line: total.line,
          message: `the account's total (Total: Account) says ${show(key, stated)} for ${column}, less than its rows add up to (${show(key, sum[key])}). The file was changed after it was downloaded: download it again.`,
        };
      }
    }
  }
  return null;
}
