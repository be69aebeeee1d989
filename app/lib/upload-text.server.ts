/**
 * What every import of staff files needs before it can read a line: a file
 * name fit to show and store, what a file that is not text is, and its text
 * in the encoding it was written in.
 */

/** A file's name without folders, control characters (it is shown and stored) or excess length. */
export function uploadBaseName(name: string): string {
  return (
    name
      .replace(/^.*[\\/]/, "")
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .slice(0, 120)
  );
}

/** Files that are no text, told by their first bytes. */
export type BinaryKind = "zip" | "pdf" | "xls" | "gzip" | "image";

/** What a file is when its first bytes say it is not text (a zip, which includes .xlsx; a PDF; an old .xls…). */
export function binaryKindOf(bytes: Uint8Array): BinaryKind | null {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return "zip";
  if (starts(0x25, 0x50, 0x44, 0x46)) return "pdf";
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return "xls";
  if (starts(0x1f, 0x8b)) return "gzip";
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46, 0x38)) return "image";
  return null;
}

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be";
export type DecodedText = { ok: true; text: string; encoding: TextEncodingName } | { ok: false };

/**
 * A file's text. UTF-8 (with or without a byte-order mark), and with
 * `utf16` also UTF-16 as Windows programs write it (a byte-order mark; or,
 * without one, the zero bytes of plain Latin text in every other place).
 * Bytes that are not valid in the encoding, or a NUL (no character of a text
 * file, and one PostgreSQL cannot store), make it no text.
 */
export function decodeUploadText(bytes: Uint8Array, { utf16 = false }: { utf16?: boolean } = {}): DecodedText {
  let encoding: TextEncodingName = "utf-8";
  if (utf16) {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = "utf-16le";
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = "utf-16be";
    else if (bytes.length >= 4 && bytes.length % 2 === 0 && bytes[0] !== 0 && bytes[1] === 0 && bytes[3] === 0)
      encoding = "utf-16le";
    else if (bytes.length >= 4 && bytes.length % 2 === 0 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0)
      encoding = "utf-16be";
  }
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return { ok: false };
  }
  return text.includes("\u0000") ? { ok: false } : { ok: true, text, encoding };
}
