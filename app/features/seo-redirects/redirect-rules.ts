import { z } from "zod";
import { canonicalPath } from "~/lib/canonical-url";

/**
 * What a redirect may be, shared by the staff form (browser) and the server:
 * plain code, no `.server` import, so components can read the limits.
 */

/** Longer paths are not redirected from, and not kept by the 404 monitor (scanners send kilobytes). */
export const PATH_MAX = 512;
export const TARGET_MAX = 2000;
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/**
 * Paths a redirect may never start from: the staff area and its sign-in, the
 * JSON API, built assets and the files search engines and probes read. A
 * redirect there would lock staff out or break the site's own plumbing.
 */
const RESERVED_PREFIXES = ["/admin", "/api", "/assets/", "/images/"];
const RESERVED_PATHS = [
  "/auth",
  "/healthz",
  "/readyz",
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.ico",
  "/favicon.svg",
  "/apple-touch-icon.png",
  "/logo.svg",
  "/og-default.png",
];

/** Why a redirect may not start from this (normalised) path, or null. */
export function reservedPathReason(path: string): string | null {
  if (path === "/") return "The home page cannot be redirected.";
  if (path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.") || path === "/auth")
    return "Staff pages cannot be redirected.";
  if (path === "/api" || path.startsWith("/api/")) return "The site's API cannot be redirected.";
  if (path.endsWith(".data")) return "This is an address the site's pages use for their data.";
  if (RESERVED_PREFIXES.some((prefix) => path.startsWith(prefix)) || RESERVED_PATHS.includes(path))
    return "Files the site serves itself cannot be redirected.";
  return null;
}

/** A target as stored: a path of ours (query kept) or an absolute http(s) URL; null when neither. */
export function normaliseTarget(raw: string): { kind: "path" | "url"; value: string } | null {
  const value = raw.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) {
    try {
      const url = new URL(value, "http://x");
      return { kind: "path", value: canonicalPath(url.pathname) + url.search + url.hash };
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(value);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.username || url.password)
      return null;
    return { kind: "url", value: url.href };
  } catch {
    return null;
  }
}

/** The posted redirect form (create and edit); the server's checks against other redirects come after. */
export const redirectFormSchema = z.object({
  fromPath: z
    .string({ error: "Enter the old address, a path starting with /." })
    .trim()
    .min(1, "Enter the old address, a path starting with /.")
    .max(PATH_MAX, `Keep the path under ${PATH_MAX} characters.`),
  toTarget: z
    .string({ error: "Enter where it should go: a path such as /services, or a full https:// address." })
    .trim()
    .min(1, "Enter where it should go: a path such as /services, or a full https:// address.")
    .max(TARGET_MAX, `Keep the address under ${TARGET_MAX} characters.`),
  status: z.enum(["301", "302"], { error: "Choose permanent (301) or temporary (302)." }),
});
export type RedirectFormField = keyof z.infer<typeof redirectFormSchema>;
