import type { z } from "zod";

/**
 * Filters that live in the address (decision 0026): a filtered view can be
 * bookmarked, shared with a colleague and reached again with the back
 * button, and it works without JavaScript (a GET form). Only choices and
 * dates go there, never a name, an e-mail or a phone number: those are
 * protected health information, and addresses end up in browser history
 * and logs.
 */

/** The schema of each parameter (each one optional). */
export type ParamSchemas = Record<string, z.ZodType>;

export type ParsedParams<S extends ParamSchemas> = { [K in keyof S]?: z.output<S[K]> };

/**
 * Reads the parameters a page understands. A value that does not parse (an
 * old bookmark, a hand-edited address) is left out and named in `ignored`,
 * so the page can say so instead of failing or guessing.
 */
export function readParams<S extends ParamSchemas>(
  params: URLSearchParams,
  schemas: S,
): { values: ParsedParams<S>; ignored: string[] } {
  const values: ParsedParams<S> = {};
  const ignored: string[] = [];
  for (const [name, schema] of Object.entries(schemas) as [keyof S & string, z.ZodType][]) {
    const raw = params.get(name);
    if (raw === null || raw === "") continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success) values[name] = parsed.data as z.output<S[typeof name]>;
    else ignored.push(name);
  }
  return { values, ignored };
}

type ParamValue = string | number | boolean | null | undefined;

/**
 * The address of `path` with these parameters: empty, false and undefined
 * ones are left out, so the same view always has the same address.
 */
export function hrefWith(path: string, params: Record<string, ParamValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    query.set(name, value === true ? "1" : String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
