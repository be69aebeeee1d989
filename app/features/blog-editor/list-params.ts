import { z } from "zod";
import type { ActiveFilter } from "~/components/staff/filter-form";
import { BLOG_ADMIN_PATH } from "~/lib/blog-paths";
import { hrefWith, readParams } from "~/lib/url-filters";
import { shownStatuses, statusLabels, type ShownStatus } from "./post-rules";

/**
 * The list's view, in the address (decision 0026): status, author and
 * reviewer (team members' slugs) and a search of titles and addresses. Post
 * titles are public words, never a patient's, so they may sit in a URL.
 */
const slugParam = z.string().regex(/^[a-z0-9-]{1,120}$/);
export const listParamSchemas = {
  status: z.enum(shownStatuses as [ShownStatus, ...ShownStatus[]]),
  author: slugParam,
  reviewer: slugParam,
  q: z.string().trim().min(1).max(100),
};

export interface ListFilters {
  status?: ShownStatus;
  author?: string;
  reviewer?: string;
  q?: string;
}

export function readListFilters(params: URLSearchParams): { filters: ListFilters; ignored: string[] } {
  const { values, ignored } = readParams(params, listParamSchemas);
  return { filters: values, ignored };
}

export const listHref = (filters: ListFilters) => hrefWith(BLOG_ADMIN_PATH, { ...filters });

export const hasListFilters = (filters: ListFilters) => Object.values(filters).some(Boolean);

/** The filters now on, each with the address of the list without it. */
export function listFilterChips(filters: ListFilters, names: Record<string, string>): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  const without = (key: keyof ListFilters) => listHref({ ...filters, [key]: undefined });
  if (filters.status) chips.push({ label: `Status: ${statusLabels[filters.status]}`, removeHref: without("status") });
  if (filters.author)
    chips.push({ label: `Author: ${names[filters.author] ?? filters.author}`, removeHref: without("author") });
  if (filters.reviewer)
    chips.push({ label: `Reviewer: ${names[filters.reviewer] ?? filters.reviewer}`, removeHref: without("reviewer") });
  if (filters.q) chips.push({ label: `Search: ${filters.q}`, removeHref: without("q") });
  return chips;
}
