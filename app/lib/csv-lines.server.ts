import { CsvError, parse } from "csv-parse/sync";

/** A record of a CSV file with the line it starts on (a quoted value may run over several lines). */
export interface CsvLine {
  line: number;
  cells: string[];
}

export type CsvReading = { ok: true; lines: CsvLine[] } | { ok: false; line?: number; message: string };

function csvErrorWords(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted value is never closed (a quote mark is missing).";
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'a quote mark (") stands inside a value: a value with quote marks must itself be in quotes, with each quote mark doubled.';
    default:
      return "this line cannot be read as CSV.";
  }
}

/**
 * Reads a CSV (or tab-separated) text into records, each with the line it
 * starts on as a text editor counts it; blank lines are dropped, a byte-order
 * mark is ignored, and records may have any number of values (a report's
 * title lines have one). Broken quoting is a sentence naming the line, never
 * an exception.
 */
export function readCsvLines(text: string, { delimiter = "," }: { delimiter?: string } = {}): CsvReading {
  let records: { record: string[]; info: { lines: number } }[];
  // The line the last whole record ended on: a quote never closed is reported where its record began.
  let lastEnd = 0;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      delimiter,
      on_record: (record: string[], context: { lines: number }) => {
        lastEnd = context.lines;
        return record;
      },
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = error.code === "CSV_QUOTE_NOT_CLOSED" ? lastEnd + 1 : (error as CsvError & { lines?: number }).lines;
      return { ok: false, line, message: csvErrorWords(error) };
    }
    throw error;
  }
  const lines: CsvLine[] = [];
  let previousEnd = 0;
  for (const { record, info } of records) {
    if (!(record.length === 1 && record[0]!.trim() === "")) lines.push({ line: previousEnd + 1, cells: record });
    previousEnd = info.lines;
  }
  return { ok: true, lines };
}
