import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { root } from "./paths";

/** The hand-written exports of tests/fixtures/search-console (see its README). */
export const SEARCH_CONSOLE_FIXTURES = path.join(root, "tests/fixtures/search-console");

/** A fixture export's files by name (bytes as on disk, byte-order mark included). */
export function fixtureFiles(name: "site" | "page-services"): Record<string, Uint8Array> {
  const dir = path.join(SEARCH_CONSOLE_FIXTURES, name);
  return Object.fromEntries(
    fs.readdirSync(dir).map((file) => [file, new Uint8Array(fs.readFileSync(path.join(dir, file)))]),
  );
}

/** A CSV file as Search Console writes it: UTF-8 with a byte-order mark. */
export function csvFile(text: string): Uint8Array {
  return new TextEncoder().encode(`\uFEFF${text}`);
}

/** The zip Search Console's "Download CSV" gives, of these files. */
export function exportZip(files: Record<string, Uint8Array | string>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, data]) => [name, typeof data === "string" ? csvFile(data) : data]),
    ),
  );
}
