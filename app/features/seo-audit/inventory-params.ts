import { z } from "zod";
import { SEO_PAGES_PATH } from "~/lib/seo-paths";
import { hrefWith, readParams } from "~/lib/url-filters";
import { isProblemCode, PROBLEMS, type ProblemCode } from "./problem-catalogue";
import { PAGE_KINDS, type PageKind } from "./site-paths";

/**
 * The inventory's view as it lives in the address (a bookmark, the back
 * button and a browser without JavaScript all work): the sort, the filters
 * and the page. Paths and codes only; nothing about a person is ever here.
 */

/** Every figure the inventory sorts by, and which way it sorts first (worst or biggest first). */
export const SORTS = {
  path: "asc",
  score: "asc",
  problems: "desc",
  status: "desc",
  titleChars: "desc",
  titleWidthPx: "desc",
  descriptionChars: "desc",
  descriptionWidthPx: "desc",
  h1Count: "desc",
  wordCount: "asc",
  linksIn: "asc",
  linksOut: "desc",
  imagesWithoutAlt: "desc",
  lcp: "desc",
  lastModified: "desc",
} as const;
export type InventorySort = keyof typeof SORTS;
export type SortDirection = "asc" | "desc";

export const SORT_WORDS: Record<InventorySort, string> = {
  path: "address",
  score: "score",
  problems: "problems",
  status: "answer",
  titleChars: "title length",
  titleWidthPx: "title width",
  descriptionChars: "description length",
  descriptionWidthPx: "description width",
  h1Count: "main headings",
  wordCount: "words",
  linksIn: "links in",
  linksOut: "links out",
  imagesWithoutAlt: "images without alt text",
  lcp: "speed (LCP)",
  lastModified: "last changed",
};

export const PAGE_SIZE = 50;
const SEARCH_MAX = 100;

const schemas = {
  sort: z.enum(Object.keys(SORTS) as [InventorySort, ...InventorySort[]]),
  dir: z.enum(["asc", "desc"]),
  indexable: z.enum(["yes", "no"]),
  problems: z.enum(["any", "none"]),
  problem: z.string().refine(isProblemCode),
  kind: z.enum(Object.keys(PAGE_KINDS) as [PageKind, ...PageKind[]]),
  q: z.string().trim().min(1).max(SEARCH_MAX),
  page: z.coerce.number().int().min(1).max(1000),
};

export interface InventoryFilters {
  indexable?: "yes" | "no";
  problems?: "any" | "none";
  problem?: ProblemCode;
  kind?: PageKind;
  /** Part of the address (path) to look for. */
  q?: string;
}

export interface InventoryView {
  filters: InventoryFilters;
  sort: InventorySort;
  dir: SortDirection;
  page: number;
  ignored: string[];
}

const FILTER_NAMES = ["indexable", "problems", "problem", "kind", "q"] as const;

export function readInventoryView(params: URLSearchParams): InventoryView {
  const { values, ignored } = readParams(params, schemas);
  const { sort = "path", dir, page = 1, problem, ...rest } = values;
  return {
    filters: { ...rest, ...(problem ? { problem: problem as ProblemCode } : {}) },
    sort,
    dir: dir ?? SORTS[sort],
    page,
    ignored,
  };
}

export const hasFilters = (filters: InventoryFilters) => FILTER_NAMES.some((name) => filters[name] !== undefined);

/** The filters as address parameters (also the CSV's). */
export function filterParams(filters: InventoryFilters): Record<string, string | undefined> {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, filters[name]]));
}

/** The inventory with these filters, this sort and this page (the defaults left out of the address). */
export function inventoryHref(
  filters: InventoryFilters,
  sort: InventorySort = "path",
  dir: SortDirection = SORTS[sort],
  page = 1,
  path = SEO_PAGES_PATH,
): string {
  return hrefWith(path, {
    ...filterParams(filters),
    sort: sort === "path" ? undefined : sort,
    dir: dir === SORTS[sort] ? undefined : dir,
    page: page === 1 ? undefined : page,
  });
}

export const INDEXABLE_WORDS = { yes: "Can be found in search", no: "Cannot be found in search" } as const;
export const PROBLEMS_WORDS = { any: "With problems", none: "Without problems" } as const;

/** The filters now on, in words, each with the address of the list without it. */
export function activeFilterChips(view: InventoryView): { label: string; removeHref: string }[] {
  const { filters, sort, dir } = view;
  const words: Record<(typeof FILTER_NAMES)[number], (value: string) => string> = {
    indexable: (v) => INDEXABLE_WORDS[v as "yes" | "no"],
    problems: (v) => PROBLEMS_WORDS[v as "any" | "none"],
    problem: (v) => `Problem: ${PROBLEMS[v as ProblemCode].title}`,
    kind: (v) => `Kind: ${PAGE_KINDS[v as PageKind]}`,
    q: (v) => `Address contains “${v}”`,
  };
  return FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    if (value === undefined) return [];
    return [{ label: words[name](value), removeHref: inventoryHref({ ...filters, [name]: undefined }, sort, dir) }];
  });
}

/** The header link of a sortable column: the other direction when already sorted by it. */
export function sortLink(view: InventoryView, column: InventorySort) {
  const current = view.sort === column ? (view.dir === "asc" ? "ascending" : "descending") : "none";
  const dir: SortDirection = view.sort === column ? (view.dir === "asc" ? "desc" : "asc") : SORTS[column];
  return { href: inventoryHref(view.filters, column, dir), current } as const;
}
