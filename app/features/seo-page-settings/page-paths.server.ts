import { normalisePath } from "~/lib/site-path";
import { PAGE_PATH_MAX } from "./settings-rules";

/**
 * The page a settings address names (`?path=`, the form's `path`), in the
 * one form the settings are keyed by, or why it can have no settings. Only
 * public pages may: the staff area and its sign-in, the API and the site's
 * data requests never appear in search results. Whether the page exists is
 * asked of the site itself afterwards (page-readout.server.ts).
 */
export function pagePathOf(raw: string): { path: string } | { problem: string } {
  const path = raw.length <= PAGE_PATH_MAX ? normalisePath(raw) : null;
  if (path === null)
    return { problem: "Enter the address of a page of this site: a path starting with /, such as /adhd." };
  if (path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.") || path === "/auth")
    return { problem: "Staff pages have no search settings: search engines are never let in." };
  if (path === "/api" || path.startsWith("/api/"))
    return { problem: "The site's API answers programs, not people: it has no search settings." };
  if (path.endsWith(".data")) return { problem: "This is an address the site's pages use for their data, not a page." };
  return { path };
}
