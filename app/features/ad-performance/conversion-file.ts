import type { AdConversionKind } from "~/db/schema";
import { currencyDecimals, MICROS } from "./money";

/**
 * Google Ads' offline conversion import file ("conversions from clicks"),
 * as its template lays it out (decision 0033 says where it was found): a
 * first line naming the time zone of the conversion times, then the header
 * and one row per conversion. Each row carries exactly one click id: the
 * Google Click ID, or the GBRAID or WBRAID Google gives instead on iOS.
 * Nothing else about the person: no name, e-mail or phone.
 */
export const CONVERSION_HEADER = [
  "Google Click ID",
  "GBRAID",
  "WBRAID",
  "Conversion Name",
  "Conversion Time",
  "Conversion Value",
  "Conversion Currency",
] as const;

export type ClickIdType = "gclid" | "gbraid" | "wbraid";

/** A conversion as the file holds it. */
export interface ConversionLine {
  clickType: ClickIdType;
  clickId: string;
  kind: AdConversionKind;
  at: Date;
}

/** What staff chose: the conversion action names, and values if they gave them. Values in micros. */
export interface ConversionSettings {
  kinds: AdConversionKind[];
  names: Record<AdConversionKind, string>;
  values: Record<AdConversionKind, number | null>;
  currency: string | null;
}

/** Google's click ids are URL-safe base64 (letters, digits, "-" and "_"); anything else is no click id of Google's. */
export const CLICK_ID = /^[A-Za-z0-9_-]{8,512}$/;

/** "2026-03-10 14:05:00": a conversion time in the file's time zone, as Google's template writes it. */
export function conversionTime(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break (names are checked for formulas when typed). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The whole file: UTF-8 without a byte-order mark (its first line must start with "Parameters"), CRLF line ends. */
export function conversionFile(lines: readonly ConversionLine[], settings: ConversionSettings, zone: string): string {
  const rows = [[`Parameters:TimeZone=${zone}`], [...CONVERSION_HEADER]];
  for (const line of lines) {
    const value = settings.values[line.kind];
    const decimals = settings.currency ? currencyDecimals(settings.currency) : 2;
    rows.push([
      line.clickType === "gclid" ? line.clickId : "",
      line.clickType === "gbraid" ? line.clickId : "",
      line.clickType === "wbraid" ? line.clickId : "",
      settings.names[line.kind],
      conversionTime(line.at, zone),
      value === null ? "" : (value / MICROS).toFixed(decimals),
      value === null ? "" : (settings.currency ?? ""),
    ]);
  }
  return `${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
