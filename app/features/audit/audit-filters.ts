import { staffPath } from "~/lib/staff-area";

/**
 * The audit page's filters live in the query string, so a filtered page can
 * be bookmarked and works without JavaScript. They hold ids and action names
 * only, never an e-mail address.
 */
export interface AuditFilters {
  action?: string;
  /** A user's id, or NO_ACCOUNT for entries with no signed-in account (an address typed at sign-in). */
  user?: string;
  page: number;
}

export const NO_ACCOUNT = "none";
export const AUDIT_PAGE_SIZE = 50;

/** The address of the audit page with these filters, on this page. */
export function auditPageHref(filters: Omit<AuditFilters, "page">, page: number): string {
  const params = new URLSearchParams();
  if (filters.action) params.set("action", filters.action);
  if (filters.user) params.set("user", filters.user);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${staffPath("audit")}?${query}` : staffPath("audit");
}
