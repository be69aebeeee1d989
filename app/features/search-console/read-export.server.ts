import { unzipSync } from "fflate";
import { binaryKindOf, decodeUploadText, uploadBaseName as baseName } from "~/lib/upload-text.server";
import { EXPORT_ROW_CAP, EXPORT_TABLES, type ExportTable } from "./export-format";
import {
  parseExportTable,
  type ExportProblem,
  type FilterRow,
  type MetricRow,
  type ParsedTable,
} from "./parse-table.server";

/** A file as it was uploaded. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** The export's tables that matter here, each from one file. */
export interface ReadExport {
  queries: { file: string; rows: MetricRow[] } | null;
  pages: { file: string; rows: MetricRow[] } | null;
  dates: { file: string; days: string[] } | null;
  filters: { file: string; rows: FilterRow[] } | null;
  /** The files read, by name. */
  files: string[];
  /** What was left out and why, in plain words. */
  notes: string[];
}

/** A CSV inside a zip larger than this (unpacked) is no Performance export; refusing it bounds memory. */
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** An export is seven CSV files; an upload of more than this many is something else (and bounds the work). */
export const MAX_CSV_FILES = 20;

const sentenceList = (names: string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The CSV texts of what was uploaded: the zip Search Console downloads
 * (its CSV files, read in place without touching the disk) and single CSV
 * files, decoded as UTF-8. A workbook, a damaged zip or a file that is not
 * text is refused by name.
 */
function unpack(files: UploadedFile[]): {
  texts: { name: string; text: string }[];
  problems: ExportProblem[];
  notes: string[];
} {
  const texts: { name: string; text: string }[] = [];
  const problems: ExportProblem[] = [];
  const notes: string[] = [];
  const decode = (name: string, bytes: Uint8Array) => {
    const decoded = decodeUploadText(bytes);
    if (decoded.ok) texts.push({ name, text: decoded.text });
    else
      problems.push({ file: name, message: "this file is not text in UTF-8, as Search Console writes its CSV files." });
  };

  for (const file of files) {
    const name = baseName(file.name) || "The file";
    if (file.bytes.length === 0) {
      problems.push({ file: name, message: "the file is empty." });
      continue;
    }
    if (binaryKindOf(file.bytes) !== "zip") {
      decode(name, file.bytes);
      continue;
    }
    let entries: Record<string, Uint8Array>;
    const skipped: string[] = [];
    let workbook = false;
    const tooLarge: string[] = [];
    try {
      entries = unzipSync(file.bytes, {
        filter: (entry) => {
          const entryName = baseName(entry.name);
          if (entry.name.endsWith("/") || !entryName) return false;
          if (entry.name === "[Content_Types].xml" || entry.name.startsWith("xl/")) workbook = true;
          if (!/\.csv$/i.test(entryName)) {
            skipped.push(entryName);
            return false;
          }
          if (entry.originalSize > MAX_UNPACKED_BYTES) {
            tooLarge.push(entryName);
            return false;
          }
          return true;
        },
      });
    } catch {
      problems.push({
        file: name,
        message: "this zip file is damaged and cannot be opened. Download the export again.",
      });
      continue;
    }
    if (workbook) {
      problems.push({
        file: name,
        message:
          'this is an Excel workbook. In Search Console choose Export, then "Download CSV", and upload the zip it gives.',
      });
      continue;
    }
    for (const entryName of tooLarge) {
      problems.push({
        file: `${name}: ${entryName}`,
        message: "this file is too large to be part of a Search Console export.",
      });
    }
    const csvNames = Object.keys(entries);
    if (csvNames.length === 0 && tooLarge.length === 0) {
      problems.push({
        file: name,
        message: 'this zip holds no CSV files. Upload the zip from Search Console\'s "Download CSV".',
      });
      continue;
    }
    for (const entry of csvNames) decode(baseName(entry), entries[entry]!);
    if (skipped.length > 0) notes.push(`Left out of ${name}: ${sentenceList(skipped)} (not CSV files).`);
  }
  return { texts, problems, notes };
}

/**
 * Reads an upload into the tables this feature uses: every file checked
 * (its header, each row), each table from one file only, and at least
 * queries or pages. The problems are in the order of the files; nothing
 * half-read is returned with them.
 */
export function readExport(files: UploadedFile[]): { export?: ReadExport; problems: ExportProblem[] } {
  const { texts, problems, notes } = unpack(files);
  if (texts.length > MAX_CSV_FILES) {
    return {
      problems: [
        {
          file: files.length === 1 ? baseName(files[0]!.name) : "The upload",
          message: `it holds ${texts.length} CSV files; a Search Console export has seven. Upload one export at a time.`,
        },
      ],
    };
  }
  const tables: ParsedTable[] = [];
  for (const { name, text } of texts) {
    const read = parseExportTable(name, text);
    problems.push(...read.problems);
    if (read.table) tables.push(read.table);
  }
  const byTable = new Map<ExportTable, ParsedTable>();
  for (const table of tables) {
    const earlier = byTable.get(table.table);
    if (earlier) {
      problems.push({
        file: table.file,
        message: `${earlier.file} holds the same table (${EXPORT_TABLES[table.table].words}). Upload one export at a time.`,
      });
    } else byTable.set(table.table, table);
  }
  if (problems.length > 0) return { problems };

  const queries = byTable.get("queries");
  const pages = byTable.get("pages");
  if (!queries && !pages) {
    return {
      problems: [
        {
          file: texts.length === 1 ? texts[0]!.name : "The upload",
          message:
            "there are no queries or pages in it. Upload the zip Search Console downloads, or its Queries.csv and Pages.csv.",
        },
      ],
    };
  }
  const unused = tables.filter((t) => t.table === "countries" || t.table === "devices" || t.table === "appearance");
  if (unused.length > 0) {
    notes.push(`Not used: ${sentenceList(unused.map((t) => t.file))}. This report needs the queries and pages only.`);
  }
  for (const table of [queries, pages]) {
    if (table?.table !== "queries" && table?.table !== "pages") continue;
    const words = EXPORT_TABLES[table.table].words;
    if (table.withoutImpressions > 0) {
      notes.push(
        `Left out of ${table.file}: ${table.withoutImpressions} ${table.withoutImpressions === 1 ? "row" : "rows"} with no impressions (Google never showed them).`,
      );
    }
    if (table.capped) {
      notes.push(
        `${table.file} has ${EXPORT_ROW_CAP.toLocaleString("en-US")} rows, the most Search Console puts in an export: ${words} with fewer impressions are not in it.`,
      );
    }
  }
  const dates = byTable.get("dates");
  const filters = byTable.get("filters");
  return {
    export: {
      queries: queries?.table === "queries" ? { file: queries.file, rows: queries.rows } : null,
      pages: pages?.table === "pages" ? { file: pages.file, rows: pages.rows } : null,
      dates: dates?.table === "dates" ? { file: dates.file, days: dates.days } : null,
      filters: filters?.table === "filters" ? { file: filters.file, rows: filters.filters } : null,
      files: tables.map((t) => t.file),
      notes,
    },
    problems: [],
  };
}
