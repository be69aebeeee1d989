import { iso31662 } from "iso-3166/2";
import type { Dimension } from "./dimensions";

const countries = new Intl.DisplayNames(["en"], { type: "region" });
let subdivisions: Map<string, string> | undefined;

/**
 * What a stored value reads as, where the code is not words: a country's
 * name for "US", a state's for "US-FL" (undefined: the value reads as it is).
 */
export function valueLabel(dimension: Dimension, value: string): string | undefined {
  if (!value) return undefined;
  if (dimension === "country") {
    try {
      return countries.of(value) ?? undefined;
    } catch {
      return undefined;
    }
  }
  if (dimension === "region") {
    subdivisions ??= new Map(iso31662.map((s) => [s.code, s.name]));
    const name = subdivisions.get(value);
    if (!name) return undefined;
    return value.startsWith("US-") ? name : `${name} (${countries.of(value.slice(0, 2)) ?? value.slice(0, 2)})`;
  }
  return undefined;
}
