import { iso31662 } from "iso-3166/2";

// DB-IP names a location's first-level subdivision in English ("Florida",
// "Île-de-France"), not by code; the dashboard groups and filters by ISO
// 3166-2 codes ("US-FL"), which wooorm's iso-3166 lists with their names.
// Names are compared without case, accents or punctuation; a name the list
// does not have (another spelling, a lower level) gives null, i.e. unknown.

function normalize(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

let byName: Map<string, string> | undefined;

function table(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  // Top-level subdivisions first, so that a lower level of the same name
  // (a department named like its region) never shadows them.
  const sorted = [...iso31662].sort((a, b) => Number(a.parent.includes("-")) - Number(b.parent.includes("-")));
  for (const { code, name } of sorted) {
    const key = `${code.slice(0, 2)}\0${normalize(name)}`;
    if (!byName.has(key)) byName.set(key, code);
  }
  return byName;
}

/** The ISO 3166-2 code of a country's subdivision named `name` ("US", "Florida" → "US-FL"), or null. */
export function subdivisionCode(country: string, name: string): string | null {
  return table().get(`${country}\0${normalize(name)}`) ?? null;
}
