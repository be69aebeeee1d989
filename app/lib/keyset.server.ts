/**
 * Keyset pagination's bookmark: the sort values and id of the last row of a
 * page, so the next page starts after it (`where (key, id) < (…)`) instead
 * of counting past every earlier row. The first page costs the same at any
 * table size. Opaque in the address (base64url of JSON), and checked when
 * read back: a cursor that does not parse is simply ignored.
 */
export type CursorValues = readonly (string | number | null)[];

export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

/** The values of a cursor made by encodeCursor, if it has `length` of them, each a string, number or null. */
export function decodeCursor(cursor: string, length: number): CursorValues | null {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(values) || values.length !== length) return null;
    const ok = values.every((v) => v === null || typeof v === "string" || typeof v === "number");
    return ok ? (values as CursorValues) : null;
  } catch {
    return null;
  }
}
