/** Splits a full name at the first space: first word, then everything after it (spec §5). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(" ");
  if (space < 0) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export const GENERAL_INQUIRY = "General Inquiry";
/** The hero dropdown lists General Inquiry plus this many treatments (spec §9). */
export const HERO_SERVICE_LIMIT = 8;
