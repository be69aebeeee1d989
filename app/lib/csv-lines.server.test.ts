import { describe, expect, it } from "vitest";
import { readCsvLines } from "./csv-lines.server";

describe("reading CSV records with their lines", () => {
  it("reads a text without quote marks exactly as csv-parse reads it (the quick path), blank lines left out", () => {
    const texts = [
      "\uFEFFa,b,c\r\n1,2,3\r\n\r\n4,,6\r\n",
      "title\nx\ty\tz\n\n\t\t\n1\t2\t3",
      "one\rtwo,three\r\r",
      "   \n a , b \n",
    ];
    for (const text of texts) {
      const delimiter = text.includes("\t") ? "\t" : ",";
      const quick = readCsvLines(text, { delimiter });
      // The same text with a quote mark in a comment line forces csv-parse; its records must match line for line.
      const parsed = readCsvLines(`${text}${/\r\n|\n|\r/.exec(text)?.[0] ?? "\n"}"q"`, { delimiter });
      expect(parsed.ok && quick.ok).toBe(true);
      if (!parsed.ok || !quick.ok) continue;
      expect(quick.lines).toEqual(parsed.lines.slice(0, -1));
    }
  });

  it("starts at a given line, still counting the lines before it", () => {
    const text = 'Report\r\n"March 1, 2026 - March 7, 2026"\r\nDay,Cost\r\n2026-03-01,"1,234.56"\r\n';
    expect(readCsvLines(text, { fromLine: 3 })).toEqual({
      ok: true,
      lines: [
        { line: 3, cells: ["Day", "Cost"] },
        { line: 4, cells: ["2026-03-01", "1,234.56"] },
      ],
    });
    expect(readCsvLines("Report\nDay\tCost\n2026-03-01\t1.00\n", { delimiter: "\t", fromLine: 2 })).toEqual({
      ok: true,
      lines: [
        { line: 2, cells: ["Day", "Cost"] },
        { line: 3, cells: ["2026-03-01", "1.00"] },
      ],
    });
  });

  it("names the line where a quoted value that is never closed begins", () => {
    expect(readCsvLines('a,b\r\n1,2\r\n"open,3\r\n4,5\r\n')).toEqual({
      ok: false,
      line: 3,
      message: "a quoted value is never closed (a quote mark is missing).",
    });
  });
});
