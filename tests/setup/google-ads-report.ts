import fs from "node:fs";
import path from "node:path";
import { root } from "./paths";

/** The hand-written Google Ads downloads of tests/fixtures/google-ads (see its README). */
export const GOOGLE_ADS_FIXTURES = path.join(root, "tests/fixtures/google-ads");

export type GoogleAdsFixture = "campaigns-daily.csv" | "campaigns-daily-excel.csv" | "search-terms.csv";

/** A fixture's bytes as on disk (the Excel one in UTF-16 with its byte-order mark). */
export function googleAdsFixture(name: GoogleAdsFixture): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(GOOGLE_ADS_FIXTURES, name)));
}

/** A ".csv" download: UTF-8, lines ending CRLF as Google Ads writes them. */
export function adsCsv(lines: readonly string[]): Uint8Array {
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

/** An "Excel .csv" download: UTF-16 little-endian with a byte-order mark, values separated by tabs. */
export function adsExcelCsv(rows: readonly (readonly string[])[]): Uint8Array {
  const text = `${rows.map((cells) => cells.join("\t")).join("\r\n")}\r\n`;
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + i * 2] = code & 0xff;
    bytes[3 + i * 2] = code >> 8;
  }
  return bytes;
}

/** The campaign report's header as the fixtures have it. */
export const CAMPAIGN_HEADER =
  "Day,Campaign,Campaign ID,Campaign status,Currency code,Impr.,Clicks,CTR,Avg. CPC,Cost,Conversions";

/** A daily campaign report of these rows (in the fixture's columns), with its title and dates lines. */
export function campaignReport(rows: readonly string[], dates = '"March 1, 2026 - March 7, 2026"'): Uint8Array {
  return adsCsv(["Campaign report", dates, CAMPAIGN_HEADER, ...rows]);
}
