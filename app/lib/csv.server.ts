import { stringify } from "csv-stringify/sync";

/**
 * CSV for staff exports (RFC 4180, UTF-8 with a byte-order mark so Excel
 * reads accents right). `escape_formulas` neutralises cells a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return: CSV injection,
 * OWASP): a person's typed name like `=HYPERLINK(…)` is shown, never run.
 */
const OPTIONS = { escape_formulas: true, record_delimiter: "\r\n" } as const;

export type CsvCell = string | number | boolean | null | undefined;

/** Rows as CSV text (for small exports built in one go). */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${stringify([header as CsvCell[], ...(rows as CsvCell[][])], OPTIONS)}`;
}

/**
 * A CSV download streamed batch by batch: each batch is written as it
 * arrives, so a large export never holds all its rows in memory, and the
 * client's pace (back-pressure through `pull`) decides when the next batch
 * is read.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly CsvCell[])[]>) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${stringify([header as CsvCell[]], OPTIONS)}`));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      if (next.value.length > 0) controller.enqueue(encoder.encode(stringify(next.value as CsvCell[][], OPTIONS)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The headers of a CSV download named `filename` (never a person's name: a date and what it holds). */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
