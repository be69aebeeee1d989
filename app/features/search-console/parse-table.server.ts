import { readCsvLines, type CsvLine } from "~/lib/csv-lines.server";
import { ProblemList, type UploadProblem } from "~/lib/upload-problems";
import { normalisePageUrl } from "./page-address";
import { readIsoDay } from "~/lib/periods";
import {
  EXPORT_ROW_CAP,
  EXPORT_TABLES,
  expectedHeader,
  METRIC_COLUMNS,
  type ExportTable,
  type MetricColumn,
} from "./export-format";
import { plural } from "~/lib/plural";

/** Something wrong in a file, where it is (app/lib/upload-problems.ts words it). */
export type ExportProblem = UploadProblem;

/** One query or page with its figures (CTR as a percentage: 12.5 for "12.5%"). */
export interface MetricRow {
  key: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface FilterRow {
  name: string;
  value: string;
  line: number;
}

/** A file read as one of the export's tables. */
export type ParsedTable =
  | { table: "queries" | "pages"; file: string; rows: MetricRow[]; withoutImpressions: number; capped: boolean }
  | { table: "dates"; file: string; days: string[] }
  | { table: "filters"; file: string; filters: FilterRow[] }
  | { table: "countries" | "devices" | "appearance"; file: string; rows: number };

/** More than this many rows in one file is no Performance report export (its tables stop at 1,000). */
export const MAX_TABLE_ROWS = 50_000;
/**
 * Search Console's queries and addresses are far shorter (Google stops a query at 32 words, and
 * addresses at about 2,000 characters); a longer cell is a damaged file. In bytes, since the key is
 * part of a B-tree index, whose entries PostgreSQL caps at about 2,700 bytes.
 */
const MAX_KEY_BYTES = 2000;
/** Counts are stored as 32-bit integers; no site's export comes near. */
const MAX_COUNT = 2_000_000_000;
/** Google lists a few hundred results for a search at most. */
const MAX_POSITION = 1000;
/** Past this many problems in one file, the rest are counted, not listed. */
const MAX_PROBLEMS_PER_FILE = 20;

const KNOWN_NAMES: [RegExp, ExportTable][] = [
  [/^queries$/i, "queries"],
  [/^pages$/i, "pages"],
  [/^(chart|dates)$/i, "dates"],
  [/^countries$/i, "countries"],
  [/^devices$/i, "devices"],
  [/^search appearance$/i, "appearance"],
  [/^filters$/i, "filters"],
];

/** The table a file name promises ("Queries.csv", "Queries (2).csv"), or undefined for any other name. */
export function tableOfName(name: string): ExportTable | undefined {
  const base = name
    .replace(/^.*[\\/]/, "")
    .replace(/\.csv$/i, "")
    .replace(/\s*\(\d+\)$/, "")
    .trim();
  return KNOWN_NAMES.find(([pattern]) => pattern.test(base))?.[1];
}

function tableOfHeader(first: string): ExportTable | undefined {
  const cell = first.trim().toLowerCase();
  return (Object.keys(EXPORT_TABLES) as ExportTable[]).find(
    (table) => EXPORT_TABLES[table].first.toLowerCase() === cell,
  );
}

const WHOLE = /^(\d+|\d{1,3}(,\d{3})+)$/;
const PERCENT = /^(\d+(?:\.\d+)?)\s?%$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/**
 * Reads one CSV file of a Search Console export: which table it is (by its
 * header, checked against what its name promises), then every row, each
 * value checked. Problems name the file, the line (as a text editor counts
 * it) and the column; none means every row was read.
 */
export function parseExportTable(file: string, text: string): { table?: ParsedTable; problems: ExportProblem[] } {
  const read = readCsvLines(text);
  if (!read.ok) return { problems: [{ file, line: read.line, message: read.message }] };
  const lines = read.lines;
  const header = lines.shift();
  const promised = tableOfName(file);
  if (!header) {
    const what = promised ? `; it should start with the header ${expectedHeader(promised)}` : "";
    return { problems: [{ file, message: `the file is empty${what}.` }] };
  }
  const found = tableOfHeader(header.cells[0] ?? "");
  const firstLine = header.cells.join(",");
  if (promised && found !== promised) {
    return {
      problems: [
        {
          file,
          line: header.line,
          message: `expected the header ${expectedHeader(promised)}, but the file starts with "${firstLine.slice(0, 120)}".`,
        },
      ],
    };
  }
  if (!found) {
    return {
      problems: [
        {
          file,
          line: header.line,
          message: `this is not a file of a Search Console Performance export: it starts with "${firstLine.slice(0, 120)}". We read Queries.csv (${expectedHeader("queries")}), Pages.csv (${expectedHeader("pages")}), Chart.csv or Dates.csv (${expectedHeader("dates")}) and Filters.csv (${expectedHeader("filters")}).`,
        },
      ],
    };
  }
  if (lines.length > MAX_TABLE_ROWS) {
    return {
      problems: [
        {
          file,
          message: `the file has ${lines.length.toLocaleString("en-US")} rows; an export has at most ${MAX_TABLE_ROWS.toLocaleString("en-US")}.`,
        },
      ],
    };
  }
  if (found === "filters") return readFilters(file, header, lines);
  return readMetrics(file, found, header, lines);
}

function readFilters(
  file: string,
  header: CsvLine,
  lines: CsvLine[],
): { table?: ParsedTable; problems: ExportProblem[] } {
  if (header.cells.length < 2 || header.cells[1]!.trim().toLowerCase() !== "value") {
    return { problems: [{ file, line: header.line, message: `expected the header ${expectedHeader("filters")}.` }] };
  }
  const problems: ExportProblem[] = [];
  const filters: FilterRow[] = [];
  for (const { line, cells } of lines) {
    if (cells.length !== 2) {
      problems.push({
        file,
        line,
        message: `the line has ${cells.length} values; the header has 2 (Filter and Value).`,
      });
      continue;
    }
    filters.push({ name: cells[0]!.trim(), value: cells[1]!.trim(), line });
  }
  return problems.length > 0 ? { problems } : { table: { table: "filters", file, filters }, problems };
}

function readMetrics(
  file: string,
  table: Exclude<ExportTable, "filters">,
  header: CsvLine,
  lines: CsvLine[],
): { table?: ParsedTable; problems: ExportProblem[] } {
  const names = header.cells.map((cell) => cell.trim());
  const compared = names.filter((name) => /^.+ (clicks|impressions|ctr|position)$/i.test(name));
  if (compared.length > 0) {
    return {
      problems: [
        {
          file,
          line: header.line,
          message: `this export compares two periods (its columns include ${listed(compared.slice(0, 2))}). In Search Console, turn off "Compare" in the date filter, then export one period at a time.`,
        },
      ],
    };
  }
  const at = {} as Record<MetricColumn, number>;
  const missing: MetricColumn[] = [];
  for (const column of METRIC_COLUMNS) {
    const index = names.findIndex((name) => name.toLowerCase() === column.toLowerCase());
    if (index <= 0) missing.push(column);
    else at[column] = index;
  }
  if (missing.length > 0) {
    return {
      problems: [
        {
          file,
          line: header.line,
          message: `the ${missing.length === 1 ? "column" : "columns"} ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing: expected the header ${expectedHeader(table)}.`,
        },
      ],
    };
  }
  if (table === "countries" || table === "devices" || table === "appearance") {
    return { table: { table, file, rows: lines.length }, problems: [] };
  }

  const found = new ProblemList(file, MAX_PROBLEMS_PER_FILE);
  const keyColumn = EXPORT_TABLES[table].first;
  const seen = new Map<string, number>();
  const rows: MetricRow[] = [];
  const days: string[] = [];
  let withoutImpressions = 0;

  for (const { line, cells } of lines) {
    if (cells.length !== names.length) {
      found.add({
        line,
        message: `the line has ${cells.length} values; the header has ${names.length}. A value with a comma in it must be in quotes.`,
      });
      continue;
    }
    const value = (column: MetricColumn) => cells[at[column]]!.trim();
    const fail = (column: string, message: string) => {
      found.add({ line, column, message });
      return null;
    };
    const whole = (column: "Clicks" | "Impressions") => {
      const text = value(column);
      if (!WHOLE.test(text)) return fail(column, `"${text}" is not a whole number.`);
      const n = Number(text.replace(/,/g, ""));
      return n <= MAX_COUNT ? n : fail(column, `${text} is more than a site's export can hold.`);
    };

    const keyText = cells[0]!;
    let key: string | null = null;
    if (table === "dates") {
      key =
        readIsoDay(keyText) ??
        fail(keyColumn, `"${keyText}" is not a date (Search Console writes days as 2026-03-01).`);
    } else if (!keyText.trim()) {
      fail(keyColumn, `the ${table === "queries" ? "query" : "page address"} is empty.`);
    } else if (Buffer.byteLength(keyText) > MAX_KEY_BYTES) {
      fail(
        keyColumn,
        `the value is ${keyText.length.toLocaleString("en-US")} characters long; Search Console's are far shorter.`,
      );
    } else if (table === "pages") {
      key =
        normalisePageUrl(keyText) === null
          ? fail(
              keyColumn,
              `"${keyText.slice(0, 80)}" is not a page address: Search Console writes full addresses such as https://example.com/services.`,
            )
          : keyText.trim();
    } else {
      key = keyText;
    }
    if (key !== null) {
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        fail(keyColumn, `"${key.slice(0, 80)}" is listed twice (also on line ${earlier}).`);
        continue;
      }
      seen.set(key, line);
    }
    const clicks = whole("Clicks");
    const impressions = whole("Impressions");
    if (key === null || clicks === null || impressions === null) continue;
    if (clicks > impressions) {
      fail(
        "Clicks",
        `${clicks} ${plural(clicks, "click", "clicks")} but only ${impressions} ${plural(impressions, "impression", "impressions")}: a result cannot be clicked more often than it was seen.`,
      );
      continue;
    }
    if (table === "dates") {
      days.push(key);
      continue;
    }
    // A row Google never showed has no CTR or position to read (Search Console leaves them empty or 0).
    if (impressions === 0) {
      withoutImpressions += 1;
      continue;
    }
    const ctrText = value("CTR");
    const ctrMatch = PERCENT.exec(ctrText);
    const ctr = ctrMatch ? Number(ctrMatch[1]) : null;
    if (ctr === null || ctr > 100) {
      fail("CTR", `"${ctrText}" is not a percentage (Search Console writes CTR as 12.5%).`);
      continue;
    }
    const positionText = value("Position");
    const position = DECIMAL.test(positionText) ? Number(positionText) : null;
    if (position === null || position < 1 || position > MAX_POSITION) {
      fail("Position", `"${positionText}" is not a position (an average from 1 to 1,000, such as 8.2).`);
      continue;
    }
    rows.push({ key, clicks, impressions, ctr, position });
  }
  if (found.size > 0) return { problems: found.all() };
  if (table === "dates") return { table: { table, file, days }, problems: [] };
  return {
    table: { table, file, rows, withoutImpressions, capped: lines.length === EXPORT_ROW_CAP },
    problems: [],
  };
}
