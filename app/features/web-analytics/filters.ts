import {
  DIMENSIONS,
  dimensionWords,
  FILTER_KEYS,
  goalByKey,
  METRICS,
  UNKNOWN_VALUE,
  type Dimension,
  type FilterKey,
  type Metric,
} from "./dimensions";

/**
 * The dashboard's filters as the address holds them (`?channel=Paid+Search&device=mobile`): one value
 * per key, combined with "and". Read leniently: a key we do not know is left alone (it may be the
 * range's), a value too long or a goal we do not know is dropped and named, so the page can say so.
 */
export type Filters = Partial<Record<FilterKey, string>>;

const MAX_VALUE = 300;

export function readFilters(params: URLSearchParams): { filters: Filters; ignored: string[] } {
  const filters: Filters = {};
  const ignored: string[] = [];
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value === null || value === "") continue;
    if (value.length > MAX_VALUE || (key === "goal" && !goalByKey(value))) ignored.push(key);
    else filters[key] = value;
  }
  return { filters, ignored };
}

export function hasFilters(filters: Filters): boolean {
  return Object.keys(filters).length > 0;
}

/** The chosen figure of the main chart (`?metric=`), visitors when none or unknown. */
export function readMetric(params: URLSearchParams): Metric {
  const value = params.get("metric");
  return (METRICS as readonly string[]).includes(value ?? "") ? (value as Metric) : "visitors";
}

/** The words for a stored value (its label where the server gave one); the unknown one reads as such. */
export function valueWords(dimension: Dimension, value: string, label?: string): string {
  if (label) return label;
  if (value !== "" && value !== UNKNOWN_VALUE) return value;
  if (dimension === "source" || dimension === "referrer") return "Direct / none";
  if (dimension.startsWith("utm_")) return "(not set)";
  return "Unknown";
}

/** A filter as a chip: "Channel is Paid Search". */
export function filterWords(key: FilterKey, value: string, label?: string): string {
  if (key === "goal") return `Completed ${goalByKey(value)?.name.toLowerCase() ?? value}`;
  return `${dimensionWords[key].one} is ${valueWords(key, value, label)}`;
}

export const isDimension = (key: string): key is Dimension => (DIMENSIONS as readonly string[]).includes(key);
